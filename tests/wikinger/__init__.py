"""Wikinger plugin tests."""

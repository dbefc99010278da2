"""Tests of the jorvik game plugin."""

"""Rules summary and action syntax."""

RULES_TEXT = "Wikinger"

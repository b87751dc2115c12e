"""Tournaments and leagues: events whose tables are made, paired and scored by a format."""

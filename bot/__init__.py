"""The Discord bot: its runtime (settings, start-up, the store, the game in play)."""

__version__ = "0.2.0"  # the release (CHANGELOG.md); pyproject.toml reads it from here

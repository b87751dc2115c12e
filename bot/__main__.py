"""`python -m bot`: start the Discord bot from the settings in the environment / `.env`."""

from __future__ import annotations

import sys

from bot.config import ConfigError, load_settings


def main() -> int:
    try:
        settings = load_settings()
    except ConfigError as error:
        print(f"seepbot: {error}", file=sys.stderr)
        return 2
    print(
        "seepbot: settings read "
        f"({settings!r}); the Discord client is not part of this version yet — "
        "try the rules engine with: python -m engine play",
        file=sys.stderr,
    )
    return 1


if __name__ == "__main__":
    sys.exit(main())

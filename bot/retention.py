"""How long a server keeps its deal records (the /settings choice; default: keep)."""

from __future__ import annotations

from collections.abc import Mapping

from bot.i18n import N_

# The choices are shown translated (marked here); their English names are what is stored.
RETENTION = {
    N_("keep"): 0, N_("1 year"): 365 * 86400, N_("90 days"): 90 * 86400,
    N_("30 days"): 30 * 86400,
}  # fmt: skip
DEFAULT = "keep"


def records_kept_after(settings: Mapping[str, object], now: float) -> float | None:
    """The time before which a server's deal records go (None: they are kept)."""
    chosen = settings.get("records", DEFAULT)
    seconds = RETENTION.get(chosen, 0) if isinstance(chosen, str) else 0
    return now - seconds if seconds else None

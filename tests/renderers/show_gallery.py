"""Every gallery image in every language, as a phone shows it (run by hand, not a test):

    python -m tests.renderers.show_gallery OUTDIR [language ...]

For each language (all of the bot's by default) the gallery (`renderers.gallery`, every game
at every table size, the hands, summaries, recaps, boards, lessons and reviews) is drawn with
its words in that language: `OUTDIR/<code>/<name>.png` as the bot sends it, and
`OUTDIR/<code>-400/<name>.png` scaled to a phone's 400 px (Pillow, LANCZOS), to look at.
`OUTDIR/report.txt` has a line per image: its size, its smallest label's height at 400 px and
every text shortened to fit (only names may be)."""

from __future__ import annotations

import sys
from pathlib import Path

from PIL import Image

from bot.i18n import LANGUAGES, catalogue
from engine.words import translating
from renderers.draw import to_png
from renderers.gallery import gallery_makers
from renderers.text import recording_text

PHONE_WIDTH = 400


def write(out: Path, code: str) -> list[str]:
    """The gallery in language `code`, written under `out`; a report line per image."""
    full, small = out / code, out / f"{code}-{PHONE_WIDTH}"
    full.mkdir(parents=True, exist_ok=True)
    small.mkdir(exist_ok=True)
    lines = []
    with translating(catalogue(code)):
        for name, make in gallery_makers().items():
            with recording_text() as recording:
                image = make()
            (full / f"{name}.png").write_bytes(to_png(image))
            scale = PHONE_WIDTH / image.width
            phone = image.convert("RGB").resize(
                (PHONE_WIDTH, round(image.height * scale)), Image.Resampling.LANCZOS
            )
            phone.save(small / f"{name}.png")
            lowest = min((label.height for label in recording.labels), default=0) * scale
            cuts = "; ".join(f"{c.text!r} → {c.shown!r}" for c in recording.cuts)
            lines.append(f"{code} {name} {image.width}×{image.height} "
                         f"smallest label {lowest:.1f} px · cut: {cuts or '-'}")  # fmt: skip
    return lines


def main(argv: list[str]) -> int:
    if not argv or argv[0].startswith("-"):
        print(__doc__)
        return 0 if argv[:1] in (["-h"], ["--help"]) else 2
    out = Path(argv[0])
    lines = [line for code in argv[1:] or sorted(LANGUAGES) for line in write(out, code)]
    (out / "report.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"{len(lines)} images in {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

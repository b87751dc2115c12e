"""`python -m renderers.gallery OUTDIR`: a sample of every image, from positions in the
engine's notation and from seeded games."""

from __future__ import annotations

import random
import sys
from pathlib import Path

from PIL import Image

from engine.cards import parse_cards
from engine.core import PUBLIC, GameState
from engine.games import match_from_position, new_match
from engine.pictures import TrickSeat, TrickTable
from renderers import hand, summary, table, tricks
from renderers.draw import to_png
from renderers.theme import DEFAULT_THEME, Theme

FOUR = ["Asha", "Dev", "Ravi", "Mira"]
SAMOAN = ["Sina", "Tavita", "Losa", "Malia"]

SEEP_POSITIONS = {
    "empty-floor": "seep | dealer: 0 | play: 21 | turn: 2 | hand 0: 3C 9H | hand 1: 4D KS"
    " | hand 2: 5S 7H | hand 3: JC 2D | taken 1: 5C 5D 9S | sweeps 1: 50 | last: 1",
    "bid": "seep | dealer: 3 | play: 0 | floor: 2S 9S JC KD | hand 0: 7H 8C 8D JD",
    "first-play-after-bid": "seep | dealer: 3 | play: 0 | bid: 11 | floor: 2S 9S JC KD"
    " | hand 0: 7H 8C 8D JD",
    "crowded-floor-three-houses": "seep | dealer: 0 | play: 30 | turn: 1"
    " | floor: AS AH AC 2S 2H 3S 3H 3D 4S 4H 5S 5H 6S 6H 7C 8D"
    " | house 10: 4C 6C @0 | house 12*: 5C 7S QD @2 | house 13: 6D 7D @3"
    " | hand 0: 10S | hand 2: QC | hand 3: KC | hand 1: 2C 9C JS",
    "cemented-house-two-owners": "seep | dealer: 1 | play: 14 | turn: 3 | floor: 3C 8H"
    " | house 11*: 5D 6C JH @0 1 | hand 0: JS 4D | hand 1: JC 2S | hand 3: 9D KH",
}
SUIPE_THREE = (
    "suipe players=3 | dealer: 0 | turn: 1 | play: 5 | floor: AC 7D QH 4S"
    " | build 8: 3C 5D @2 | build 9*: 4D 5S 9H @0 | hand 0: 8C 9C 2H 6D 3S"
    " | hand 1: 8S 9S 2D KD 10C | hand 2: 5H 6S 7S JC 10H"
)


# A trick table of six seats, drawn from its picture alone (no game needed).
SIX = ["Asha", "Dev", "Ravi", "Mira", "Sina", "Tavita"]
TRICK = TrickTable(
    title="Tricks · hand 2 · Ravi deals",
    seats=tuple(
        TrickSeat(name, seat % 2, 5 - (seat < 3), seat == 2, seat == 3, f"{seat} tricks")
        for seat, name in enumerate(SIX)
    ),
    clockwise=True,
    trick=tuple(zip((0, 1, 2), parse_cards("QC JD AH"), strict=True)),
    winning=0,
    trump="Trump: ♦",
    notes=("6 in stock",),
    last_play="Ravi: A♥",
    score_lines=("Asha, Ravi & Sina 40", "Dev, Mira & Tavita 21"),
)


def _played(match: GameState, seed: int, deals: int) -> GameState:
    rng = random.Random(seed)
    while not match.is_terminal and match.deals_finished < deals:
        match.apply(rng.choice(match.legal_actions()))
    return match


def gallery_images(theme: Theme = DEFAULT_THEME) -> dict[str, Image.Image]:
    """Every kind of image, by name (also the colour sample for `renderers.palette`)."""
    images: dict[str, Image.Image] = {}
    for name, text in SEEP_POSITIONS.items():
        match = match_from_position(text)
        images[f"seep-{name}"] = table.render(match.view(PUBLIC), FOUR, theme)
    bid = match_from_position(SEEP_POSITIONS["bid"])
    images["seep-hand-bid"] = hand.render(bid.view(0), theme)
    two = _played(new_match("seep", 4, players=2), 4, 0)
    for _ in range(30):
        two.apply(two.legal_actions()[len(two.legal_actions()) // 2])
    images["seep-two-player"] = table.render(two.view(PUBLIC), ["रवि Ravi", "પ્રિયા 🌺"], theme)
    three = match_from_position(SUIPE_THREE)
    images["suipe-three-players-builds"] = table.render(three.view(PUBLIC), SAMOAN[:3], theme)
    images["suipe-hand"] = hand.render(three.view(1), theme)
    deal_end = _played(new_match("seep", 9, baazis=3), 9, 1)
    images["seep-end-of-deal"] = summary.render(deal_end.view(PUBLIC), FOUR, theme)
    match_summary = _played(new_match("seep", 12, baazis=3), 12, 6)
    images["seep-match-summary"] = summary.render(match_summary.view(PUBLIC), FOUR, theme)
    suipe_end = _played(new_match("suipe", 3, players=4), 3, 2)
    images["suipe-match-summary"] = summary.render(suipe_end.view(PUBLIC), SAMOAN, theme)
    images["tricks-six-seats"] = tricks.render(TRICK, theme)
    return images


def write_gallery(out: Path) -> list[Path]:
    """The gallery as the bot sends it: PNG files through the theme's palette."""
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for name, image in gallery_images().items():
        path = out / f"{name}.png"
        path.write_bytes(to_png(image))
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m renderers.gallery OUTDIR", file=sys.stderr)
        return 2
    for path in write_gallery(Path(args[0])):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""`python -m renderers.gallery OUTDIR`: a sample of every image (`--palette`: write the
default theme's shipped palette, learned from these images), from positions in the
engine's notation and from seeded games, in English (`python -m tests.renderers.show_gallery
OUTDIR` draws it in every language, with copies at a phone's 400 px)."""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import Any

from PIL import Image

from engine import registry
from engine.cards import parse_cards
from engine.core import PUBLIC, AnyGame
from engine.games import match_from_position, new_match
from engine.pictures import TrickSeat, TrickTable, default_names
from renderers import (
    hand,
    leaderboard,
    legend,
    lesson,
    recap,
    review,
    summary,
    table,
    tournament,
    tricks,
)
from renderers.draw import to_png
from renderers.leaderboard import BoardModel, BoardRow
from renderers.model import table_model
from renderers.palette import COLOURS, SHIPPED, theme_colours, use_learned, with_learned
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


LONG_NAMES = ["Dev Kumar Sharma", "Computer 2", "रवि Ravi", "પ્રિયા 🌺", "Sina Tavita", "Mira"]

BOARD = BoardModel(
    title="Seep leaderboard · by baazis",
    subtitle="This month · 34 players",
    rows=tuple(
        BoardRow(place, name, f"{33 - 3 * place} baazis", "12 games · 58% won", place == 3)
        for place, name in enumerate([*FOUR, *LONG_NAMES], 1)
    ),
    own=BoardRow(14, "Losa", "3 baazis", "4 games · 25% won", True),
    footer="page 1 of 4",
)
RECENT = [("win", 24), ("loss", -12), ("draw", 0), ("win", 100), ("loss", -60)] * 2


def _played(match: AnyGame, seed: int, deals: int) -> AnyGame:
    rng = random.Random(seed)
    while not match.is_terminal and match.deals_finished < deals:
        match.apply(rng.choice(match.legal_actions()))
    return match


def part_played(match: AnyGame, seed: int, moves: int) -> AnyGame:
    rng = random.Random(seed)
    for _ in range(moves):
        if match.is_terminal or match.deals_finished:
            break
        match.apply(rng.choice(match.legal_actions()))
    return match


Maker = Callable[[], Image.Image]


def _continued_trick(players: int, game: str = "sedma") -> Any:
    """A Sedma trick in its third round (a Hola trick fought over): every round's card shown."""
    for seed in range(200):
        match = new_match(game, seed, players=players)
        rng = random.Random(seed)
        for _ in range(60):
            if match.is_terminal or match.deals_finished:
                break
            view: Any = match.view(PUBLIC)  # Sedma's or Hola's own view
            if view.round >= 3 or view.held_tricks:
                return view
            actions = match.legal_actions()
            again = [a for a in actions if a.notation not in ("stop",) and view.phase == "decide"]
            match.apply(again[0] if again else rng.choice(actions))
    return match.view(PUBLIC)


def _to_move(match: AnyGame, seed: int, moves: int) -> AnyGame:
    """Part-way through the first deal, stopped where a player has a card to play (so the
    hand image shows which cards are playable)."""
    match = part_played(match, seed, moves)
    rng = random.Random(seed + 1)
    for _ in range(40):
        if match.is_terminal or match.deals_finished:
            break
        if any(getattr(a, "card", None) is not None for a in match.legal_actions()):
            break
        match.apply(rng.choice(match.legal_actions()))
    return match


def _after_trick(match: AnyGame, seed: int) -> AnyGame:
    """Just after a trick was taken (the taken trick still on the table), if the game has
    tricks; else as it stands."""
    rng = random.Random(seed)
    for _ in range(200):
        picture = match.view(PUBLIC).picture(default_names(match.num_players))
        if isinstance(picture, TrickTable) and picture.last_trick and not picture.trick:
            return match
        if match.is_terminal or match.deals_finished:
            break
        match.apply(rng.choice(match.legal_actions()))
    return match


def game_makers(
    names: Sequence[str], theme: Theme = DEFAULT_THEME, prefix: str = ""
) -> dict[str, Maker]:
    """Each registered game at each table size: the public table part-way through a deal, the
    same table as seat 1 sees it (their seat at the bottom), seat 1's hand on their turn, the
    table just after a trick was taken, the last trick on its own, the summary after the first
    deal and the recap of a whole match."""
    makers: dict[str, Maker] = {}
    for spec in registry.games():
        for players in spec.allowed_seats:
            name = f"{prefix}{spec.name}-{players}p"
            seated = list(names[:players])
            middle = _to_move(new_match(spec.name, 7, players=players), 7, 6 * players)
            public = middle.view(PUBLIC)
            mover = middle.current_player if middle.current_player is not None else 1
            own = middle.view(mover)
            ended = _played(new_match(spec.name, 5, players=players), 5, 1).view(PUBLIC)
            whole = _played(new_match(spec.name, 5, players=players), 5, 14).view(PUBLIC)
            makers[f"{name}-table"] = partial(table.render, public, seated, theme)
            makers[f"{name}-seat-1-table"] = partial(
                table.render_picture, public.picture(seated), theme, 1
            )
            makers[f"{name}-cards-table"] = partial(
                table.render_cards, public.picture(seated), theme
            )  # as a layout message shows it, its words beside it in text
            makers[f"{name}-hand"] = partial(hand.render, own, theme)
            makers[f"{name}-summary"] = partial(summary.render, ended, seated, theme)
            recap_of = getattr(whole, "recap_picture", None)  # optional for a game
            if recap_of is not None:
                makers[f"{name}-recap"] = partial(recap.render_recap, recap_of(seated), theme)
            taken = _after_trick(new_match(spec.name, 8, players=players), 8).view(PUBLIC)
            picture = taken.picture(seated)
            if isinstance(picture, TrickTable) and picture.last_trick:
                makers[f"{name}-trick-taken"] = partial(tricks.render, picture, theme)
                now = public.picture(seated)
                last = tricks.last_trick_picture(now) if isinstance(now, TrickTable) else None
                if last is not None:
                    makers[f"{name}-last-trick"] = partial(tricks.render, last, theme)
    return makers


def _lesson(theme: Theme, hand_only: bool) -> Image.Image:
    """A /rules example: the table before a move, the move, the table after it; or a hand with
    the card to play marked, above the move."""
    match = match_from_position(SEEP_POSITIONS["first-play-after-bid"])
    action = match.legal_actions()[-1]
    move = f"{FOUR[0]}: {match.describe(action)}"
    if hand_only:
        own = partial(hand.render, match.view(0), theme, action.card)
        return lesson.render(lesson.LessonPicture(own, move), theme)
    before_table = partial(table.render, match.view(PUBLIC), FOUR, theme)  # as /rules draws it
    before = partial(lesson.floor_of, before_table, theme)
    match.apply(action)
    after_table = partial(table.render, match.view(PUBLIC), FOUR, theme)
    after = partial(lesson.floor_of, after_table, theme, table.footer_band(theme))
    words = lesson.LessonPicture(before, move, after, "Before the move", "After the move")
    return lesson.render(words, theme)


RESULTS = tournament.ResultsModel(
    title="Friday Swiss · Seep",
    subtitle="Swiss · 5 rounds · final results",
    place_label="#",
    name_label="Player",
    score_label="Points",
    tiebreak_labels=("Buchholz", "Sonneborn–Berger"),
    rows=tuple(
        tournament.ResultRow(place, name, score, tiebreaks, highlight=place == 4)
        for place, name, score, tiebreaks in (
            (1, "Maximiliano Wolfgang Mendelssohn", "4½", ("14", "12¼")),
            (2, "रवि Ravi", "4", ("15½", "11")),
            (3, "પ્રિયા 🌺", "3½", ("13", "9¾")),
            (4, "Dev Kumar Sharma", "3½", ("11", "8½")),
            (5, "Sina Tavita", "2", ("12", "4")),
            (6, "Mira", "1½", ("13½", "2¼")),
            (7, "Computer 2", "1", ("12", "1")),
        )
    ),
    footer="7 players · 15 matches",
)


# Eleven players by seed: the top five start with a bye (seeds 1 and 16, 8 and 9, … meet)
_SEEDS = ["", "Maximiliano Wolfgang Mendelssohn", *LONG_NAMES, "Tavita", "Losa", "Malia", "Asha"]


def _tie(top: tuple[int, str, bool], bottom: tuple[int, str, bool]) -> tournament.BracketTie:
    def side(seed: int, score: str, won: bool) -> tournament.BracketSide:
        return tournament.BracketSide(_SEEDS[seed] if seed > 0 else "bye" if seed < 0 else "",
                                      score, won)  # fmt: skip

    return tournament.BracketTie(side(*top), side(*bottom))


_BYE, _OPEN = (-1, "", False), (0, "", False)
BRACKET = tournament.BracketModel(
    title="Seep knockout",
    subtitle="Knockout · best of 3 · 11 players",
    round_names=("Round of 16", "Quarter-finals", "Semi-finals", "Final"),
    rounds=(
        (
            _tie((1, "", True), _BYE), _tie((8, "2", True), (9, "1", False)),
            _tie((4, "", True), _BYE), _tie((5, "", True), _BYE),
            _tie((2, "", True), _BYE), _tie((7, "2", True), (10, "0", False)),
            _tie((3, "", True), _BYE), _tie((6, "1", False), (11, "2", True)),
        ),
        (
            _tie((1, "1", False), (8, "0", False)), _tie((4, "1", False), (5, "1", False)),
            _tie((2, "0", False), (7, "0", False)), _tie((3, "2", True), (11, "0", False)),
        ),
        (_tie(_OPEN, _OPEN), _tie(_OPEN, (3, "", False))),
        (_tie(_OPEN, _OPEN),),
    ),
)  # fmt: skip
FINAL = tournament.BracketModel(
    title="Sedma knockout",
    subtitle="Knockout · best of 1 · 4 pairs",
    round_names=("Semi-finals", "Final"),
    rounds=(
        (
            tournament.BracketTie(
                tournament.BracketSide("Asha & Dev", "1", True),
                tournament.BracketSide("Ravi & Mira", "0"),
            ),
            tournament.BracketTie(
                tournament.BracketSide("Sina & Tavita", "½"),
                tournament.BracketSide("Maximiliano & Wolfgang", "1½", True),
            ),
        ),
        (
            tournament.BracketTie(
                tournament.BracketSide("Asha & Dev", "1", True),
                tournament.BracketSide("Maximiliano & Wolfgang", "0"),
            ),
        ),
    ),
    champion="Asha & Dev",
    champion_label="Champions",
)


def _review_decision(theme: Theme) -> Image.Image:
    """A review's flagged decision: the table as the seat saw it, its hand with the move made
    and the better one framed, and the floor each leaves."""
    position = SEEP_POSITIONS["cemented-house-two-owners"]
    match = match_from_position(position)
    actions = [a for a in match.legal_actions() if a.card is not None]
    played, best = actions[0], actions[-1]
    own = match.view(3)

    def after(action: Any) -> Any:  # as bot.review_pictures draws it
        moved = match_from_position(position)
        moved.apply(action)
        seen = table_model(moved.view(3), FOUR)
        return partial(lesson.floor_of, partial(table.render_picture, seen, theme, 3), theme)

    picture = review.DecisionPicture(
        title="Move 2 · big loss",
        before=partial(lesson.trimmed_table,
                       partial(table.render_picture, table_model(own, FOUR), theme, 3), theme),
        hand=own.hand_picture(),
        played_cards={card for card in (played.card,) if card is not None},
        best_cards={card for card in (best.card,) if card is not None},
        played=f"Yours: {match.describe(played)} (−24.5)",
        played_after=after(played),
        best=f"Better: {match.describe(best)} (+3.0)",
        best_after=after(best),
    )
    return review.render_decision(picture, theme)


CHART_FIGURES = ((2, -4.0, 3.0), (6, 5.5, 6.0), (10, -20.0, 8.5), (14, 12.0, 12.0),
                 (18, 30.0, 31.5), (22, 28.0, 28.0))  # fmt: skip
REVIEW_CHART = review.ChartModel(
    title="Your figures over deal 12",
    played_label="your choice",
    best_label="the best choice",
    axis="move",
    points=tuple(
        review.ChartPoint(step, played, best, best - played > 10)
        for step, played, best in CHART_FIGURES
    ),
    labels=("+31,5", "0", "−20,0"),
    top=31.5,
    bottom=-20.0,
)


def _every_game(theme: Theme) -> dict[str, Maker]:
    return game_makers(LONG_NAMES, theme)


def gallery_makers(theme: Theme = DEFAULT_THEME) -> dict[str, Maker]:
    """Every kind of image, by name: its game set up now, drawn when its maker is called (the
    render benchmark times the drawing alone)."""
    makers: dict[str, Maker] = {}
    for name, text in SEEP_POSITIONS.items():
        view = match_from_position(text).view(PUBLIC)
        makers[f"seep-{name}"] = partial(table.render, view, FOUR, theme)
    bid = match_from_position(SEEP_POSITIONS["bid"])
    makers["seep-hand-bid"] = partial(hand.render, bid.view(0), theme)
    two = _played(new_match("seep", 4, players=2), 4, 0)
    for _ in range(30):
        two.apply(two.legal_actions()[len(two.legal_actions()) // 2])
    makers["seep-two-player"] = partial(
        table.render, two.view(PUBLIC), ["रवि Ravi", "પ્રિયા 🌺"], theme
    )
    three = match_from_position(SUIPE_THREE)
    makers["suipe-three-players-builds"] = partial(
        table.render, three.view(PUBLIC), SAMOAN[:3], theme
    )
    makers["suipe-hand"] = partial(hand.render, three.view(1), theme)
    deal_end = _played(new_match("seep", 9, baazis=3), 9, 1)
    makers["seep-end-of-deal"] = partial(summary.render, deal_end.view(PUBLIC), FOUR, theme)
    match_end = _played(new_match("seep", 12, baazis=3), 12, 6)
    makers["seep-match-summary"] = partial(summary.render, match_end.view(PUBLIC), FOUR, theme)
    suipe_end = _played(new_match("suipe", 3, players=4), 3, 2)
    makers["suipe-match-summary"] = partial(summary.render, suipe_end.view(PUBLIC), SAMOAN, theme)
    makers["tricks-six-seats"] = partial(tricks.render, TRICK, theme)
    makers["sedma-continued-trick"] = partial(
        tricks.render, _continued_trick(4).picture(FOUR), theme
    )
    makers["hola-fight"] = partial(tricks.render, _continued_trick(2, "hola").picture(FOUR), theme)
    # the German-suited (mariáš) pack: hearts, leaves, acorns and bells
    mariage = _to_move(new_match("sedma", 6, players=4, german_suits=True), 6, 3)
    mariage_view: Any = mariage.view(PUBLIC)  # Sedma's own view: a trick table
    makers["sedma-german-suits-table"] = partial(tricks.render, mariage_view.picture(FOUR), theme)
    makers["sedma-german-suits-hand"] = partial(
        hand.render, mariage.view(mariage.current_player or 0), theme
    )
    # Sheepshead's tournament table of six, the dealer sitting the hand out, with long names
    out = _to_move(new_match("sheepshead", 5, players=6, dealer_out=True), 5, 8)
    makers["sheepshead-6p-dealer-out-table"] = partial(
        table.render, out.view(PUBLIC), LONG_NAMES, theme
    )
    makers["legend"] = partial(legend.render_legend, theme)
    makers["lesson-before-after"] = partial(_lesson, theme, False)
    makers["lesson-hand"] = partial(_lesson, theme, True)
    makers["leaderboard"] = partial(leaderboard.render, BOARD, theme)
    empty = BoardModel("Sedma leaderboard · by wins", "All time · 0 players", ())
    makers["leaderboard-empty"] = partial(leaderboard.render, empty, theme)
    makers["recent-results-chart"] = partial(
        leaderboard.render_chart, RECENT, "Dev Kumar Sharma · the last 10 matches", theme
    )
    makers["tournament-results"] = partial(tournament.render_results, RESULTS, theme)
    makers["tournament-bracket"] = partial(tournament.render_bracket, BRACKET, theme)
    makers["tournament-bracket-final"] = partial(tournament.render_bracket, FINAL, theme)
    makers["review-decision"] = partial(_review_decision, theme)
    makers["review-chart"] = partial(review.render_chart, REVIEW_CHART, theme)
    makers |= _every_game(theme)
    return makers


def gallery_images(theme: Theme = DEFAULT_THEME) -> dict[str, Image.Image]:
    """Every kind of image, by name (also the colour sample for `renderers.palette`)."""
    return {name: make() for name, make in gallery_makers(theme).items()}


def learned_palette(theme: Theme) -> list[int]:
    """The theme's colours, then colours learned from the gallery: 768 channel values."""
    exact = theme_colours(theme)
    samples = list(gallery_images(theme).values())
    width = max(image.width for image in samples)
    atlas = Image.new("RGB", (width, sum(image.height for image in samples)), theme.felt)
    top = 0
    for image in samples:
        atlas.paste(image.convert("RGB"), (0, top))
        top += image.height
    learned = atlas.quantize(COLOURS - len(exact), method=Image.Quantize.FASTOCTREE)
    learned_colours = learned.getpalette()[: 3 * (COLOURS - len(exact))]  # type: ignore[index]
    return with_learned(theme, learned_colours)


def learn_palette(theme: Theme) -> list[int]:
    """Learn `theme`'s palette from the gallery; its images use it from now on."""
    flat = learned_palette(theme)
    use_learned(theme, flat)
    return flat


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
    if args == ["--palette"]:  # the default theme's palette, shipped with the renderers
        SHIPPED.write_bytes(bytes(learned_palette(DEFAULT_THEME)))
        print(SHIPPED)
        return 0
    usage = "usage: python -m renderers.gallery OUTDIR | --palette"
    if args in (["-h"], ["--help"]):
        print(f"{usage}\n\n{__doc__}")
        return 0
    if len(args) != 1 or args[0].startswith("-"):  # not an option taken for a folder's name
        print(usage, file=sys.stderr)
        return 2
    for path in write_gallery(Path(args[0])):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())

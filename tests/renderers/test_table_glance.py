"""The table at a glance: the trick in front of its players, the taken trick kept in view, the
score a player needs from public facts only, the playable cards of a hand, the match recap."""

from __future__ import annotations

import copy
import itertools
import random

import pytest
from PIL import ImageStat

from engine import registry
from engine.core import PUBLIC
from engine.games import new_match
from engine.pictures import TrickTable
from renderers import gallery, hand, recap, table, tricks
from renderers.gallery import _after_trick, _continued_trick
from renderers.text import recording_text
from tests.engine.shared import played_at_random, redeal

NAMES = ["Asha", "Dev", "Ravi", "Mira", "Sina", "Tavita"]


def part_played(game: str, players: int, seed: int, moves: int):
    """A new match of `game`, `moves` random moves into its first deal."""
    return gallery.part_played(new_match(game, seed, players=players), seed, moves)


BUILT_IN = ("seep", "seep30", "suipe", "sedma", "hola", "sheepshead")  # games dealt as `deal`


def every_table():
    for spec in registry.games():
        if spec.name not in BUILT_IN:  # a plugged-in game keeps its cards its own way
            continue
        for players in spec.allowed_seats:
            for moves in (3 * players, 5 * players + 1):
                yield f"{spec.name}-{players}p-{moves}", spec.name, players, moves


def hidden_places(deal) -> list[list]:
    places = [hand for hand in deal.hands]
    for name in ("stock", "blind", "buried"):
        place = getattr(deal, name, None)
        if isinstance(place, list) and place:
            places.append(place)
    return places


@pytest.mark.parametrize(("name", "game", "players", "moves"), list(every_table()))
def test_public_images_do_not_change_when_hidden_cards_do(name, game, players, moves) -> None:
    """Hands, the stock, the blind and the bury shuffled among themselves: the public table
    (with its running score) and the last trick are the same bytes."""
    match = part_played(game, players, 11, moves)
    names = NAMES[:players]
    picture = match.view(PUBLIC).picture(names)
    before = table.render_picture_png(picture)
    last = tricks.render_last_trick_png(picture) if isinstance(picture, TrickTable) else None
    other = copy.copy(match)
    other.deal = match.deal.copy()
    redeal(hidden_places(other.deal), random.Random(5))
    if hasattr(other.deal, "changed"):
        other.deal.changed()
    assert any(a != b for a, b in zip(match.deal.hands, other.deal.hands, strict=True)), name
    moved = other.view(PUBLIC).picture(names)
    assert table.render_picture_png(moved) == before, name
    if isinstance(moved, TrickTable):
        assert tricks.render_last_trick_png(moved) == last, name


def test_every_round_of_a_continued_trick_is_drawn_in_full() -> None:
    view = _continued_trick(4)
    picture = view.picture(NAMES[:4])
    assert view.round >= 3 and len(picture.trick) > 4
    with recording_text() as recording:
        tricks.render(picture)
    corners = [label.text for label in recording.labels]
    for _, card in picture.trick:
        assert str(card) in corners
    layout = tricks.trick_layout(picture, tricks.DEFAULT_THEME)
    for player, slot in enumerate(layout.slots):  # each card whole beside the one under it
        count = sum(1 for p, _ in picture.trick if p == player)
        boxes = tricks.card_boxes(count, slot, slot[1] < layout.middle[1], layout)
        assert all(b[0] >= slot[0] and b[2] <= slot[2] for b in boxes)
        steps = [b[0] - a[0] for a, b in itertools.pairwise(boxes)]
        assert all(step >= tricks.index_width(layout.card_w) for step in steps)
    texts = [box.text for box in recording.boxes]
    winner = picture.seats[picture.winning].name
    assert f"★ {winner} wins the trick so far" in texts
    assert all(picture.seats[p].name in texts for p, _ in picture.trick)


@pytest.mark.parametrize("game", ["sedma", "hola", "sheepshead"])
def test_the_taken_trick_stays_until_the_next_lead_and_says_who_took_it(game: str) -> None:
    match = _after_trick(new_match(game, 8, players=4), 8)
    picture = match.view(PUBLIC).picture(NAMES[:4])
    assert not picture.trick and picture.last_trick and picture.last_taker is not None
    with recording_text() as recording:
        tricks.render(picture)
    corners = [label.text for label in recording.labels]
    assert all(str(card) in corners for _, card in picture.last_trick if card is not None)
    taker = picture.seats[picture.last_taker].name
    said = f"★ {taker} took the trick · {picture.last_points} points"
    assert said in [box.text for box in recording.boxes]
    assert "No card played yet" not in [box.text for box in recording.boxes]
    # once the next card is led the current trick shows, and the last one is a tap away
    rng = random.Random(1)
    match.apply(rng.choice(match.legal_actions()))
    led = match.view(PUBLIC).picture(NAMES[:4])
    assert led.trick and tricks.last_trick_picture(led) is not None
    assert tricks.last_trick_picture(led).last_trick == picture.last_trick


def test_sheepshead_shows_the_pickers_side_against_61_and_the_bury_unknown() -> None:
    for seed in range(40):
        view = part_played("sheepshead", 4, seed, 20).view(PUBLIC)
        if view.picker is not None and view.phase == "play" and sum(view.taken_points):
            break
    else:
        pytest.fail("no hand in play with a picker")
    line = view.picture(NAMES[:4]).score_lines[-1]
    own = view.taken_points[view.picker] + (
        view.taken_points[view.partner] if view.partner is not None else 0
    )
    assert f": {own} of 61" in line and "bury unknown" in line


def test_sedma_sides_see_their_tens_and_aces() -> None:
    match = part_played("sedma", 4, 3, 16)
    view = match.view(PUBLIC)
    lines = view.picture(NAMES[:4]).score_lines
    for side, line in enumerate(lines):
        count = sum(view.taken_points[p] for p in range(4) if p % 2 == side) // 10
        assert line.endswith(f"{count} tens and aces") or line.endswith(f"{count} ten or ace")


def test_the_hand_dims_cards_that_may_not_be_played_and_marks_trumps() -> None:
    for seed in range(60):  # a Sheepshead hand that must follow suit
        match = part_played("sheepshead", 4, seed, 9)
        seat = match.current_player
        view = match.view(seat)
        picture = view.hand_picture()
        if picture.playable is not None and not all(picture.playable) and any(picture.trumps):
            break
    else:
        pytest.fail("no hand with a card that may not be played")
    legal = {a.card for a in match.legal_actions()}
    assert picture.playable == tuple(card in legal for card in picture.cards)
    with recording_text() as recording:
        image = hand.render_picture(picture)
    assert f"Your hand · {sum(picture.playable)} of {len(picture.cards)} playable" in [
        box.text for box in recording.boxes
    ]
    assert "♛" in [box.text for box in recording.boxes]
    layout = hand.hand_layout(len(picture.cards), hand.DEFAULT_THEME)

    def brightness(box):
        middle = (box[0] + 4, box[1] + 60, box[0] + 20, box[1] + 80)  # card face, no ink
        return ImageStat.Stat(image.crop(middle).convert("L")).mean[0]

    for allowed, box in zip(picture.playable, layout.cards, strict=True):
        assert (brightness(box) > 200) == allowed


def test_the_recap_of_a_long_match_shows_the_last_deals_and_the_totals() -> None:
    match = played_at_random(new_match("seep", 4, baazis=3), 4)
    picture = match.view(PUBLIC).recap_picture(NAMES[:4])
    assert len(picture.rows) == match.deals_finished > recap.MAX_ROWS
    with recording_text() as recording:
        image = recap.render_recap(picture)
    texts = [box.text for box in recording.boxes]
    hidden = len(picture.rows) - recap.MAX_ROWS
    assert f"… {hidden} earlier deals" in texts
    assert picture.rows[-1].label in texts and picture.rows[0].label not in texts
    assert all(total in texts for total in picture.totals)
    assert picture.winner.split(" ")[0] in " ".join(texts)
    assert image.width == 800 and image.height < 2000


@pytest.mark.parametrize("count", [1, 8, 15, 16, 24, 32])
def test_a_summary_panel_shows_every_cards_whole_corner(count: int) -> None:
    """A side's taken cards overlap, but never so much that a "10" reads as "1": each card
    shows at least the corner's width beside the next, in as many rows as it takes."""
    from renderers.summary import CORNER_STEP, card_grid

    for width in (376, 776):  # a panel of two a row, and a panel alone
        rows, in_row, step = card_grid(count, width)
        assert in_row * rows >= count
        assert step >= CORNER_STEP


@pytest.mark.parametrize("game", ["sedma", "hola", "sheepshead"])
def test_the_last_trick_is_titled_and_shows_nothing_of_the_present(game: str) -> None:
    """ "Last trick" was the old trick under today's header, seats, ▶ and footer, untitled."""
    match = _after_trick(new_match(game, 8, players=4), 8)
    rng = random.Random(1)
    match.apply(rng.choice(match.legal_actions()))  # the next trick begun
    now = match.view(PUBLIC).picture(NAMES[:4])
    assert isinstance(now, TrickTable) and now.trick and now.last_trick
    last = tricks.last_trick_picture(now)
    assert last is not None
    with recording_text() as recording:
        tricks.render(last)
    texts = [box.text for box in recording.boxes]
    assert texts[0] == "Last trick" and now.title in texts
    assert not any(text.startswith("▶") for text in texts)  # nobody is to play in the past
    assert now.last_play not in texts and not any(line in texts for line in now.score_lines)
    assert not any(text.endswith((" cards", " card")) for text in texts)  # today's counts
    corners = [label.text for label in recording.labels]
    assert all(str(card) in corners for _, card in now.last_trick if card is not None)
    assert all(str(card) not in corners for _, card in now.trick if card is not None)
    footer = " ".join(texts)  # the trick in words, in the order it was played
    assert all(card.shown(now.pack) in footer for _, card in now.last_trick if card is not None)
    taker = now.seats[now.last_taker].name  # type: ignore[index]
    assert f"★ {taker} took the trick · {now.last_points} points" in texts

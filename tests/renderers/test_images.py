"""Table, hand and summary images: size, determinism, no hidden card, layout on the canvas."""

from __future__ import annotations

import copy
import io
import random

import pytest
from PIL import Image, ImageChops, ImageStat

from engine.cards import FULL_DECK
from engine.core import PUBLIC
from engine.seep import SeepMatch, SeepRules
from engine.seep import parse_position as seep_position
from engine.suipe import SuipeMatch, SuipeRules
from renderers import hand, summary, table
from renderers.gallery import SEEP_POSITIONS, SUIPE_THREE, write_gallery
from renderers.layout import table_layout
from renderers.model import table_model
from renderers.palette import theme_colours
from renderers.theme import DEFAULT_THEME
from tests.engine.shared import played_at_random, redeal

NAMES = ["Asha", "Dev", "Ravi", "Mira"]


def played(match, plays: int, seed: int = 1):
    return played_at_random(match, seed, plays)


def matches():
    yield "seep 4p", played(SeepMatch(SeepRules(), 3), 12)
    yield "seep 2p", played(SeepMatch(SeepRules(players=2), 3), 30)
    yield "seep bid", SeepMatch(SeepRules(), 5)
    for players in (2, 3, 4):
        yield f"suipe {players}p", played(SuipeMatch(SuipeRules(players=players), 2), 9)


def decode(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data))


@pytest.mark.parametrize(("name", "match"), list(matches()))
def test_table_image_is_a_deterministic_phone_sized_png(name: str, match) -> None:
    first = table.render_png(match.view(PUBLIC), NAMES)
    second = table.render_png(match.view(PUBLIC), NAMES)
    assert first == second, name
    image = decode(first)
    assert image.size == (800, 980) and image.mode == "P"  # a palette PNG: small and fast
    assert len(image.getcolors(256) or []) > 20  # not a blank canvas
    assert len(first) <= 150_000


@pytest.mark.parametrize(("name", "match"), list(matches()))
def test_public_image_does_not_change_when_hidden_hands_do(name: str, match) -> None:
    before = table.render_png(match.view(PUBLIC), NAMES)
    other = copy.copy(match)
    deal = other.deal = match.deal.copy()
    hidden = [deal.hands[s] for s in range(len(deal.hands))] + [deal.stock]
    if getattr(deal, "phase", None) is not None and deal.phase.value == "bid":
        hidden.append(deal.loose)
    redeal(hidden)
    assert any(a != b for a, b in zip(match.deal.hands, deal.hands, strict=True))
    assert table.render_png(other.view(PUBLIC), NAMES) == before, name


def test_hand_image_numbers_the_cards_and_shows_the_bid_hint() -> None:
    match = SeepMatch.from_position(seep_position(SEEP_POSITIONS["bid"]))
    view = match.view(0)
    assert view.hand_picture().note == "You may bid: J (11)"
    image = hand.render(view)
    assert image.size[0] == 800 and image.mode == "RGB"
    assert hand.render_png(view) == hand.render_png(view)
    layout = hand.hand_layout(len(view.hand), DEFAULT_THEME)
    assert len(layout.cards) == 4 and all(b[0] >= 0 and b[2] <= 800 for b in layout.cards)
    with pytest.raises(ValueError, match="own view"):
        hand.render(match.view(PUBLIC))


def test_summary_images_for_both_games() -> None:
    seep = SeepMatch(SeepRules(baazis=2), 6)
    rng = random.Random(6)
    while len(seep.deal_results) < 2:
        seep.apply(rng.choice(seep.legal_actions()))
    suipe = played(SuipeMatch(SuipeRules(players=3), 6), 10_000)
    for view in (seep.view(), suipe.view()):
        data = summary.render_png(view, NAMES)
        assert decode(data).size[0] == 800 and data == summary.render_png(view, NAMES)


def random_table_models(count: int):
    """Views from empty floors to crowded ones, 2 to 4 seats, both games."""
    rng = random.Random(17)
    for _ in range(count):
        if rng.random() < 0.5:
            match = SeepMatch(SeepRules(players=rng.choice([2, 4])), rng.randrange(10_000))
        else:
            match = SuipeMatch(SuipeRules(players=rng.choice([2, 3, 4])), rng.randrange(10_000))
        yield table_model(played(match, rng.randrange(0, 45), rng.randrange(100)).view(), NAMES)
    for text in [*SEEP_POSITIONS.values()]:
        yield table_model(SeepMatch.from_position(seep_position(text)).view(), NAMES)
    # a floor more crowded than real play produces: 23 loose cards and three houses
    loose = " ".join(
        str(c) for c in FULL_DECK if c.rank <= 8 and c.suit.letter in "SHD" and str(c) != "4D"
    )
    crowded = (
        "seep | dealer: 0 | play: 30 | turn: 1 | floor: "
        + loose
        + " | house 10: 2C 8C @0 | house 12*: 5C 7C QD @2 | house 13: 9D 4C @3"
        " | hand 0: 10S | hand 2: QC | hand 3: KC | hand 1: 3C 9C JS"
    )
    yield table_model(SeepMatch.from_position(seep_position(crowded)).view(), NAMES)


def overlaps(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def test_layout_keeps_everything_on_the_canvas_and_apart() -> None:
    theme = DEFAULT_THEME
    crowded_seen = 0
    for model in random_table_models(300):
        layout = table_layout(model, theme)
        for name, box in layout.all_boxes():
            assert 0 <= box[0] < box[2] <= theme.width and 0 <= box[1] < box[3] <= theme.height, (
                name,
                box,
            )
        for name, box in [(n, b) for n, b in layout.all_boxes() if n.startswith(("card", "pile"))]:
            floor = layout.floor
            assert floor[0] <= box[0] and box[2] <= floor[2], name
            assert floor[1] <= box[1] and box[3] <= floor[3], name
        separate = layout.separate_boxes()
        for index, (name, group, box) in enumerate(separate):
            for other_name, other_group, other in separate[index + 1 :]:
                if group != other_group:
                    assert not overlaps(box, other), (name, other_name, model.title)
        taken = layout.taken
        assert all(overlaps(box, layout.footer) for box in taken)
        crowded_seen += len(model.loose) >= 16 and len(model.piles) >= 3
    assert crowded_seen >= 2


def test_the_gallerys_help_is_not_taken_for_a_folder(tmp_path, monkeypatch, capsys) -> None:
    """`python -m renderers.gallery --help` wrote the whole gallery into a folder "--help"."""
    from renderers.gallery import main

    monkeypatch.chdir(tmp_path)
    assert main(["--help"]) == 0 and "usage" in capsys.readouterr().out
    assert main(["--colour"]) == 2
    assert not list(tmp_path.iterdir())


def test_gallery_writes_every_sample(tmp_path) -> None:
    written = write_gallery(tmp_path)
    names = {path.stem for path in written}
    assert {
        "seep-empty-floor",
        "seep-first-play-after-bid",
        "seep-crowded-floor-three-houses",
        "seep-cemented-house-two-owners",
        "seep-two-player",
        "suipe-three-players-builds",
        "seep-end-of-deal",
        "seep-match-summary",
    } <= names
    assert all(path.stat().st_size > 4_000 for path in written)  # drawn, not blank
    assert SUIPE_THREE.startswith("suipe players=3")


@pytest.mark.parametrize(("name", "match"), list(matches()))
def test_the_sent_png_looks_like_the_drawn_image(name: str, match) -> None:
    """The palette PNG keeps the theme colours (within a shade) and everything else close."""
    drawn = table.render(match.view(PUBLIC), NAMES)
    sent = decode(table.render_png(match.view(PUBLIC), NAMES)).convert("RGB")
    drawn_colours = {colour for _, colour in drawn.getcolors(1 << 20)}
    sent_colours = {colour for _, colour in sent.getcolors(1 << 20)}
    for colour in set(theme_colours(DEFAULT_THEME)) & drawn_colours:
        assert any(max(abs(a - b) for a, b in zip(colour, c, strict=True)) <= 2
                   for c in sent_colours), colour  # fmt: skip
    error = ImageStat.Stat(ImageChops.difference(drawn, sent)).mean
    assert max(error) < 1.0, name  # mean error per channel, out of 255


def test_the_shipped_palette_is_used_and_another_theme_learns_its_own() -> None:
    from dataclasses import replace

    from renderers.gallery import learn_palette
    from renderers.palette import SHIPPED, palette_image

    shipped = list(SHIPPED.read_bytes())
    assert palette_image(DEFAULT_THEME).getpalette()[:768] == shipped  # no gallery drawn
    exact = [c for colour in theme_colours(DEFAULT_THEME) for c in colour]
    assert shipped[: len(exact)] == exact  # every theme colour, exactly
    night = replace(DEFAULT_THEME, felt=(10, 20, 30))
    unlearned = palette_image(night).getpalette()[:768]
    assert unlearned[:3] != shipped[:3] and (10, 20, 30) in zip(*[iter(unlearned)] * 3, strict=True)
    learned = learn_palette(night)
    own = palette_image(night).getpalette()[:768]
    colours = list(zip(own[::3], own[1::3], own[2::3], strict=True))
    assert own == learned and own != unlearned and (10, 20, 30) in colours

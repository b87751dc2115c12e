"""Card faces: the court cards' letters follow the reader's language in text and images (a
German reader's queen is a D), and Sedma's and Hola's German-suited (mariáš) pack — hearts,
leaves, acorns and bells, Unter and Ober — is a table option, on at Czech and Slovak tables.
Only the faces change: the cards, the moves and their notation stay the same."""

from __future__ import annotations

from PIL import Image

from bot import settings
from bot.i18n import speaking
from engine.cards import Card, Pack
from engine.core import PUBLIC
from engine.sedma import SedmaMatch, SedmaRules
from engine.sedma.spec import HOLA_SPEC, SEDMA_SPEC
from renderers import hand, summary, tricks
from renderers.draw import paste_card
from renderers.theme import DEFAULT_THEME
from tests.engine.shared import played_at_random

QUEEN = Card.parse("QH")
NAMES = ["Asha", "Dev", "Ravi", "Mira"]


def played(rules: SedmaRules, plays: int = 6, seed: int = 4) -> SedmaMatch:
    return played_at_random(SedmaMatch(rules, seed), seed, plays)


def test_a_german_reader_sees_d_for_a_queen_and_b_for_a_jack() -> None:
    with speaking("de"):
        assert QUEEN.pretty == "D♥"
        assert Card.parse("JS").pretty == "B♠"
        assert Card.parse("KC").pretty == "K♣"
    with speaking("en"):
        assert QUEEN.pretty == "Q♥"
    with speaking("cs"):  # Czech and Slovak French-suited packs print J Q K A
        assert QUEEN.pretty == "Q♥"
    assert str(QUEEN) == "QH"  # the notation is the same in every language


def test_a_kept_play_is_written_with_the_letters_of_whoever_reads_it() -> None:
    match = SedmaMatch(SedmaRules(players=2), 7)
    while True:  # play until someone plays a jack, queen or king
        action = next(
            (a for a in match.legal_actions() if a.card is not None and a.card.rank > 10),
            match.legal_actions()[0],
        )
        record = match.apply(action)
        if action.card is not None and action.card.rank > 10:
            break
    assert action.card is not None
    rank, symbol = action.card.rank, action.card.suit.symbol
    with speaking("en"):
        assert f"{'JQK'[rank - 11]}{symbol}" in record.told("Asha")
    with speaking("de"):
        assert f"{'BDK'[rank - 11]}{symbol}" in record.told("Asha")


def test_german_suited_cards_are_named_in_text_as_the_images_draw_them() -> None:
    rules = SedmaRules(players=2, german_suits=True)
    assert rules.pack is Pack.GERMAN
    match = SedmaMatch(rules, 3)
    hand = match.view(match.current_player).hand
    assert hand is not None
    with speaking("cs"):
        words = match.describe(match.legal_actions()[0])
        picker = [group.key for group in match.move_groups()]
        assert sorted(picker) == sorted(card.shown(Pack.GERMAN) for card in hand)
    assert not any(symbol in words for symbol in "♠♣♦")  # leaves, acorns, bells instead
    with speaking("cs"):
        assert Card.parse("QS").shown(Pack.GERMAN) == "Sv\N{LEAF FLUTTERING IN WIND}"
        assert Card.parse("JD").shown(Pack.GERMAN) == "Sp\N{BELL}"
    with speaking("sk"):
        assert Card.parse("QS").shown(Pack.GERMAN) == "H\N{LEAF FLUTTERING IN WIND}"
    with speaking("de"):
        assert Card.parse("AC").shown(Pack.GERMAN) == "A\N{CHESTNUT}"


def test_the_german_suited_pack_changes_only_the_faces() -> None:
    french = played(SedmaRules(players=4), 10)
    german = played(SedmaRules(players=4, german_suits=True), 10)
    assert [str(a) for a in french.actions] == [str(a) for a in german.actions]
    assert french.view(0).hand == german.view(0).hand
    assert french.returns() == german.returns()
    with speaking("en"):
        french_words = [r.told("Asha") for r in french.deal.records]
        german_words = [r.told("Asha") for r in german.deal.records]
    assert french_words != german_words


def test_the_images_show_the_pack_and_the_readers_letters() -> None:
    french = played(SedmaRules(players=4), 3)
    german = played(SedmaRules(players=4, german_suits=True), 3)
    with speaking("en"):
        french_hand = hand.render_png(french.view(0))
        german_hand = hand.render_png(german.view(0))
        french_table = tricks.render(french.view(PUBLIC).picture(NAMES)).tobytes()
        german_table = tricks.render(german.view(PUBLIC).picture(NAMES)).tobytes()
    assert french_hand != german_hand
    assert french_table != german_table
    with speaking("en"):
        english = hand.render_png(french.view(0))
    assert english == french_hand  # drawn the same each time


def test_a_german_readers_hand_image_shows_d_for_a_queen() -> None:
    match = SedmaMatch(SedmaRules(players=2), 1)
    view = match.view(0)
    for seed in range(2, 60):  # a deal that gives Asha a jack, queen or king
        if view.hand is not None and any(c.rank > 10 for c in view.hand):
            break
        match = SedmaMatch(SedmaRules(players=2), seed)
        view = match.view(0)
    with speaking("en"):
        english = hand.render_png(view)
    with speaking("de"):
        german = hand.render_png(view)
    assert english != german


def test_a_cards_corner_follows_the_readers_letters() -> None:
    def drawn(code: str, card: Card) -> bytes:
        image = Image.new("RGB", (120, 180))
        with speaking(code):
            paste_card(image, card, (0, 0, 120, 172), DEFAULT_THEME)
        return image.tobytes()

    assert drawn("en", QUEEN) != drawn("de", QUEEN)  # Q and D
    assert drawn("en", QUEEN) == drawn("cs", QUEEN)  # Czech packs print Q
    seven = Card.parse("7H")
    assert drawn("en", seven) == drawn("de", seven)


def test_a_summary_of_a_german_suited_hand_draws_its_cards() -> None:
    def summary_of(german_suits: bool) -> bytes:
        match = SedmaMatch(SedmaRules(players=2, german_suits=german_suits, target=1), 5)
        while not match.deal_results:
            match.apply(match.legal_actions()[0])
        with speaking("sk"):
            return summary.render(match.view(PUBLIC), NAMES[:2]).tobytes()

    assert summary_of(True) != summary_of(False)  # the same hand, its cards drawn in its pack


def test_czech_and_slovak_tables_have_german_suited_cards_unless_the_host_says_no() -> None:
    for spec in (SEDMA_SPEC, HOLA_SPEC):
        assert settings.table_rules(spec, {}, {}, "cs")["german_suits"] is True
        assert settings.table_rules(spec, {}, {}, "sk")["german_suits"] is True
        assert "german_suits" not in settings.table_rules(spec, {}, {}, "de")
        assert "german_suits" not in settings.table_rules(spec, {}, {}, "en")
        assert "german_suits" not in settings.table_rules(spec, {"german_suits": False}, {}, "cs")
        assert settings.table_rules(spec, {"german_suits": True}, {}, "en")["german_suits"]


def test_a_seep_house_badge_and_bid_note_use_the_readers_letters() -> None:
    """A German reader's queen-house is a "D" house on the table, as its cards are."""
    from engine.games import match_from_position

    position = ("seep | dealer: 0 | play: 9 | turn: 1 | floor: 9D | house 12: 5C 7H @1"
                " | hand 1: QS 2D | hand 0: 7D | hand 2: 8H | hand 3: QH")  # fmt: skip
    match = match_from_position(position)
    names = ["Asha", "Dev", "Ravi", "Mira"]
    with speaking("en"):
        assert [pile.badge for pile in match.view(PUBLIC).picture(names).piles] == ["Q"]
    with speaking("de"):
        assert [pile.badge for pile in match.view(PUBLIC).picture(names).piles] == ["D"]

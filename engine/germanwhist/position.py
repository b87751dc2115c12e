"""German Whist's position notation: a hand in a few `key: value` lines (or one line with
` | `), for examples, tests and `python -m engine moves`.

    germanwhist target=5
    dealer: 0 | leader: 1 | turn: 1
    trumps: H | upcard: KS       (no upcard: the stock is gone)
    trick: 1 QD
    stock: AS 9H …               (face down, top first)
    hand 0: …                    (both hands)
    shown 1: 10H                 (face-up cards won from the stock, still held)
    taken 0: 2C 5C | tricks 0: 1
    counted: 0 0 | score: 3 1
"""

from __future__ import annotations

from engine.cards import Card, Suit, format_cards, parse_cards
from engine.core import BadNotation
from engine.germanwhist.hand import Phase, WhistHand
from engine.germanwhist.rules import WhistRules
from engine.notation import (
    SeatPiles,
    check_pack,
    options_line,
    parse_options,
    parse_trick,
    parsed_position,
    read_position,
    tally_line,
    trick_line,
)


def format_position(hand: WhistHand, scores: tuple[int, ...] = ()) -> str:
    lines = [
        options_line(hand.rules, ("game",)),
        f"dealer: {hand.dealer} | leader: {hand.leader} | turn: {hand.turn}",
        f"trumps: {hand.trump.letter}"
        + ("" if hand.upcard is None else f" | upcard: {hand.upcard}"),
    ]
    if hand.trick:
        lines.append(trick_line(hand.trick))
    if hand.stock:
        lines.append(f"stock: {format_cards(hand.stock)}")
    lines += SeatPiles(hand.hands, hand.taken, hand.tricks).lines()
    lines += [f"shown {p}: {format_cards(cards)}" for p, cards in enumerate(hand.shown) if cards]
    if any(hand.counted):
        lines += tally_line("counted", hand.counted)
    lines += tally_line("score", scores)
    return "\n".join(lines)


def parse_position(text: str) -> tuple[WhistHand, tuple[int, ...]]:
    lines = parsed_position(text)
    rules = parse_options(WhistRules, "game", lines[0].split())
    numbers: dict[str, int | None] = {"dealer": 0, "leader": None, "turn": None}
    seats = SeatPiles.empty(2)
    shown: list[list[Card]] = [[], []]

    def other(key: str, value: str) -> None:
        what, _, index = key.partition(" ")
        if what == "shown" and index in ("0", "1"):
            shown[int(index)] = parse_cards(value)
        else:
            seats.read(key, value)

    def numbers_of(value: str) -> tuple[int, ...]:
        return tuple(int(v) for v in value.split())

    found = read_position(
        lines[1:],
        numbers,
        {
            "trumps": Suit.from_letter,
            "upcard": lambda value: parse_cards(value)[0],
            "trick": parse_trick,
            "stock": parse_cards,
            "counted": numbers_of,
            "score": numbers_of,
        },
        other=other,
    )
    if "trumps" not in found:
        raise BadNotation("a German Whist position names its trumps: `trumps: H`")
    trick: list[tuple[int, Card]] = found.get("trick", [])
    upcard: Card | None = found.get("upcard")
    stock: list[Card] = found.get("stock", [])
    everything = [*seats.cards(), *(c for _, c in trick), *stock, *([upcard] if upcard else [])]
    check_pack(everything, rules.deck(), "the 52-card pack")
    if any(not set(cards) <= set(hand) for cards, hand in zip(shown, seats.hands, strict=True)):
        raise BadNotation("a shown card must be in its player's hand")
    dealer = int(numbers["dealer"] or 0)
    leader = numbers["leader"]
    leader = trick[0][0] if leader is None and trick else leader
    leader = 1 - dealer if leader is None else leader
    turn = numbers["turn"]
    turn = (leader + len(trick)) % 2 if turn is None else turn
    if upcard is not None:
        phase = Phase.DRAW
    else:
        phase = Phase.PLAY if any(seats.hands) or trick else Phase.OVER
    hand = WhistHand(
        rules=rules,
        dealer=dealer,
        hands=seats.hands,
        stock=stock,
        upcard=upcard,
        trump=found["trumps"],
        leader=int(leader),
        turn=int(turn),
        phase=phase,
        trick=trick,
        taken=seats.taken,
        tricks=seats.tricks,
        counted=list(found.get("counted", (0, 0))),
        shown=shown,
    )
    return hand, found.get("score", ())

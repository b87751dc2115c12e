"""Sheepshead's position notation: a hand in a few `key: value` lines (or one line with ` | `),
for examples, lessons, tests and `python -m engine moves`.

    sheepshead players=5
    dealer: 0 | turn: 3 | phase: play       (pick, bury, call, play)
    picker: 2 | called: AS | passes: 1      (or `alone`; `unknown: 7C` for a face-down card)
    buried: 10C KH | blind: …               (the blind while nobody has picked)
    led: S T                                (the suits of the finished tricks, T for trump)
    trick: 1 QC 2 7D
    hand 0: …                               (every hand)
    taken 0: AC 10D | tricks 0: 2
    sheet: 2 -1 -1 1 -1
"""

from __future__ import annotations

from engine.cards import Card, Suit, format_cards, parse_cards
from engine.notation import (
    SeatPiles,
    check_pack,
    key_value,
    options_line,
    parse_options,
    parse_trick,
    parsed_position,
    reading,
    tally_line,
    trick_line,
)
from engine.sheepshead.hand import SheepsheadHand
from engine.sheepshead.phases import Phase
from engine.sheepshead.rules import SheepsheadRules


def _suit_letter(suit: Suit | None) -> str:
    return "T" if suit is None else suit.letter


def format_position(hand: SheepsheadHand, sheet: tuple[int, ...] = ()) -> str:
    lines = [options_line(hand.rules, ("game", "players"))]
    lines.append(f"dealer: {hand.dealer} | turn: {hand.turn} | phase: {hand.phase.value}")
    if hand.picker is not None:
        parts = [f"picker: {hand.picker}"]
        if hand.called is not None:
            parts.append(f"called: {hand.called}")
        if hand.alone:
            parts.append("alone")
        if hand.unknown is not None and not hand.unknown_played:
            parts.append(f"unknown: {hand.unknown}")
        lines.append(" | ".join(parts))
    if hand.passes:
        lines.append(f"passes: {hand.passes}")
    if hand.leaster:
        lines.append("leaster")
    if hand.buried:
        lines.append(f"buried: {format_cards(hand.buried)}")
    if hand.blind:
        lines.append(f"blind: {format_cards(hand.blind)}")
    if hand.led_suits:
        lines.append("led: " + " ".join(_suit_letter(s) for s in hand.led_suits))
    if hand.trick:
        lines.append(trick_line(hand.trick))
    lines += SeatPiles(hand.hands, hand.taken, hand.tricks).lines()
    lines += tally_line("sheet", sheet)
    return "\n".join(lines)


def parse_position(text: str) -> tuple[SheepsheadHand, tuple[int, ...]]:
    lines = parsed_position(text)
    rules = parse_options(SheepsheadRules, "game", lines[0].split())
    players = rules.players
    numbers: dict[str, int | None] = {"dealer": 0, "turn": None, "picker": None, "passes": 0}
    seats = SeatPiles.empty(players)
    trick: list[tuple[int, Card]] = []
    cards: dict[str, list[Card]] = {"buried": [], "blind": [], "called": [], "unknown": []}
    led: list[Suit | None] = []
    phase, alone, leaster = Phase.PLAY, False, False
    sheet: tuple[int, ...] = ()
    for line in lines[1:]:
        if line in ("alone", "leaster"):
            alone, leaster = alone or line == "alone", leaster or line == "leaster"
            continue
        key, value = key_value(line)
        with reading(line):
            if key in numbers:
                numbers[key] = int(value)
            elif key in cards:
                cards[key] = parse_cards(value)
            elif key == "phase":
                phase = Phase(value)
            elif key == "led":
                led = [None if w.upper() == "T" else Suit.from_letter(w) for w in value.split()]
            elif key == "trick":
                trick = parse_trick(value)
            elif key == "sheet":
                sheet = tuple(int(v) for v in value.split())
            else:
                seats.read(key, value)
    everything = [*seats.cards(), *(c for _, c in trick)]
    everything += cards["buried"] + cards["blind"] + cards["unknown"]
    check_pack(everything, rules.deck(), "the Sheepshead pack")
    dealer = int(numbers["dealer"] or 0)
    first = (dealer + 1) % players
    leader = trick[0][0] if trick else first
    turn = numbers["turn"]
    if turn is None:
        turn = leader
        for _ in trick:  # (the seat after the last to play, a dealer sitting out passed over)
            turn = (turn + 1) % players
            if rules.dealer_out and turn == dealer:
                turn = (turn + 1) % players
    hand = SheepsheadHand(
        rules=rules,
        dealer=dealer,
        hands=seats.hands,
        blind=cards["blind"],
        turn=int(turn),
        leader=leader,
        phase=phase,
        passes=int(numbers["passes"] or 0),
        picker=numbers["picker"],
        buried=cards["buried"],
        called=cards["called"][0] if cards["called"] else None,
        alone=alone,
        unknown=cards["unknown"][0] if cards["unknown"] else None,
        leaster=leaster,
        trick=trick,
        taken=seats.taken,
        tricks=seats.tricks,
        led_suits=led,
    )
    played = [p for p, c in trick if c == hand.partner_card]
    if played:
        hand.partner_seen = True
        hand.partner_seat = None if played[0] == hand.picker else played[0]
    elif hand.picker is not None and phase is Phase.PLAY:
        hand.partner_seat = hand.holder_of_partner_card()
        if rules.jack_partner and not alone:
            hand.alone = hand.partner_seat is None
    return hand, sheet

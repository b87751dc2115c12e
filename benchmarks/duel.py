"""Our computer players against another project's Sheepshead player, on duplicate deals. Run
by hand, with that project checked out somewhere outside this repository:

    python -m benchmarks.duel --peer /tmp/sheepsheadai [--level hard] [--shuffles 100]
        [--start 1] [--reverse] [--seconds 0.25]

The peer is sheepsheadai's rule-based player (github.com/adamanthil/sheepsheadai,
`sheepshead/scripted_agent.py`; its trained network is not in its repository). Nothing of it
is kept here: `--peer` names its checkout, which is put on the import path for the run. It
needs numpy (`pip install numpy`), which its game module imports.

Our engine plays the hand by RULES.md; whenever a peer seat is to move, the driver writes
that seat's view (its hand, the trick in its relative seat order, who picked, the called card,
a partner once revealed, whether the called suit has been led: all of it in the peer's
notation) and asks the peer for its choice among our legal moves, translated. The peer
calls its partner before it buries, as its own game has it; our rules bury first, so at the
bury the peer's call is asked first, from the eight cards, then its two buried cards (kept
clear of its hold card, as it would), and the call is made after the bury; a planned call
our rules refuse is asked again among our calls.

Five players, called ace. Every shuffle is played five times, our level in each seat in turn
and the peer in the other four (`--reverse`: the peer in one seat, our level in four). A
figure is our seats' units minus the peer's seats', per hand, averaged (as
`benchmarks.tricks_ai`): the 95% interval is taken over the shuffles (each shuffle's five
hands averaged first, since they share their cards).
"""

from __future__ import annotations

import argparse
import importlib
import random
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

from benchmarks.tricks_ai import hand_score
from bot.players import HARD_BUDGET
from engine.ai import Level, SearchBudget, choose_action
from engine.cards import Card
from engine.core import PUBLIC
from engine.games import new_match
from engine.sheepshead.actions import Kind, SheepsheadAction

PLAYERS = 5
AGENT_FILE = Path("sheepshead") / "scripted_agent.py"


class PeerError(Exception):
    """The peer's checkout cannot be used (said in words a person can act on)."""


@dataclass
class Peer:
    """The peer's modules: its game's constants and helpers, and its rule-based player."""

    game: ModuleType
    agent: Any

    def choose(self, state: dict[str, Any], options: list[str]) -> str:
        """The peer's pick among `options` (its action names), given a seat's state."""
        ids = {self.game.ACTION_IDS[name]: name for name in options}
        chosen, _, _ = self.agent.act(state, set(ids), deterministic=True)
        return ids[int(chosen)]


def load_peer(checkout: str) -> Peer:
    """sheepsheadai's rule-based player from its checkout at `checkout`, or PeerError."""
    root = Path(checkout).expanduser()
    if not root.is_dir():
        raise PeerError(f"--peer {checkout}: no such directory (a checkout of sheepsheadai)")
    if not (root / AGENT_FILE).is_file():
        raise PeerError(
            f"--peer {checkout}: {AGENT_FILE} is missing; give the root of a checkout of "
            "github.com/adamanthil/sheepsheadai"
        )
    if "sheepshead" in sys.modules:  # a peer loaded before (the tests load none)
        loaded = Path(getattr(sys.modules["sheepshead"], "__file__", "") or "").parent
        if loaded.parent.resolve() != root.resolve():
            raise PeerError(f"another peer is loaded already, from {loaded.parent}")
    sys.path.insert(0, str(root.resolve()))
    try:
        game = importlib.import_module("sheepshead")
        scripted = importlib.import_module("sheepshead.scripted_agent")
    except ImportError as error:
        raise PeerError(f"--peer {checkout}: its player does not load ({error})") from error
    finally:
        sys.path.remove(str(root.resolve()))
    return Peer(game, scripted.ScriptedAgent())


# ----- the seat's view in the peer's notation ------------------------------------------------


def name_of(card: Card) -> str:
    """Our notation ('10D', 'QC', 'AS') is the peer's."""
    return str(card)


@dataclass
class PickerPlan:
    """The peer picker's call and unknown card, decided before its bury (its game's order)."""

    call: str  # "ALONE", "CALL AS", "CALL AS UNDER"
    under: str | None = None


@dataclass
class HandMemory:
    plans: dict[int, PickerPlan] = field(default_factory=dict)


def seat_state(match: Any, seat: int, peer: Peer, hand: list[str] | None = None) -> dict[str, Any]:
    """What `seat` may know, as the peer's `Player.get_state_dict` writes it (the fields its
    rule-based player reads): relative seats 1 (itself) to 5, card ids 1–32, 33 face down."""
    view = match.view(seat)
    public = match.view(PUBLIC)
    ids = peer.game.DECK_IDS

    def rel(other: int | None) -> int:
        return 0 if other is None else (other - seat) % PLAYERS + 1

    cards = hand if hand is not None else [name_of(c) for c in view.hand or ()]
    trick = [0] * PLAYERS
    for other, card in view.trick:
        trick[rel(other) - 1] = peer.game.UNDER_CARD_ID if card is None else ids[name_of(card)]
    leader = view.trick[0][0] if view.trick else None
    deal = match.deal
    return {
        "partner_mode": 1,  # called ace
        "is_leaster": int(view.leaster),
        "alone_called": int(public.alone),
        "called_card_id": ids[name_of(view.called)] if view.called is not None else 0,
        "called_suit_played": int(deal.called_suit_led()),  # public: a finished trick's lead
        "picker_rel": rel(view.picker),
        "partner_rel": rel(public.partner),  # once its card is played
        "leader_rel": rel(leader),
        "hand_ids": [ids[c] for c in cards],
        "trick_card_ids": trick,
    }


# ----- the peer's moves in our engine ------------------------------------------------------------


def peer_move(match: Any, seat: int, peer: Peer, memory: HandMemory) -> SheepsheadAction:
    legal: list[SheepsheadAction] = match.legal_actions()
    kind = legal[0].kind
    if kind in (Kind.PICK, Kind.PASS):
        choice = peer.choose(seat_state(match, seat, peer), ["PICK", "PASS"])
        return next(a for a in legal if a.kind.value == choice.lower())
    if kind is Kind.BURY:
        return peer_bury(match, seat, peer, memory, legal)
    if kind in (Kind.CALL, Kind.ALONE):
        return peer_call(match, seat, peer, memory, legal)
    options: dict[str, SheepsheadAction] = {}
    for action in legal:
        name = "PLAY UNDER" if action.kind is Kind.UNKNOWN else f"PLAY {action.cards[0]}"
        options[name] = action
    return options[peer.choose(seat_state(match, seat, peer), sorted(options))]


def peer_bury(
    match: Any, seat: int, peer: Peer, memory: HandMemory, legal: list[SheepsheadAction]
) -> SheepsheadAction:
    """The peer's call from its eight cards, its unknown card if it lays one, then its two
    buried cards (its game's order), the call kept for our call phase."""
    game = peer.game
    hand = [name_of(c) for c in match.deal.hands[seat]]
    calls = ["ALONE", *(f"CALL {c}" for c in game.get_callable_cards(hand))]
    plan = PickerPlan(peer.choose(seat_state(match, seat, peer, hand), calls))
    left = list(hand)
    if plan.call.endswith(" UNDER"):
        plan.under = peer.choose(seat_state(match, seat, peer, left), [f"UNDER {c}" for c in left])
        plan.under = plan.under.split()[1]
        left.remove(plan.under)
    memory.plans[seat] = plan
    buried: list[str] = []
    for _ in range(2):
        allowed = left
        if plan.call != "ALONE":
            allowed = game.get_playable_called_picker_cards(left, plan.call.split()[1])
        chosen = peer.choose(seat_state(match, seat, peer, left), [f"BURY {c}" for c in allowed])
        buried.append(chosen.split()[1])
        left.remove(buried[-1])
    wanted = set(buried)
    return next(a for a in legal if {name_of(c) for c in a.cards} == wanted)


def our_call_options(legal: list[SheepsheadAction]) -> dict[str, list[SheepsheadAction]]:
    """Our calls under the peer's names: an ace or ten called with an unknown card is the
    peer's 'CALL AS UNDER' (a ten, which its game never lays under, its plain call)."""
    options: dict[str, list[SheepsheadAction]] = {}
    for action in legal:
        if action.kind is Kind.ALONE:
            options["ALONE"] = [action]
        else:
            name = f"CALL {action.cards[0]}"
            if action.unknown is not None and action.cards[0].rank == 1:
                name += " UNDER"
            options.setdefault(name, []).append(action)
    return options


def peer_call(
    match: Any, seat: int, peer: Peer, memory: HandMemory, legal: list[SheepsheadAction]
) -> SheepsheadAction:
    hand = [name_of(c) for c in match.deal.hands[seat]]
    options = our_call_options(legal)
    plan = memory.plans.get(seat)
    if plan is not None and plan.call in options:
        actions = options[plan.call]
        for action in actions:
            if action.unknown is None or name_of(action.unknown) == plan.under:
                return action
    state = seat_state(match, seat, peer, hand)
    name = peer.choose(state, sorted(options))
    actions = options[name]
    if len(actions) == 1:
        return actions[0]
    by_card = {f"UNDER {a.unknown}": a for a in actions}
    return by_card[peer.choose(state, sorted(by_card))]


# ----- the duel ---------------------------------------------------------------------------------


def play_hand(
    peer: Peer, level: str, seed: int, ours: set[int], budget: SearchBudget
) -> tuple[float, list[float]]:
    """One hand of shuffle `seed`, our level in the seats `ours`: our seats' units minus the
    peer's, and our decision times."""
    match = new_match("sheepshead", seed, players=PLAYERS)
    rng = random.Random(seed * 13 + min(ours))
    memory = HandMemory()
    times: list[float] = []
    while match.deals_finished == 0:
        seat = match.current_player
        if seat in ours:
            started = time.perf_counter()
            action = choose_action(match, seat, Level(level), rng, budget)
            times.append(time.perf_counter() - started)
        else:
            action = peer_move(match, seat, peer, memory)
        match.apply(action, seat)
    return hand_score(match, ours, PLAYERS), times


def interval(values: list[float]) -> tuple[float, float]:
    mean = statistics.mean(values)
    half = 1.96 * statistics.stdev(values) / len(values) ** 0.5 if len(values) > 1 else 0.0
    return mean, half


def duel(peer: Peer, level: str, seeds: range, reverse: bool, seconds: float) -> None:
    budget = SearchBudget(seconds=seconds or None)
    started = time.perf_counter()
    per_shuffle: list[float] = []
    hands: list[float] = []
    times: list[float] = []
    for seed in seeds:
        scores = []
        for seat in range(PLAYERS):
            ours = set(range(PLAYERS)) - {seat} if reverse else {seat}
            score, spent = play_hand(peer, level, seed, ours, budget)
            scores.append(score)
            times.extend(spent)
        hands.extend(scores)
        per_shuffle.append(statistics.mean(scores))
    mean, half = interval(per_shuffle)
    seats = "four seats, the peer in one" if reverse else "one seat, the peer in four"
    took = time.perf_counter() - started
    print(f"sheepshead 5p {level} ({seats}) vs sheepsheadai's rule-based player: "
          f"{mean:+.3f} ± {half:.3f} units per hand over {len(hands)} hands "
          f"(shuffles {seeds.start}–{seeds.stop - 1}, {took:.0f} s)")  # fmt: skip
    ordered = sorted(times)
    if ordered:
        p95 = ordered[int(len(ordered) * 0.95)]
        print(f"  {level}: median {statistics.median(ordered) * 1000:.1f} ms, "
              f"p95 {p95 * 1000:.1f} ms over {len(ordered)} decisions")  # fmt: skip


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--peer", required=True, help="the root of a sheepsheadai checkout")
    parser.add_argument("--level", choices=["easy", "normal", "hard"], default="hard")
    parser.add_argument("--shuffles", type=int, default=100)
    parser.add_argument("--start", type=int, default=1, help="first shuffle")
    parser.add_argument("--reverse", action="store_true", help="our level in four seats")
    parser.add_argument(
        "--seconds",
        type=float,
        default=HARD_BUDGET.seconds,
        help="the hard player's thinking time, as in the bot (0: no limit)",
    )
    args = parser.parse_args(argv)
    try:
        peer = load_peer(args.peer)
    except PeerError as error:
        parser.exit(2, f"benchmarks.duel: {error}\n")
    seeds = range(args.start, args.start + args.shuffles)
    duel(peer, args.level, seeds, args.reverse, args.seconds)


if __name__ == "__main__":
    main()

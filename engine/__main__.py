"""Command line: `python -m engine moves|play|simulate`."""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

from engine.cards import pretty_cards
from engine.core import GameError, GameState
from engine.games import GAMES, new_match, parse_any_position
from engine.seep import SeepMatch
from engine.seep.describe import house_name
from engine.seep.view import SeepView
from engine.simple_players import greedy_choice, random_choice
from engine.suipe.view import SuipeView


def _read_position(source: str) -> str:
    if source == "-":
        return sys.stdin.read()
    path = Path(source)
    if "\n" not in source and "|" not in source and path.is_file():
        return path.read_text(encoding="utf-8")
    return source


def cmd_moves(args: argparse.Namespace) -> int:
    deal = parse_any_position(_read_position(args.position))
    actions = deal.legal_actions()
    if not actions:
        print("no legal moves: the deal is over" if deal.is_over else "no legal moves")
    width = max((len(a.notation) for a in actions), default=0)
    for action in actions:
        print(f"{action.notation:<{width}}  {deal.describe(action)}")
    return 0


def _match(args: argparse.Namespace, seed: int) -> GameState:
    if args.game == "suipe":
        return new_match("suipe", seed, players=args.players, deals=args.deals)
    if args.players == 3:
        raise GameError("Seep is played by 2 or 4 players")
    return new_match(args.game, seed, players=args.players, baazis=args.baazis)


def render_suipe(view: SuipeView, names: list[str]) -> str:
    lines = [f"Deal {view.deal_number} · dealer {names[view.dealer]} · {view.stock_size} in stock"]
    lines.append(f"Floor: {pretty_cards(view.loose) or '(empty)'}")
    for build in view.builds:
        kind = "multiple" if build.multiple else "single"
        lines.append(
            f"  {build.value}-build ({kind}, last built by {names[build.builder]}): "
            f"{pretty_cards(build.cards)}"
        )
    for side, info in enumerate(view.sides):
        who = " & ".join(names[p] for p in info.players)
        lines.append(
            f"Side {side} ({who}): {info.cards_taken} cards, {info.spades_taken} spades, "
            f"{info.suipes} Suipes, match points {info.match_points}"
        )
    if view.last_play:
        lines.append(f"Last: {names[view.last_player or 0]} — {view.last_play}")
    return "\n".join(lines)


def render_text(view: SeepView | SuipeView, names: list[str]) -> str:
    if isinstance(view, SuipeView):
        return render_suipe(view, names)
    """The table as a few lines of text."""
    lines = [f"Deal {view.deal_number} · dealer {names[view.dealer]} · bid {view.bid or '-'}"]
    if view.face_down_floor:
        lines.append(f"Floor: {view.face_down_floor} cards face down")
    else:
        lines.append(f"Floor: {pretty_cards(view.loose) or '(empty)'}")
    for house in view.houses:
        owners = ", ".join(names[o] for o in house.owners)
        mark = " (cemented)" if house.cemented else ""
        lines.append(f"  {house_name(house.value)}{mark} of {owners}: {pretty_cards(house.cards)}")
    for side, info in enumerate(view.sides):
        who = " & ".join(names[p] for p in info.players)
        lines.append(
            f"Side {side} ({who}): {info.cards_taken} cards, {info.card_points} points, "
            f"{info.sweeps} sweeps (+{info.sweep_points}), baazis {info.baazis}"
        )
    lines.append(f"Running total: {view.running_total:+d} (side 0's lead)")
    if view.last_play:
        lines.append(f"Last: {names[view.last_player or 0]} — {view.last_play}")
    return "\n".join(lines)


def cmd_play(args: argparse.Namespace) -> int:
    match = _match(args, args.seed)
    rng = random.Random(args.seed)
    you = args.seat
    names = [("You" if p == you else f"Computer {p}") for p in range(match.num_players)]
    deals_seen = 0
    while not match.is_terminal:
        player = match.current_player
        assert player is not None
        legal = match.legal_actions()
        if player != you:
            view = match.view(player)
            greedy = args.computer == "greedy" and isinstance(view, SeepView)
            action = greedy_choice(view, legal, rng) if greedy else random_choice(legal, rng)
            record = match.apply(action)
            print(f"{names[player]}: {record.text}")
        else:
            print()
            print(render_text(match.view(you), names))
            print("Your hand:", pretty_cards(match.view(you).hand or ()))  # type: ignore[attr-defined]
            for number, action in enumerate(legal, 1):
                print(f"  {number:>2}. {match.describe(action)}  [{action.notation}]")
            while True:
                try:
                    answer = input("Your move (number or notation, q to quit): ").strip()
                except EOFError:
                    print()
                    return 0
                if answer.lower() in ("q", "quit"):
                    return 0
                try:
                    chosen = legal[int(answer) - 1] if answer.isdigit() else answer
                    if answer.isdigit() and not 1 <= int(answer) <= len(legal):
                        raise IndexError
                    record = match.apply(chosen, player)
                    print(f"You: {record.text}")
                    break
                except IndexError:
                    print(f"Choose a number from 1 to {len(legal)}.")
                except GameError as error:
                    print(error)
        if len(match.deal_results) > deals_seen:  # type: ignore[attr-defined]
            deals_seen += 1
            print(f"\nDeal {deals_seen} over: points {_deal_points(match)}.")
    print(f"Match over: {_match_result(match)}.")
    return 0


def _deal_points(match: GameState) -> str:
    outcome = match.deal_results[-1]  # type: ignore[attr-defined]
    totals = [side.total for side in outcome.score.sides]
    text = ", ".join(f"side {side} {total}" for side, total in enumerate(totals))
    if getattr(outcome, "baazi_side", None) is not None:
        text += f" — side {outcome.baazi_side} wins a baazi!"
    elif hasattr(outcome, "running_total"):
        text += f" — running total {outcome.running_total:+d}"
    return text


def _match_result(match: GameState) -> str:
    if hasattr(match, "baazis"):
        return f"baazis side 0 {match.baazis[0]}, side 1 {match.baazis[1]}"
    totals = match.totals  # type: ignore[attr-defined]
    text = ", ".join(f"side {side} {total}" for side, total in enumerate(totals))
    winner = match.winner  # type: ignore[attr-defined]
    return text + (f" — side {winner} wins" if winner is not None else " — a draw")


def cmd_simulate(args: argparse.Namespace) -> int:
    plays = sweeps = deals = 0
    tally: dict[str, int] = {}
    started = time.perf_counter()
    for game in range(args.games):
        seed = args.seed + game
        match = _match(args, seed)
        rng = random.Random(seed)
        while not match.is_terminal:
            match.apply(rng.choice(match.legal_actions()))
            plays += 1
        outcomes = match.deal_results  # type: ignore[attr-defined]
        deals += len(outcomes)
        for outcome in outcomes:
            for side in outcome.score.sides:
                sweeps += getattr(side, "suipes", None) or getattr(side, "sweeps", 0)
        if isinstance(match, SeepMatch):
            for side in (0, 1):
                key = f"baazis side {side}"
                tally[key] = tally.get(key, 0) + match.baazis[side]
        else:
            key = "draws" if match.winner is None else f"wins side {match.winner}"
            tally[key] = tally.get(key, 0) + 1
    elapsed = time.perf_counter() - started
    print(f"games: {args.games}  deals: {deals}  plays: {plays}  sweeps: {sweeps}")
    print("  ".join(f"{key}: {count}" for key, count in sorted(tally.items())))
    print(f"time: {elapsed:.2f} s  ({deals / elapsed:.0f} deals/s)")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m engine", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)

    moves = sub.add_parser("moves", help="list every legal move of a position")
    moves.add_argument("position", help="position notation, a file holding it, or - for stdin")
    moves.set_defaults(run=cmd_moves)

    for name, helptext, run in (
        ("play", "play in the terminal against computer seats", cmd_play),
        ("simulate", "play seeded random games and print totals", cmd_simulate),
    ):
        command = sub.add_parser(name, help=helptext)
        command.add_argument("--game", default="seep", choices=list(GAMES))
        command.add_argument("--players", type=int, default=4, choices=[2, 3, 4])
        command.add_argument("--baazis", type=int, default=1, help="Seep: baazis in the match")
        command.add_argument("--deals", type=int, default=2, help="Suipe: deals in the match")
        command.add_argument("--seed", type=int, default=0)
        command.set_defaults(run=run)
        if name == "play":
            command.add_argument("--seat", type=int, default=0, help="your player number")
            command.add_argument("--computer", default="greedy", choices=["greedy", "random"])
        else:
            command.add_argument("--games", type=int, default=100)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.run(args)
    except GameError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())

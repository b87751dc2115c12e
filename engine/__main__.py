"""Command line: `python -m engine moves|play|simulate|verify|replay`."""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

from engine import registry
from engine.ai import Level, choose_action
from engine.cards import pretty_cards
from engine.core import PUBLIC, AnyGame, GameError
from engine.fairness import DealKeys, Seed
from engine.games import match_from_position, new_match
from engine.records import DealRecord, RecordError, check, check_commitment, dealt_hands, walk


def _read_position(source: str) -> str:
    if source == "-":
        return sys.stdin.read()
    path = Path(source)
    if "\n" not in source and "|" not in source and path.is_file():
        return path.read_text(encoding="utf-8")
    return source


def cmd_moves(args: argparse.Namespace) -> int:
    match = match_from_position(_read_position(args.position))
    actions = match.legal_actions()
    if not actions:
        print(f"no legal moves: {why_no_moves(match)}")
    width = max((len(a.notation) for a in actions), default=0)
    for action in actions:
        print(f"{action.notation:<{width}}  {match.describe(action)}")
    return 0


def why_no_moves(match: AnyGame) -> str:
    """Why a position offers no move: the deal is over, or the player to move holds nothing
    (the position left out their hand)."""
    if match.is_terminal:
        return "the deal is over"
    player = match.current_player
    if player is not None and not (match.view(player).hand or ()):
        return f"the player to move holds no cards: give their hand (hand {player}: …)"
    return "the position allows none"


def _match(args: argparse.Namespace, seed: Seed) -> AnyGame:
    spec = registry.game(args.game)
    rules: dict[str, object] = {"players": args.players}
    for option in spec.options:
        value = getattr(args, option.name, None)
        if value is not None:
            rules[option.rules_key] = value
    return new_match(args.game, seed, **rules)


def render_text(match: AnyGame, names: list[str]) -> str:
    """The table as a few lines of text."""
    picture = match.view(PUBLIC).picture(names)
    lines = [picture.title, picture.text()]
    if picture.played:
        lines.append(f"Last: {picture.played}")
    return "\n".join(lines)


RANDOM = "random"  # a legal move at random: no level of the bot's


def sentence_end(text: str) -> str:
    """`text` ending with one full stop (a report's words may end with their own)."""
    return text if text.endswith((".", "!", "?")) else f"{text}."


def cmd_play(args: argparse.Namespace) -> int:
    # Secret deals unless a seed asks for a repeatable game.
    match = _match(args, DealKeys.fresh() if args.seed is None else args.seed)
    rng = random.Random(args.seed)
    you = args.seat - 1  # seats are numbered from 1, as at the bot's tables and in the moves
    if not 0 <= you < match.num_players:
        raise GameError(
            f"--seat {args.seat}: a table of {match.num_players} has seats 1 to {match.num_players}"
        )
    names = [("You" if p == you else f"Computer {p + 1}") for p in range(match.num_players)]
    deals_seen = 0
    while not match.is_terminal:
        player = match.current_player
        assert player is not None
        legal = match.legal_actions()
        if player != you:
            if args.level == RANDOM:
                action = rng.choice(list(legal))
            else:
                action = choose_action(match, player, args.level, rng)
            record = match.apply(action)
            print(record.told(names[player]))
        else:
            print()
            print(render_text(match, names))
            print("Your hand:", pretty_cards(match.view(you).hand or ()))
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
                    print(record.told("You"))
                    break
                except IndexError:
                    print(f"Choose a number from 1 to {len(legal)}.")
                except GameError as error:
                    print(error)
        if match.deals_finished > deals_seen:
            deals_seen += 1
            report = match.deal_report(deals_seen, names)
            extra = "".join(f" — {name}: {value}" for name, value in report.fields)
            print(f"\n{report.title}: {sentence_end(f'{report.totals}{extra}')}")
    print(f"Match over: {sentence_end(match.outcome().describe(names))}")
    return 0


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
        deals += match.deals_finished
        outcome = match.outcome()
        sweeps += sum(outcome.stats[players[0]].get("sweeps", 0) for players in outcome.sides)
        for side, score in enumerate(outcome.scores):
            if outcome.places[side] == 1:
                shared = outcome.scores.count(score) > 1
                key = "draws" if shared else f"wins side {side}"
                tally[key] = tally.get(key, 0) + (1 if not shared or side == 0 else 0)
        if registry.game(args.game).headline.key is not None:
            for side, score in enumerate(outcome.scores):
                key = f"{registry.game(args.game).headline.board} side {side}"
                tally[key] = tally.get(key, 0) + score
    elapsed = time.perf_counter() - started
    fishing = registry.game(args.game).family is registry.Family.FISHING
    swept = f"  sweeps: {sweeps}" if fishing else ""  # a trick game has no floor to sweep
    print(f"games: {args.games}  deals: {deals}  plays: {plays}{swept}")
    print("  ".join(f"{key}: {count}" for key, count in sorted(tally.items())))
    print(f"time: {elapsed:.2f} s  ({deals / elapsed:.0f} deals/s)")
    return 0


def _read_record(source: str) -> DealRecord:
    try:
        text = sys.stdin.read() if source == "-" else Path(source).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise RecordError(f"cannot read {source}: {error}") from None
    return DealRecord.from_text(text)


def cmd_verify(args: argparse.Namespace) -> int:
    record = _read_record(args.record)
    if not record.fair:
        print("not provably fair: this deal was dealt before secret deals (no secret to check)")
        check(record, args.game)
        print("the moves replay and give the recorded result")
        return 0
    check_commitment(record)
    check(record, args.game)
    print(f"commitment {record.commitment}: SHA-256(secret ‖ nonce) matches")
    for name, cards in dealt_hands(record):
        print(f"  {name}: {cards or '-'}")
    print(f"deal {record.number} of {record.game} recomputed from secret, nonce and cut "
          f"{record.cut}")
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    record = _read_record(args.file)
    for step, _ in walk(record, args.game):
        if step and not args.quiet:
            told = record.told[step - 1] if step <= len(record.told) else ""
            print(f"{step:>3}. {record.actions[step - 1]:<16} {told}".rstrip())
    fair = "provably fair" if record.fair else "not provably fair"
    print(f"deal {record.number} of {record.game} checks out ({fair}): {record.result}")
    return 0


def add_option(command: argparse.ArgumentParser, option: registry.OptionSpec) -> None:
    """A game's table option as a flag, whatever its kind: `--winning-lead 30` (an int, also
    `--winning_lead`), `--double-on-bump` / `--no-double-on-bump` (yes or no),
    `--sheepshead-partner jack` (one of its choices' values)."""
    dashed = f"--{option.name.replace('_', '-')}"
    if option.kind is int:
        flags = list(dict.fromkeys([dashed, f"--{option.name}"]))  # the underscore form kept
        command.add_argument(*flags, dest=option.name, type=int, metavar="N",
                             help=option.description)  # fmt: skip
    elif option.kind is bool:
        command.add_argument(dashed, dest=option.name, action=argparse.BooleanOptionalAction,
                             default=None, help=option.description)  # fmt: skip
    elif option.choices:
        values = {str(value): value for _label, value in option.choices}
        command.add_argument(
            dashed,
            dest=option.name,
            choices=list(values.values()),
            type=lambda text: values.get(text, text),
            metavar="{" + ",".join(values) + "}",
            help=option.description,
        )


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m engine", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)

    moves = sub.add_parser("moves", help="list every legal move of a position")
    moves.add_argument("position", help="position notation, a file holding it, or - for stdin")
    moves.set_defaults(run=cmd_moves)

    verify = sub.add_parser("verify", help="check a deal record's commitment and deal")
    verify.add_argument("record", help="a record file (from /replay), or - for stdin")
    verify.add_argument("--game", default=None, help="refuse a record of another game")
    verify.set_defaults(run=cmd_verify)
    replay = sub.add_parser("replay", help="replay a deal record and check every move")
    replay.add_argument("file", help="a record file (from /replay), or - for stdin")
    replay.add_argument("--game", default=None, help="refuse a record of another game")
    replay.add_argument("--quiet", action="store_true", help="print only the verdict")
    replay.set_defaults(run=cmd_replay)

    for name, helptext, run in (
        ("play", "play in the terminal against computer seats", cmd_play),
        ("simulate", "play seeded random games and print totals", cmd_simulate),
    ):
        command = sub.add_parser(name, help=helptext)
        command.add_argument("--game", default="seep", choices=registry.names())
        command.add_argument("--players", type=int, default=4, choices=[2, 3, 4, 5, 6])
        for option in registry.table_options():
            add_option(command, option)
        command.add_argument(
            "--seed",
            type=int,
            default=None if name == "play" else 0,
            help="a repeatable shuffle (play: secret deals without it)",
        )
        command.set_defaults(run=run)
        if name == "play":
            command.add_argument(
                "--seat", type=int, default=1, help="your seat, from 1 (default 1: the first)"
            )
            command.add_argument(
                "--level",
                default=Level.NORMAL.value,
                choices=[*(level.value for level in Level), RANDOM],
                help="the computer players' level, as at the bot's tables (random: any legal"
                " move; default normal)",
            )
        else:
            command.add_argument("--games", type=int, default=100, help="how many (default 100)")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return int(args.run(args))
    except GameError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # piped into `head`, which has read enough
        sys.stdout = None  # nothing more to flush at exit
        return 0


if __name__ == "__main__":
    sys.exit(main())

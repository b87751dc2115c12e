"""Deal records: every finished deal as a text file anyone can check (see docs/records.md).

A record holds the game, its rules, the seats (names and levels), the deal's nonce,
commitment, revealed secret and cut, every action in the project's notation and the result.
Its text form follows chess's PGN: `[Tag "value"]` lines, a blank line, then the actions, one
per line, numbered, each followed by the play in words in braces (a comment, for people).

A deal with a secret is checked on its own: a match seeded with the deal's keys (its dealer as
the first dealer) replays the actions and must finish its first deal exactly at the last one,
with the recorded result. A deal of a table stored before secret deals ("not provably fair")
carries its match's int seed and the actions before it instead, and is replayed from there.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine import registry
from engine.core import AnyGame, GameError
from engine.daily import DayKeys, day_commitment, shuffle_secret
from engine.fairness import DealKeys, UncutKeys, commitment
from engine.words import ENGLISH, say, translating

FORMAT = "1"
_TAG = re.compile(r'^\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]$')
_MOVE = re.compile(r"^(\d+)\.\s+(.+?)\s*(?:\{.*\})?$")


class RecordError(GameError):
    """A record that cannot be read or does not check out; the message says which."""


@dataclass(frozen=True, slots=True)
class SeatEntry:
    name: str
    level: str  # "human", or a computer's level


@dataclass(frozen=True, slots=True)
class DealRecord:
    game: str
    rules: dict[str, Any]
    seats: tuple[SeatEntry, ...]
    number: int  # the deal's number in its match (1 first; a redeal counts)
    date: str  # ISO 8601, UTC
    result: str  # the deal's totals in English, as the engine words them
    actions: tuple[str, ...]
    dealer: int | None = None
    nonce: str | None = None  # hex; None: dealt before secret deals
    commitment: str | None = None
    secret: str | None = None
    cut: int | None = None
    # A daily deal: `secret` and `commitment` are the day's, as /daily showed them, and this
    # deal's shuffle is the day's shuffle number `shuffle` (engine.daily), nobody cutting.
    shuffle: int | None = None
    seed: int | None = None  # before secret deals: the match's seed …
    before: tuple[str, ...] = ()  # … and the match's actions before this deal
    told: tuple[str, ...] = field(default=(), compare=False)  # the plays in words

    @property
    def fair(self) -> bool:
        return self.secret is not None

    @property
    def names(self) -> list[str]:
        return [seat.name for seat in self.seats]

    # ----- text ------------------------------------------------------------------------

    def to_text(self) -> str:
        tags: list[tuple[str, str]] = [
            ("Format", FORMAT),
            ("Game", self.game),
            ("Rules", json.dumps(self.rules, sort_keys=True, separators=(",", ":"))),
            ("Deal", str(self.number)),
            ("Date", self.date),
        ]
        for seat, entry in enumerate(self.seats, 1):
            tags += [(f"Seat{seat}", entry.name), (f"Level{seat}", entry.level)]
        tags.append(("Fair", "yes" if self.fair else "no: dealt before secret deals"))
        if self.dealer is not None:
            tags.append(("Dealer", str(self.dealer)))
        for name, value in (
            ("Nonce", self.nonce),
            ("Commitment", self.commitment),
            ("Secret", self.secret),
            ("Cut", None if self.cut is None else str(self.cut)),
            ("Shuffle", None if self.shuffle is None else str(self.shuffle)),
            ("Seed", None if self.seed is None else str(self.seed)),
            ("Before", " ; ".join(self.before) if self.before else None),
        ):
            if value is not None:
                tags.append((name, value))
        tags.append(("Result", self.result))
        lines = [f'[{name} "{_escape(value)}"]' for name, value in tags]
        lines.append("")
        for index, action in enumerate(self.actions):
            words = self.told[index] if index < len(self.told) else ""
            comment = f" {{{words.replace('{', '(').replace('}', ')')}}}" if words else ""
            lines.append(f"{index + 1}. {action}{comment}")
        return "\n".join(lines) + "\n"

    def to_dict(self) -> dict[str, Any]:
        return {"text": self.to_text()}

    @classmethod
    def from_text(cls, text: str) -> DealRecord:
        tags: dict[str, str] = {}
        actions: list[str] = []
        told: list[str] = []
        for number, raw in enumerate(text.splitlines(), 1):
            line = raw.strip()
            if not line or line.startswith(";"):
                continue
            tag = _TAG.match(line)
            if tag is not None:
                tags[tag.group(1)] = _unescape(tag.group(2))
                continue
            move = _MOVE.match(line)
            if move is None or int(move.group(1)) != len(actions) + 1:
                raise RecordError(
                    say("The record is malformed: line {line} is neither a tag nor the next "
                        "numbered action.", line=number)
                )
            actions.append(move.group(2))
            comment = re.search(r"\{(.*)\}\s*$", line)
            told.append(comment.group(1) if comment else "")
        for needed in ("Game", "Rules", "Deal", "Result"):
            if needed not in tags:
                raise RecordError(
                    say("The record is malformed: its {tag} tag is missing.", tag=needed)
                )
        try:
            rules = json.loads(tags["Rules"])
            if not isinstance(rules, dict):
                raise ValueError
            seats = []
            seat = 1
            while f"Seat{seat}" in tags:
                seats.append(SeatEntry(tags[f"Seat{seat}"], tags.get(f"Level{seat}", "human")))
                seat += 1
            return cls(
                game=tags["Game"],
                rules=rules,
                seats=tuple(seats),
                number=int(tags["Deal"]),
                date=tags.get("Date", ""),
                result=tags["Result"],
                actions=tuple(actions),
                dealer=_int(tags.get("Dealer")),
                nonce=tags.get("Nonce"),
                commitment=tags.get("Commitment"),
                secret=tags.get("Secret"),
                cut=_int(tags.get("Cut")),
                shuffle=_int(tags.get("Shuffle")),
                seed=_int(tags.get("Seed")),
                before=tuple(a for a in tags.get("Before", "").split(" ; ") if a),
                told=tuple(told),
            )
        except ValueError:
            raise RecordError(
                say("The record is malformed: a tag holds a value that cannot be read.")
            ) from None


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ")


def _unescape(value: str) -> str:
    return re.sub(r"\\(.)", r"\1", value)


def _int(value: str | None) -> int | None:
    return None if value is None else int(value)


# ----- making a record ---------------------------------------------------------------------


def deal_spans(
    data: Mapping[str, Any], names: Sequence[str] | None = None
) -> tuple[list[tuple[int, int]], list[str]]:
    """Each finished deal's actions as (first, end) indices into the match's actions, and
    every action in words (said of `names`; none without them)."""
    actions = list(data["actions"])
    match = registry.restore({**data, "actions": []})
    spans: list[tuple[int, int]] = []
    told: list[str] = []
    start = 0
    for index, action in enumerate(actions):
        player = match.current_player
        played = match.apply(action)
        if names is not None and player is not None:
            told.append(played.told(names[player]))
        if match.deals_finished > len(spans):
            spans.append((start, index + 1))
            start = index + 1
    return spans, told


def make_record(
    match: AnyGame,
    number: int,
    seats: Sequence[SeatEntry],
    date: str,
    replayed: tuple[list[tuple[int, int]], list[str]] | None = None,
) -> DealRecord:
    """The record of finished deal `number` (1 first) of `match` (`replayed`: its
    `deal_spans`, where already made)."""
    data = match.to_dict()
    names = [seat.name for seat in seats]
    spans, every = replayed if replayed is not None else deal_spans(data, names)
    first, end = spans[number - 1]
    told = every[first:end] if len(every) == len(data["actions"]) else []
    actions = tuple(str(a) for a in data["actions"][first:end])
    with translating(ENGLISH):
        result = match.deal_report(number, names).totals
    common: dict[str, Any] = {
        "game": match.game,
        "rules": dict(data["rules"]),
        "seats": tuple(seats),
        "number": number,
        "date": date,
        "result": result,
        "actions": actions,
        "told": tuple(told),
    }
    keys = match.deal_keys
    if keys is None:
        return DealRecord(
            **common, seed=int(data["seed"]), before=tuple(data["actions"][:first])
        )
    index = number - 1
    if isinstance(keys, DayKeys):  # the day's secret and commitment, as members saw them
        return DealRecord(
            **common,
            dealer=keys.dealer(index),
            nonce=keys.nonce.hex(),
            commitment=day_commitment(keys.day_secret, keys.nonce),
            secret=keys.day_secret.hex(),
            cut=keys.cut(index),
            shuffle=index,
        )
    secret = keys.secrets[index]
    return DealRecord(
        **common,
        dealer=keys.dealer(index),
        nonce=keys.nonce.hex(),
        commitment=commitment(secret, keys.nonce),
        secret=secret.hex(),
        cut=keys.cut(index),
    )


# ----- checking a record -------------------------------------------------------------------


def deal_seed(record: DealRecord) -> dict[str, Any]:
    """The seed of a new match whose first deal is the record's own deal (the same cards, the
    same dealer): a table started from one of its positions (a fair record only)."""
    if not record.fair:
        raise RecordError(say("This deal was dealt before secret deals: it cannot be played on."))
    match, _ = _start(record)
    keys = match.deal_keys
    assert keys is not None, "a fair deal's match has its keys"
    return dict(keys.to_dict())


def _start(record: DealRecord) -> tuple[AnyGame, int]:
    """The match as the deal begins, and how many deals it has finished by then."""
    try:
        spec = registry.game(record.game)
    except GameError:
        raise RecordError(
            say("The record is of a game this bot does not know: {game}.", game=record.game)
        ) from None
    data: dict[str, Any] = {"game": spec.name, "rules": record.rules, "actions": []}
    if record.fair:
        check_commitment(record)
        assert record.nonce is not None and record.secret is not None
        # a deal nobody cut (cut 0: the daily deal, the same cards for everyone) starts dealt
        kind = UncutKeys if record.cut == 0 else DealKeys
        secret = bytes.fromhex(record.secret)
        if record.shuffle is not None:  # a daily deal: its shuffle comes from the day's secret
            if record.shuffle < 0:
                raise RecordError(say("The record is malformed: its Shuffle tag is negative."))
            secret = shuffle_secret(secret, record.shuffle)
        keys = kind(
            nonce=bytes.fromhex(record.nonce),
            first_dealer=record.dealer,
            secrets=[secret],
            cuts=[record.cut or 0],
        )
        data["seed"] = keys.to_dict()
        return _restore(data), 0
    if record.seed is None:
        raise RecordError(say("The record is malformed: it has neither a secret nor a seed."))
    data["seed"] = record.seed
    data["actions"] = list(record.before)
    match = _restore(data)
    return match, match.deals_finished


def _restore(data: dict[str, Any]) -> AnyGame:
    try:
        return registry.restore(data)
    except (GameError, KeyError, TypeError, ValueError) as error:
        raise RecordError(
            say("The record's rules or earlier moves cannot be replayed: {why}", why=str(error))
        ) from None


def check_commitment(record: DealRecord) -> None:
    if record.nonce is None or record.secret is None or record.commitment is None:
        raise RecordError(
            say("The record is malformed: its nonce, secret or commitment is missing.")
        )
    try:
        secret, nonce = bytes.fromhex(record.secret), bytes.fromhex(record.nonce)
    except ValueError:
        raise RecordError(
            say("The record is malformed: its secret and nonce must be hexadecimal.")
        ) from None
    if commitment(secret, nonce) != record.commitment.lower():
        raise RecordError(
            say("The record was altered: SHA-256 of its secret and nonce is not the "
                "commitment shown before the deal.")
        )


def walk(record: DealRecord, game: str | None = None) -> Iterator[tuple[int, AnyGame]]:
    """Replay `record`, checking every part of it: yields (step, the match) before the first
    action (step 0) and after each (the same match, moved on). A RecordError says what is
    wrong; the result is checked after the last action."""
    if game is not None and record.game != game:
        raise RecordError(
            say("This record is of another game: {found}, not {expected}.",
                found=record.game, expected=game)
        )
    match, before = _start(record)
    if record.seats and len(record.seats) != match.num_players:
        raise RecordError(say("The record is malformed: its seats do not fit its rules."))
    keys = match.deal_keys
    yield 0, match
    for index, action in enumerate(record.actions):
        if match.deals_finished != before:
            raise RecordError(
                say("The record was altered: the deal ended before action {number}.",
                    number=index + 1)
            )
        try:
            match.apply(action)
        except GameError as error:
            raise RecordError(
                say("The record was altered: action {number} ({action}) is not legal: {why}",
                    number=index + 1, action=action, why=str(error))
            ) from None
        yield index + 1, match
    if match.deals_finished != before + 1:
        raise RecordError(
            say("The record is incomplete: the deal does not end with its last action.")
        )
    if keys is not None and record.cut is not None and keys.cut(0) != record.cut:
        raise RecordError(say("The record was altered: its Cut tag is not the cut made."))
    with translating(ENGLISH):
        result = match.deal_report(before + 1, record.names or _names(match)).totals
    if result != record.result:
        raise RecordError(
            say("The record was altered: its result is not what the moves give ({result}).",
                result=result)
        )


def check(record: DealRecord, game: str | None = None) -> AnyGame:
    """Replay and check the whole record; the match at the deal's end."""
    last: AnyGame | None = None
    for _, match in walk(record, game):
        last = match
    assert last is not None
    return last


def state_at(record: DealRecord, step: int) -> AnyGame:
    """The match after the record's first `step` actions (the record is trusted: a stored one)."""
    match, _ = _start(record)
    for action in record.actions[:step]:
        match.apply(action)
    return match


def _names(match: AnyGame) -> list[str]:
    return [f"Player {p + 1}" for p in range(match.num_players)]


def dealt_hands(record: DealRecord) -> list[tuple[str, str]]:
    """The hands the deal's secret, nonce and cut deal: (name, cards) per seat."""
    hands: list[tuple[str, str]] = []
    for _, match in walk(record):
        if match.pending_cut is None and not hands:
            names = record.names or _names(match)
            for player in range(match.num_players):
                cards = match.view(player).hand or ()
                hands.append((names[player], " ".join(card.pretty for card in cards)))
    return hands

"""Secret, verifiable shuffles.

Each deal has its own secret: 32 bytes from the operating system's secure generator
(Python's `secrets`), never derived from anything a player can see. The shuffle is a pure
function of (secret, nonce, cut):

1. The stream: block *i* (i = 0, 1, 2, …) is HMAC-SHA256 with the secret as key over
   ``nonce ‖ cut as 4 bytes big-endian ‖ i as 8 bytes big-endian``; the blocks are joined.
2. Numbers: the stream is read as 32-bit big-endian words. A number below *n* is the next word
   *w* with ``w < 2**32 - 2**32 % n``, taken ``w % n`` (other words are skipped, so every
   number is equally likely).
3. Fisher–Yates: for *i* from the last position down to 1, swap position *i* with position
   ``number below i + 1``. The deck starts in the game's own order (see `docs/fairness.md`).

The commitment to a deal, shown before the cut, is ``SHA-256(secret ‖ nonce)`` in hex.
`docs/fairness.md` walks through a check with a few lines of code.
"""

from __future__ import annotations

from collections.abc import MutableSequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, TypeVar

# (a match's shuffles from its seed and the cut live in `engine.shuffles`, said here too)
from engine.shuffles import Cut as Cut
from engine.shuffles import Seed as Seed
from engine.shuffles import Shuffler as Shuffler
from engine.shuffles import Shuffles as Shuffles
from engine.shuffles import parse_cut as parse_cut

# `hashlib`, `hmac` and `secrets` are imported where a secret deal or a commitment is made: a
# process that only plays seeded matches (a simulation, a benchmark) never loads them.

SECRET_BYTES = 32  # 256 bits per deal
NONCE_BYTES = 16
CUT_LIMIT = 1 << 32  # a cut is a number in [0, 2**32)

T = TypeVar("T")


def token_bytes(count: int) -> bytes:
    """`count` bytes from the operating system's secure generator (`secrets.token_bytes`)."""
    import secrets

    return secrets.token_bytes(count)


def randbelow(n: int) -> int:
    """A secure number in [0, n) (`secrets.randbelow`)."""
    import secrets

    return secrets.randbelow(n)


def commitment(secret: bytes, nonce: bytes) -> str:
    """What is shown before a deal: SHA-256 of its secret followed by the table's nonce."""
    import hashlib

    return hashlib.sha256(secret + nonce).hexdigest()


class DealStream:
    """The random numbers of one deal: the parts of `random.Random` a deal uses (`shuffle`,
    `randrange`), drawn from the HMAC-SHA256 stream of (secret, nonce, cut)."""

    __slots__ = ("_buffer", "_counter", "_mac", "_position", "_prefix")

    def __init__(self, secret: bytes, nonce: bytes, cut: int = 0) -> None:
        if not 0 <= cut < CUT_LIMIT:
            raise ValueError(f"a cut is a whole number from 0 to {CUT_LIMIT - 1}")
        import hashlib
        import hmac

        self._mac = hmac.new(secret, digestmod=hashlib.sha256)
        self._prefix = nonce + cut.to_bytes(4, "big")
        self._counter = 0
        self._buffer = b""
        self._position = 0

    def _word(self) -> int:
        if self._position + 4 > len(self._buffer):
            block = self._mac.copy()
            block.update(self._prefix + self._counter.to_bytes(8, "big"))
            self._buffer = block.digest()
            self._counter += 1
            self._position = 0
        word = int.from_bytes(self._buffer[self._position : self._position + 4], "big")
        self._position += 4
        return word

    def below(self, n: int) -> int:
        """A number in [0, n), every one equally likely (n ≤ 2**32)."""
        if n <= 1:
            return 0
        limit = CUT_LIMIT - CUT_LIMIT % n
        while True:
            word = self._word()
            if word < limit:
                return word % n

    def randrange(self, start: int, stop: int | None = None) -> int:
        if stop is None:
            start, stop = 0, start
        if stop <= start:
            raise ValueError("empty range")
        return start + self.below(stop - start)

    def shuffle(self, items: MutableSequence[T]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


@dataclass
class DealKeys:
    """A match's deal secrets: the table's public nonce, the first dealer, and one secret per
    shuffle in order (a redeal is a shuffle of its own). Missing secrets are drawn from
    `secrets` when a deal needs one; a restored match is given the stored ones."""

    nonce: bytes
    first_dealer: int | None = None
    secrets: list[bytes] = field(default_factory=list)
    cuts: list[int] = field(default_factory=list)
    dealers: list[int] = field(default_factory=list)  # who dealt each shuffle, for records
    # a player cuts before each deal; keys whose deals nobody cuts (the daily deal, the same
    # cards for everyone) say False and deal at once, uncut
    asks_for_cut: ClassVar[bool] = True

    @classmethod
    def fresh(cls) -> DealKeys:
        return cls(nonce=token_bytes(NONCE_BYTES))

    def choose_first_dealer(self, players: int) -> int:
        if self.first_dealer is None:
            self.first_dealer = randbelow(players)
        return self.first_dealer

    def secret(self, index: int) -> bytes:
        """Shuffle number `index`'s secret (0 first), drawn now if it is the next one."""
        while len(self.secrets) <= index:
            self.secrets.append(token_bytes(SECRET_BYTES))
        return self.secrets[index]

    def cut(self, index: int) -> int:
        return self.cuts[index] if index < len(self.cuts) else 0

    def set_cut(self, index: int, cut: int) -> None:
        while len(self.cuts) <= index:
            self.cuts.append(0)
        self.cuts[index] = cut

    def note_dealer(self, index: int, dealer: int) -> None:
        while len(self.dealers) <= index:
            self.dealers.append(dealer)
        self.dealers[index] = dealer

    def dealer(self, index: int) -> int | None:
        return self.dealers[index] if index < len(self.dealers) else None

    def stream(self, index: int) -> DealStream:
        return DealStream(self.secret(index), self.nonce, self.cut(index))

    def commitment(self, index: int) -> str:
        return commitment(self.secret(index), self.nonce)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "nonce": self.nonce.hex(),
            "first_dealer": self.first_dealer,
            "secrets": [secret.hex() for secret in self.secrets],
            "cuts": list(self.cuts),
            "dealers": list(self.dealers),
        }
        if not self.asks_for_cut:
            data["uncut"] = True
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> DealKeys:
        first = data.get("first_dealer")
        kind = UncutKeys if data.get("uncut") else cls
        return kind(
            nonce=bytes.fromhex(str(data["nonce"])),
            first_dealer=None if first is None else int(first),
            secrets=[bytes.fromhex(str(s)) for s in data.get("secrets", [])],
            cuts=[int(c) for c in data.get("cuts", [])],
            dealers=[int(d) for d in data.get("dealers", [])],
        )


class UncutKeys(DealKeys):
    """Deal keys whose deals nobody cuts (cut 0): the daily deal's, and a record of one."""

    asks_for_cut: ClassVar[bool] = False


def seed_from_json(value: Any) -> Seed:
    return DealKeys.from_dict(value) if isinstance(value, dict) else int(value)


def seed_to_json(seed: Seed) -> Any:
    return seed.to_dict() if isinstance(seed, DealKeys) else seed


# ----- the cut -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PendingCut:
    """A secret deal waiting for its cut: who cuts, the deck's size, and the commitment to
    the shuffle's secret (shown now; the secret itself only once the deal is over)."""

    index: int  # the shuffle's number in the match, 0 first
    dealer: int  # as the game's deal takes it
    cutter: int  # the player who cuts
    deck_size: int
    commitment: str

    @property
    def low(self) -> int:
        return 1

    @property
    def high(self) -> int:
        return max(1, self.deck_size - 1)

    @property
    def default(self) -> int:
        return max(1, self.deck_size // 2)

    def choices(self, count: int = 13) -> tuple[Cut, ...]:
        """Cuts spread over the deck for a one-tap choice (the default among them)."""
        spread = {self.default}
        for step in range(count):
            spread.add(self.low + round(step * (self.high - self.low) / max(1, count - 1)))
        return tuple(Cut(n) for n in sorted(spread))

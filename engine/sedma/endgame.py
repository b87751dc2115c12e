"""An exact search of a Sedma hand once the stock is empty, every card seen (one imagined
world of the hard player): alpha-beta over the remaining tricks, the searching seat's side
maximising its result (game points first, points second, as `ai.margin` counts them) and the
other side minimising it.

Suits never matter in Sedma, so a card is searched as its rank alone (a code): cards of one
rank are the same move. With three players K♥ is wild except when led (then it is a king):
its code is 14. The search keeps a table of the trick starts it has valued (bounds, as
alpha-beta leaves them) and gives up past a node cap (`TooBig`), for the caller to fall back
on a play-out. Hola (fights, the hola bonus) and the "only against the opponents" option are
not searched (`searchable`)."""

from __future__ import annotations

from engine.cards import Card
from engine.sedma.hand import DECIDE_PHASE, SedmaHand
from engine.sedma.rules import KING_OF_HEARTS, MAX_ROUNDS

WILD_KING = 14  # K♥ with three players
_EXACT, _LOWER, _UPPER = 0, 1, 2
_INF = float("inf")


class TooBig(Exception):
    """The search passed its node cap."""


def searchable(hand: SedmaHand) -> bool:
    """Whether the hand's rest can be searched here: Sedma, the stock empty."""
    rules = hand.rules
    return not rules.is_hola and not rules.only_against_opponents and not hand.stock


def cards_left(hand: SedmaHand) -> int:
    return sum(len(cards) for cards in hand.hands)


def _code(card: Card, three: bool) -> int:
    return WILD_KING if three and card == KING_OF_HEARTS else card.rank


def _rank(code: int) -> int:
    return 13 if code == WILD_KING else code


def _points(code: int) -> int:
    return 10 if code in (1, 10) else 0


def _wild(code: int) -> bool:
    return code in (7, WILD_KING)


class Endgame:
    """The searches of one world for one seat (their table shared between the moves tried)."""

    def __init__(self, seat: int, cap: int, model: bool = False) -> None:
        self.seat = seat
        self.cap = cap
        self.model = model  # the other side plays the normal player's rules of thumb
        self.nodes = 0
        self.table: dict[tuple[object, ...], tuple[int, float]] = {}

    def value(self, hand: SedmaHand) -> float:
        """The result for `seat`'s side of `hand` (stock empty) with best play by everyone."""
        if hand.is_over:
            score = hand.score()
            side = hand.side_of(self.seat)
            won = score.game_points if score.winner == side else -score.game_points
            return 100.0 * won + score.points[side] - score.points[1 - side]
        players = hand.players
        three = hand.rules.three_handed
        self.players = players
        self.hands = [sorted(_code(c, three) for c in cards) for cards in hand.hands]
        self.side = [hand.side_of(p) for p in range(players)]
        self.root = self.side[self.seat]
        self.points = [0, 0]
        self.tricks = [0, 0]
        for player in range(players):
            s = self.side[player]
            self.points[s] += sum(_points(_code(c, three)) for c in hand.taken[player])
            self.tricks[s] += hand.tricks[player]
        if not hand.trick:
            return self._trick(hand.leader, -_INF, _INF)
        leader = hand.leader
        led = _rank(_code(hand.trick[0][1], three))
        holder = hand.winning()
        assert holder is not None
        in_trick = sum(_points(_code(c, three)) for _, c in hand.trick)
        if hand.phase is DECIDE_PHASE:
            return self._round_over(leader, led, holder, in_trick, hand.round, -_INF, _INF)
        done = hand.round_cards()
        return self._play(leader, done, led, holder, in_trick, hand.round, -_INF, _INF)

    # ----- the search -------------------------------------------------------------------

    def _end(self, last: int) -> float:
        points = list(self.points)
        points[last] += 10
        winner = 0 if points[0] >= 50 else 1
        loser = 1 - winner
        if self.tricks[loser] == 0:
            game = 3
        elif points[loser] == 0:
            game = 2
        else:
            game = 1
        root = self.root
        won = game if winner == root else -game
        return 100.0 * won + points[root] - points[1 - root]

    def _trick(self, leader: int, alpha: float, beta: float) -> float:
        """A trick about to be led by `leader` (every hand holding cards)."""
        key = (
            tuple(map(tuple, self.hands)),
            leader,
            self.points[0],
            self.points[1],
            self.tricks[0] > 0,
            self.tricks[1] > 0,
        )
        stored = self.table.get(key)
        if stored is not None:
            flag, value = stored
            if flag == _EXACT:
                return value
            if flag == _LOWER and value >= beta:
                return value
            if flag == _UPPER and value <= alpha:
                return value
        value = self._play(leader, 0, 0, leader, 0, 1, alpha, beta)
        if value <= alpha:
            self.table[key] = (_UPPER, value)
        elif value >= beta:
            self.table[key] = (_LOWER, value)
        else:
            self.table[key] = (_EXACT, value)
        return value

    def _play(
        self,
        leader: int,
        done: int,
        led: int,
        holder: int,
        points: int,
        round_: int,
        alpha: float,
        beta: float,
    ) -> float:
        """The `done`-th card of this round is to be played (0: the lead)."""
        players = self.players
        if done == players:
            return self._round_over(leader, led, holder, points, round_, alpha, beta)
        self.nodes += 1
        if self.nodes > self.cap:
            raise TooBig
        mover = (leader + done) % players
        hand = self.hands[mover]
        maximise = self.side[mover] == self.root
        best = -_INF if maximise else _INF
        if self.model and not maximise:
            order = [self._normal_play(mover, done, led, holder, points, round_)]
        elif done == 0:
            order = _distinct(hand)
        elif self.side[holder] == self.side[mover]:
            order = sorted(set(hand), key=_smear_first)
        else:
            order = sorted(set(hand), key=lambda c: 0 if c == led else 1 if _wild(c) else 2)
        for code in order:
            if done == 0 and round_ == 1:
                new_led, new_holder = _rank(code), mover
            elif _wild(code) or _rank(code) == led:
                new_led, new_holder = led, mover
            else:
                new_led, new_holder = led, holder
            hand.remove(code)
            value = self._play(
                leader, done + 1, new_led, new_holder, points + _points(code), round_, alpha, beta
            )
            hand.append(code)
            hand.sort()
            if maximise:
                if value > best:
                    best = value
                if value > alpha:
                    alpha = value
            else:
                if value < best:
                    best = value
                if value < beta:
                    beta = value
            if alpha >= beta:
                break
        return best

    def _round_over(
        self,
        leader: int,
        led: int,
        holder: int,
        points: int,
        round_: int,
        alpha: float,
        beta: float,
    ) -> float:
        """Every player has played this round: the leader may go again, or the trick ends."""
        hand = self.hands[leader]
        again = (
            [c for c in _distinct(hand) if _wild(c) or _rank(c) == led]
            if hand and round_ < MAX_ROUNDS
            else []
        )
        if not again:
            return self._finish(holder, points, alpha, beta)
        self.nodes += 1
        maximise = self.side[leader] == self.root
        if self.model and not maximise:  # the normal player goes again unless it holds
            if self._known(leader, holder) is True:
                return self._finish(holder, points, alpha, beta)
            code = min(again, key=_cost)
            hand.remove(code)
            value = self._play(
                leader, 1, led, leader, points + _points(code), round_ + 1, alpha, beta
            )
            hand.append(code)
            hand.sort()
            return value
        best = self._finish(holder, points, alpha, beta)
        if maximise:
            alpha = max(alpha, best)
        else:
            beta = min(beta, best)
        for code in again:
            if alpha >= beta:
                break
            hand.remove(code)
            value = self._play(
                leader, 1, led, leader, points + _points(code), round_ + 1, alpha, beta
            )
            hand.append(code)
            hand.sort()
            if maximise:
                best = max(best, value)
                alpha = max(alpha, value)
            else:
                best = min(best, value)
                beta = min(beta, value)
        return best

    # ----- the normal player (`ai.heuristic`), on codes --------------------------------------

    def _known(self, seat: int, other: int) -> bool | None:
        """`ai.partner_known`: whether `seat` knows `other` plays on its side."""
        if other == seat:
            return True
        if self.players != 3:
            return self.side[seat] == self.side[other]
        if WILD_KING in self.hands[seat]:
            return False
        if not any(WILD_KING in hand for hand in self.hands):
            return self.side[seat] == self.side[other]
        return None

    def _normal_play(
        self, mover: int, done: int, led: int, holder: int, points: int, round_: int
    ) -> int:
        hand = self.hands[mover]
        players = self.players
        if done == 0:
            counts: dict[int, int] = {}
            for code in hand:
                counts[_rank(code)] = counts.get(_rank(code), 0) + 1
            return min(hand, key=lambda c: -2 * counts[_rank(c)] + _cost(c) / 5)
        matching = [c for c in hand if _wild(c) or _rank(c) == led]
        plain = [c for c in hand if not (_wild(c) or _rank(c) == led)]
        if self._known(mover, holder) is True:
            smear = [c for c in plain if _points(c)]
            if smear and (done == players - 1 or players == 2):
                return smear[0]
            return min(plain or hand, key=_cost)
        late = sum(map(len, self.hands)) <= 2 * players
        natural = [c for c in matching if not _wild(c)]
        if natural and (points or late or _points(natural[0]) == 0):
            return natural[0]
        wild = [c for c in matching if _wild(c)]
        if wild and (points >= 10 or late):
            return wild[0]
        return min(plain or hand, key=_cost)

    def _finish(self, holder: int, points: int, alpha: float, beta: float) -> float:
        side = self.side[holder]
        self.points[side] += points
        self.tricks[side] += 1
        value = self._trick(holder, alpha, beta) if self.hands[holder] else self._end(side)
        self.points[side] -= points
        self.tricks[side] -= 1
        return value


def _cost(code: int) -> float:
    """`ai._cost`: what giving a card away costs."""
    return _points(code) + (15 if _wild(code) else 0) + _rank(code) / 100


def _smear_first(code: int) -> int:
    """Into a trick the own side holds: points first, a wild card last."""
    return -_points(code) + (20 if _wild(code) else 0)


def _distinct(hand: list[int]) -> list[int]:
    """The codes of a sorted hand, each once."""
    return sorted(set(hand))

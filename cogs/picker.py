"""The private hand: "My hand", the move picker (card, move, confirm) and playing a move."""

from __future__ import annotations

import contextlib
import io
import logging
import re
import time
from collections.abc import Awaitable, Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Protocol

import discord

from bot import logs
from bot.drawing import drawn
from bot.flow import Move
from bot.i18n import N_, _, ngettext
from bot.localised import localise
from bot.step import decides_again
from bot.storage import StoreFault
from bot.tables import BUSY, MoveResult, TableError, TableSession
from cogs.common import (
    MOVE_NOT_SAVED,
    PAGE,
    TAKEN,
    UNEXPECTED,
    OwnView,
    TableButton,
    answer_unexpected,
    bot_of,
    guarded,
    plays_text,
    session_for,
    tell,
)
from cogs.replies import InteractionReply
from cogs.ui_types import ViewItem, component_type_of, custom_id_of
from engine.cards import Card
from engine.core import PUBLIC, Action, AnyGame, MoveGroup
from engine.pictures import TrickTable
from engine.registry import Hint

if TYPE_CHECKING:
    from bot.client import SeepBot


class HandButton(TableButton, kind="hand", label=N_("My hand"), style=discord.ButtonStyle.primary):
    @guarded
    async def callback(self, interaction: discord.Interaction) -> None:
        await show_hand(interaction, session_for(interaction, self.table_id))


class PickerTable(Protocol):
    """What the move picker reads of a table: a channel's table or a member's daily deal."""

    @property
    def id(self) -> int: ...

    @property
    def match(self) -> AnyGame | None: ...

    @property
    def turn_number(self) -> int: ...

    @property
    def ended(self) -> bool: ...

    @property
    def hints_on(self) -> bool: ...

    def seat_of(self, user_id: int) -> int | None: ...

    def names(self) -> list[str]: ...

    async def hint(self, user_id: int, turn_number: int) -> Hint: ...


async def hand_files(session: PickerTable, seat: int, table: bool = False) -> list[discord.File]:
    """The seat's private image: their hand (the table is in the channel, where its message
    says the rest); with `table`, the table from their side with the hand beneath, for a game
    played privately with no table message to look at (the daily deal)."""
    from renderers import hand as hand_image  # imported at the first table, not at start
    from renderers import private as private_image

    assert session.match is not None
    if session.match.pending_cut is not None:
        return []  # the deck is being cut: no cards are dealt yet
    view = session.match.view(seat)
    if table:
        # one image, the player's own seat at the bottom of the table, their hand beneath
        # (two images in one message would be cropped side by side into a square)
        picture = session.match.view(PUBLIC).picture(session.names())
        both = await drawn(private_image.render_png, picture, view.hand_picture(), seat)
        return [discord.File(io.BytesIO(both), filename="table.png")]
    png = await drawn(hand_image.render_png, view)
    return [discord.File(io.BytesIO(png), filename="hand.png")]


class LastTrickButton(TableButton, kind="lasttrick", label=N_("Last trick")):
    """The table message's "Last trick": privately, the most recent trick taken this hand."""

    @guarded
    async def callback(self, interaction: discord.Interaction) -> None:
        session = session_for(interaction, self.table_id)
        from renderers import table as table_image
        from renderers import tricks as tricks_image

        seat = await seat_in_play(interaction, session)
        if seat is None or session.match is None:
            return
        picture = session.match.view(PUBLIC).picture(session.names())
        last = tricks_image.last_trick_picture(picture) if isinstance(picture, TrickTable) else None
        if last is None:
            await tell(interaction, _("No trick has been taken yet this hand."))
            return
        png = await drawn(table_image.render_picture_png, last, table_image.DEFAULT_THEME, seat)
        await interaction.response.send_message(
            _("The last trick:"),
            file=discord.File(io.BytesIO(png), filename="last-trick.png"),
            ephemeral=True,
        )


async def seat_in_play(interaction: discord.Interaction, session: TableSession) -> int | None:
    """The user's seat at a table whose match has started; None when there is none (and they
    are told why)."""
    seat = session.seat_of(interaction.user.id)
    if seat is None:
        await tell(interaction, _("You are not at this table."))
        return None
    if session.match is None:
        await tell(interaction, _("The game has not started yet."))
        return None
    return seat


async def show_hand(
    interaction: discord.Interaction, session: TableSession, note: str = ""
) -> None:
    """Answer privately with the player's hand and, on their turn, the move picker."""
    user_id = interaction.user.id
    seat = await seat_in_play(interaction, session)
    if seat is None or session.match is None:
        return
    files = await hand_files(session, seat)
    recent = session.since_own_turn(seat)
    if recent:
        lines = plays_text(recent, session.names(), 900)  # in the reader's language
        note += _("Since your last turn:") + f"\n{lines}\n"
    if session.match.is_terminal or session.match.current_player != seat:
        waiting = (
            _("The game is over.")
            if session.match.is_terminal
            else _("It's {name}'s turn.", name=session.name_of(session.match.current_player or 0))
        )
        await interaction.response.send_message(note + waiting, files=files, ephemeral=True)
        return
    picker = Picker(session, user_id)
    await interaction.response.send_message(
        note + picker.prompt(), files=files, view=picker, ephemeral=True
    )


PICK = re.compile(r"pick:(?P<table>\d+):(?P<turn>\d+)")
EXPIRED = N_("That picker had expired (or the bot restarted): here is your hand again.")
DECIDED = N_(
    "That decision was already made (or its time ran out), so nothing was played again: here "
    "is your hand now."
)


def is_handled(interaction: discord.Interaction) -> bool:
    """Whether discord.py will hand this click to someone: a live view (kept by message, or by
    nothing for a view sent without one), or a persistent item whose pattern matches a
    component the message really has (the same lookups as discord.py's)."""
    kind, custom_id = component_type_of(interaction), custom_id_of(interaction)
    store = interaction.client._connection._view_store
    message_id = interaction.message.id if interaction.message is not None else None
    key = (kind, custom_id)
    if store._views.get(message_id, {}).get(key) or store._views.get(None, {}).get(key):
        return True
    if interaction.message is None or not any(
        pattern.fullmatch(custom_id) for pattern in store._dynamic_items
    ):
        return False
    return any(
        getattr(child, "custom_id", None) == custom_id
        and getattr(getattr(child, "type", None), "value", None) == kind
        for child in _every_component(interaction.message.components)
    )


def _every_component(components: Sequence[object]) -> Iterator[object]:
    """A message's components and those nested in them (a layout message's containers,
    sections and rows)."""
    for component in components:
        yield component
        yield from _every_component(getattr(component, "children", None) or [])
        accessory = getattr(component, "accessory", None)
        if accessory is not None:
            yield accessory


# A picker played elsewhere (its `tag`, as its components' ids begin) answers its own stale
# clicks: tag -> what answers them
STALE_PICKERS: dict[str, Callable[[discord.Interaction], Awaitable[None]]] = {}


async def answer_unhandled_component(interaction: discord.Interaction) -> None:
    """A click nobody will answer gets a private answer instead of Discord's "This
    interaction failed": a picker that timed out or predates a restart, a fresh hand; anything
    else, a plain word."""
    if interaction.type is not discord.InteractionType.component:
        return
    if interaction.extras.get(TAKEN) or is_handled(interaction):
        return
    await localise(interaction)
    custom_id = custom_id_of(interaction)
    stale = STALE_PICKERS.get(custom_id.split(":", 1)[0])
    if stale is not None:
        await stale(interaction)
        return
    found = PICK.match(custom_id)
    if found is None:
        await tell(interaction, _(UNEXPECTED))
        return
    try:
        session = session_for(interaction, int(found["table"]))
    except TableError as error:
        await tell(interaction, str(error))
        return
    note = _(DECIDED) if int(found["turn"]) < session.turn_number else _(EXPIRED)
    await show_hand(interaction, session, note + "\n")


Handler = Callable[..., Awaitable[None]]
MOVE_LISTS = 4  # selects of moves in one picker (the fifth row keeps the Hint button)


def move_lists(groups: list[tuple[Action, ...]]) -> list[list[Action]] | None:
    """Every move in at most `MOVE_LISTS` lists of `PAGE`, a card's moves kept together where
    they fit in one list; None when there are more moves than the lists hold."""
    lists: list[list[Action]] = [[]]
    for moves in groups:
        if len(lists[-1]) + len(moves) > PAGE and lists[-1]:
            lists.append([])
        for move in moves:
            if len(lists[-1]) == PAGE:
                lists.append([])
            lists[-1].append(move)
    return lists if len(lists) <= MOVE_LISTS else None


# A picker listens for 14 minutes: its message's token lasts 15, so every answer it gives is
# still allowed. A later click is a new interaction (a new token) and gets a fresh picker.
PICKER_SECONDS = 14 * 60
log = logging.getLogger("seepbot.picker")


class Picker(OwnView):
    """Choose a card (or answer the phase's question), then one of its moves, then confirm.
    Reopen "My hand" for a fresh one. A subclass plays its moves elsewhere (`submit`) and
    tags its components with its own `tag`."""

    tag = "pick"

    def __init__(self, session: PickerTable, user_id: int) -> None:
        super().__init__(timeout=PICKER_SECONDS)
        self.session = session
        self.user_id = user_id
        self.turn = session.turn_number
        self.card: str | None = None
        self.move: str | None = None
        self.hint: str | None = None  # the reason, while the hinted move waits for Confirm
        self.page = 0
        self.numbers: dict[str, int] = {}  # each card's number on the hand image
        self._build()

    # what is shown -----------------------------------------------------------------------

    @property
    def match(self) -> AnyGame:
        assert self.session.match is not None
        return self.session.match

    def groups(self) -> list[MoveGroup]:
        return list(self.match.move_groups())

    def phase(self) -> MoveGroup | None:
        """A phase's question (a bid…), asked instead of a card list."""
        return next((g for g in self.groups() if g.prompt), None)

    def prompt(self) -> str:
        if self.move:
            move = self.match.describe(self.move, self.session.names())
            question = _("Play **{move}**?", move=move)
            return (
                _("Hint: {reason}", reason=self.hint) + "\n" + question if self.hint else question
            )
        if self.card:
            return _("Moves with {card}:", card=self.card)
        phase = self.phase()
        if phase is not None and phase.prompt:
            return phase.prompt
        legal = self.match.legal_actions()
        if len(legal) == 1:
            return _("Your turn: one move is possible.")
        if len(legal) <= PAGE:
            return _("Your turn: choose your move (it is played at once).")
        if move_lists([g.actions for g in self.groups()]) is not None:
            return _("Your turn: choose your move from the list of its card (played at once).")
        return _("Your turn: choose a card.")

    def _build(self) -> None:
        """The picker's components for where the player is: confirming a move, choosing
        among the turn's moves, or choosing among one card's (or one question's) moves."""
        self.clear_items()
        seat = self.session.seat_of(self.user_id)
        hand = () if seat is None else self.match.view(seat).hand_picture().cards
        pack = self.match.pack  # the cards as the table shows them
        self.numbers = {card.shown(pack): n for n, card in enumerate(hand, 1)}  # as the image
        tag = f"{self.tag}:{self.session.id}:{self.turn}"
        if self.move:
            self._add_confirm(tag)
            return
        phase = self.phase()
        if self.card is None and phase is None:
            self._add_turn_moves(tag)
            return
        groups = self.groups()
        chosen = phase if self.card is None else next(g for g in groups if g.key == self.card)
        assert chosen is not None
        if chosen.choose:
            self._add_card_choice(tag, chosen)
        elif chosen.buttons:
            self._add_answer_buttons(tag, chosen)
        else:
            self._add_move_page(tag, chosen)

    def _add_confirm(self, tag: str) -> None:
        """Confirm (or go back on) the move chosen, or hinted."""
        self.add_item(
            _Button(_("Confirm"), f"{tag}:confirm", discord.ButtonStyle.success, self._confirm)
        )
        self.add_item(_Button(_("Back"), f"{tag}:back", discord.ButtonStyle.secondary, self._back))

    def _add_turn_moves(self, tag: str) -> None:
        """The turn's moves in as few taps as they allow: a forced move in one button, a few
        moves in one list, more in a list per few cards, else a list of the cards."""
        legal = list(self.match.legal_actions())
        if len(legal) == 1:  # a forced move: one tap plays it
            label = self._label(legal[0])[:80]  # the move's words say their verb
            self.add_item(
                _Button(label, f"{tag}:forced", discord.ButtonStyle.success,
                        self._play_now(legal[0].notation))
            )  # fmt: skip
            return
        groups = self.groups()
        lists = move_lists([g.actions for g in groups])
        if len(legal) <= PAGE:  # every move in one list, each in words: picked, played
            options = self._move_options(legal)
            self.add_item(_Select(_("Choose your move"), f"{tag}:play", options, self._play_move))
        elif lists is not None:  # several lists, a few cards' moves each: still 3 taps
            self._add_move_lists(tag, lists)
        else:
            self._add_card_list(tag, groups)
        self._add_hint_button(tag)

    def _add_move_lists(self, tag: str, lists: list[list[Action]]) -> None:
        """One select per list of moves, named after the cards whose moves it holds."""
        for index, moves in enumerate(lists):
            keys = dict.fromkeys(self._key(m) for m in moves)
            options = self._move_options(moves)
            placeholder = _("Moves with {cards}", cards=", ".join(keys))[:150]
            self.add_item(_Select(placeholder, f"{tag}:play:{index}", options, self._play_move))

    def _add_card_list(self, tag: str, groups: list[MoveGroup]) -> None:
        """The cards to choose from, numbered like the hand image, each with what it can do."""
        options = [
            discord.SelectOption(
                label=f"{self._number(g.key)}{g.key}",
                value=g.key,
                description=self._card_text(g)[:100],
            )
            for g in groups
        ][:PAGE]
        self.add_item(_Select(_("Choose a card"), f"{tag}:card", options, self._choose_card))

    def _add_answer_buttons(self, tag: str, group: MoveGroup) -> None:
        """A question answered with a tap (a bid, a call…): one button per answer."""
        names = self.session.names()
        for index, action in enumerate(group.actions):
            label = self.match.describe(action, names)[:80]
            self.add_item(
                _Button(label, f"{tag}:answer:{index}", discord.ButtonStyle.primary,
                        self._play_now(action.notation))
            )  # fmt: skip
        self._add_hint_button(tag)

    def _add_move_page(self, tag: str, group: MoveGroup) -> None:
        """One page of a card's (or a question's) moves, with Previous and Next past one
        page, and Back to the cards (or the Hint button for a question)."""
        moves = list(group.actions)
        pages = max(1, -(-len(moves) // PAGE))
        shown = moves[self.page * PAGE : (self.page + 1) * PAGE]
        names = self.session.names()
        options = [
            discord.SelectOption(label=self.match.describe(m, names)[:100], value=m.notation)
            for m in shown
        ]
        self.add_item(
            _Select(_("Choose a move"), f"{tag}:move:{self.page}", options, self._play_move)
        )
        if pages > 1:
            self._add_page_buttons(tag, pages)
        if self.card is not None:
            self.add_item(
                _Button(_("Back"), f"{tag}:back", discord.ButtonStyle.secondary, self._back)
            )
        else:
            self._add_hint_button(tag)

    def _add_page_buttons(self, tag: str, pages: int) -> None:
        self.add_item(
            _Button(_("Previous"), f"{tag}:prev", discord.ButtonStyle.secondary, self._prev,
                    disabled=self.page == 0)
        )  # fmt: skip
        self.add_item(
            _Button(_("Next"), f"{tag}:next", discord.ButtonStyle.secondary, self._next,
                    disabled=self.page >= pages - 1)
        )  # fmt: skip

    def _move_options(self, moves: Sequence[Action]) -> list[discord.SelectOption]:
        """Moves to choose from, each in words and numbered like the hand image."""
        return [discord.SelectOption(label=self._label(m)[:100], value=m.notation) for m in moves]

    def _key(self, action: Action) -> str:
        card = action.card
        if card is None:
            return "…"
        shown = card.shown(self.match.pack)
        return f"{self._number(shown)}{shown}"

    def _number(self, key: str) -> str:
        """ "3 · " for the third card of the hand image (its cards are numbered)."""
        return f"{self.numbers[key]} · " if key in self.numbers else ""

    def _label(self, action: Action) -> str:
        card = action.card
        number = self._number(card.shown(self.match.pack)) if card is not None else ""
        return number + str(self.match.describe(action, self.session.names()))

    def _card_text(self, group: MoveGroup) -> str:
        """What a card can do, for the card list: its move, or how many and which kinds."""
        names = self.session.names()
        if len(group.actions) == 1:
            return str(self.match.describe(group.actions[0], names))
        kinds = dict.fromkeys(
            str(self.match.describe(a, names)).split(" ", 1)[0] for a in group.actions
        )
        return ngettext(
            "{count} move: {kinds}",
            "{count} moves: {kinds}",
            len(group.actions),
            kinds=", ".join(k.lower() for k in kinds),
        )

    async def submit(self, interaction: discord.Interaction, notation: str) -> None:
        """Play the chosen move (at the channel's table)."""
        assert isinstance(self.session, TableSession)
        await play_move(interaction, self.session, notation, self.turn, picker=self)

    def _play_now(self, notation: str) -> Handler:
        async def play(interaction: discord.Interaction) -> None:
            await self.submit(interaction, notation)

        return play

    async def _play_move(self, interaction: discord.Interaction, value: str) -> None:
        await self.submit(interaction, value)

    def _add_card_choice(self, tag: str, group: MoveGroup) -> None:
        """A move made of several cards (a bury): one select, exactly `group.choose` of them."""
        pack = self.match.pack
        options = [discord.SelectOption(label=c.shown(pack), value=str(c)) for c in group.cards][
            :PAGE
        ]
        count = min(group.choose, len(options))
        select = _Select(
            ngettext("Choose {count} card", "Choose {count} cards", count),
            f"{tag}:cards",
            options,
            self._choose_cards,
        )
        select.min_values = select.max_values = count
        self.add_item(select)
        self._add_hint_button(tag)

    async def _choose_cards(self, interaction: discord.Interaction, *values: str) -> None:
        group = self.phase()
        try:
            if group is None:
                raise ValueError(_("There is nothing to choose now."))
            action = self.match.combine(group.key, [Card.parse(v) for v in values])
            self.match.describe(action, self.session.names())
        except ValueError as error:
            await tell(interaction, str(error))
            return
        # chosen together in one select, the cards are the move: played at once
        await self.submit(interaction, action.notation)

    def _add_hint_button(self, tag: str) -> None:
        if self.session.hints_on:
            self.add_item(
                _Button(_("Hint"), f"{tag}:hint", discord.ButtonStyle.secondary, self._hint)
            )

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        await super().interaction_check(interaction)  # marked as ours at once
        await localise(interaction)  # runs before the item's own callback
        logs.set_table(self.session.id)
        if self.session.ended:
            await tell(interaction, _("This table has ended."))
            self.stop()
            return False
        if interaction.user.id != self.user_id:
            await tell(interaction, _("This is not your hand."))
            return False
        if self.session.turn_number != self.turn:
            await tell(interaction, _("That was an earlier turn: press “My hand” again."))
            return False
        return True

    async def on_error(
        self, interaction: discord.Interaction, error: Exception, item: ViewItem, /
    ) -> None:
        await answer_unexpected(interaction, error)

    async def _redraw(self, interaction: discord.Interaction) -> None:
        self._build()
        await interaction.response.edit_message(content=self.prompt(), view=self)

    async def _choose_card(self, interaction: discord.Interaction, value: str) -> None:
        self.card, self.page = value, 0
        await self._redraw(interaction)

    async def _hint(self, interaction: discord.Interaction) -> None:
        try:
            hint = await self.session.hint(self.user_id, self.turn)
        except TableError as error:
            await tell(interaction, str(error))
            return
        self.move, self.hint = hint.action.notation, hint.reason
        group = next((g for g in self.groups() if hint.action in g.actions and not g.prompt), None)
        self.card = group.key if group is not None else None
        await self._redraw(interaction)

    async def _back(self, interaction: discord.Interaction) -> None:
        self.hint = None
        if self.move:
            self.move = None
        else:
            self.card, self.page = None, 0
        await self._redraw(interaction)

    async def _prev(self, interaction: discord.Interaction) -> None:
        self.page = max(0, self.page - 1)
        await self._redraw(interaction)

    async def _next(self, interaction: discord.Interaction) -> None:
        self.page += 1
        await self._redraw(interaction)

    async def _confirm(self, interaction: discord.Interaction) -> None:
        await self.submit(interaction, self.move or "")


async def play_move(
    interaction: discord.Interaction,
    session: TableSession,
    move: str,
    turn: int | None,
    picker: Picker | None = None,
) -> None:
    """Acknowledge the move at once (Discord allows 3 seconds for that), then apply and store
    it and say what happened by editing the answer (the player's message, or the picker in
    place). A move whose acknowledgement Discord refuses (it came too late: the player saw
    "This interaction failed") is not played. The table is posted whatever happens to the
    answer."""
    bot = bot_of(interaction)
    if bot.flow.overloaded():  # refused at once, before anything is queued
        await interaction.response.send_message(_(BUSY), ephemeral=True)
        return
    with bot.flow.answering(interaction.id):
        await _play_move(bot, interaction, session, move, turn, picker)


async def _play_move(
    bot: SeepBot,
    interaction: discord.Interaction,
    session: TableSession,
    move: str,
    turn: int | None,
    picker: Picker | None,
) -> None:
    started = time.monotonic()
    taken_at = time.time()
    try:
        if picker is not None:
            await interaction.response.defer()  # the picker message is edited below
        else:
            await interaction.response.defer(ephemeral=True, thinking=True)
    except discord.HTTPException as error:
        # Too late for Discord (its player was shown that the interaction failed): the move
        # is not played, so what they saw is true; they may send it again.
        log.info("a move at table %s was not acknowledged in time, so not played: %s",
                 session.id, error)  # fmt: skip
        return
    reply = InteractionReply(interaction.token)  # the table follows through it
    asked_at = interaction.created_at.timestamp()
    played = Move(interaction.user.id, move, turn, asked_at, taken_at, reply)
    try:
        await _play_and_answer(bot, interaction, session, played, picker, started)
    finally:
        reply.answered.set()


async def _play_and_answer(
    bot: SeepBot,
    interaction: discord.Interaction,
    session: TableSession,
    move: Move,
    picker: Picker | None,
    started: float,
) -> None:
    try:
        result = await bot.flow.play(session, move)
    except (TableError, StoreFault) as error:
        if isinstance(error, StoreFault):
            log.warning("a move at table %s could not be stored: %s", session.id, error)
        text = _(MOVE_NOT_SAVED) if isinstance(error, StoreFault) else str(error)
        with contextlib.suppress(discord.HTTPException):
            if picker is not None:
                await interaction.followup.send(text, ephemeral=True)
            else:
                await interaction.edit_original_response(content=text)
        return
    assert isinstance(result, MoveResult)
    seconds = time.monotonic() - started
    bot.metrics.move_seconds.observe(seconds)
    log.debug("move %d stored after %.3f s", session.turn_number, seconds)
    # The player hears of their move; the flow posts the table (should the bot stop in
    # between, the move's table message is in the store's outbox and posted at the restart).
    done = _("Your move: {play}", play=result.text)
    try:
        if picker is None:
            await interaction.edit_original_response(content=done)
            return
        picker.stop()
        following = await next_picker(session, picker.user_id, result.player)
        if following is None:
            await interaction.edit_original_response(content=done, view=None, attachments=[])
            return
        # the same player decides again at once: the picker shows the next decision in place
        next_one, files = following
        await interaction.edit_original_response(
            content=f"{done}\n{next_one.prompt()}", view=next_one, attachments=files
        )
    except discord.HTTPException:
        log.warning(
            "could not tell %s about their move at table %s", interaction.user.id, session.id
        )


async def next_picker(
    session: TableSession, user_id: int, seat: int
) -> tuple[Picker, list[discord.File]] | None:
    """A picker for the seat's next decision when it is theirs again right away (a pick, then
    the bury, then the call; a bid, then the first play; going on with a trick)."""
    if session.ended or not decides_again(session.match, session.seats, seat):
        return None
    return Picker(session, user_id), await hand_files(session, seat)


class _Button(discord.ui.Button[Picker]):
    def __init__(
        self,
        label: str,
        custom_id: str,
        style: discord.ButtonStyle,
        handler: Handler,
        disabled: bool = False,
    ) -> None:
        super().__init__(label=label, custom_id=custom_id, style=style, disabled=disabled)
        self.handler = handler

    @guarded
    async def callback(self, interaction: discord.Interaction) -> None:
        await self.handler(interaction)


class _Select(discord.ui.Select[Picker]):
    def __init__(
        self,
        placeholder: str,
        custom_id: str,
        options: list[discord.SelectOption],
        handler: Handler,
    ) -> None:
        super().__init__(placeholder=placeholder, custom_id=custom_id, options=options)
        self.handler = handler

    @guarded
    async def callback(self, interaction: discord.Interaction) -> None:
        await self.handler(interaction, *self.values)

"""/privacy forget-me (a member's own request) and /privacy forget (a server manager's, for
one member of their server): a member's data deleted or made anonymous, after a
confirmation (bot.storage.erasure; docs/admin.md, "A member's data")."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import N_, _, ngettext, slash
from bot.storage.erasure import Forgotten, forget_member
from cogs.common import OwnView, tell
from cogs.ui_types import ViewButton

if TYPE_CHECKING:
    from bot.client import SeepBot

NEEDS_MANAGER = N_("You need the Manage Server permission to delete a member's data here.")


def done_text(forgotten: Forgotten, everywhere: bool) -> str:
    if forgotten.refused and everywhere:
        return _(
            "Nothing was deleted: leave your open tables first ({command}), then ask again.",
            command=slash("table leave"),
        )
    if forgotten.refused:
        return _(
            "Nothing was deleted: the member sits at an open table here. End it first"
            " ({command}), then ask again.",
            command=slash("table end"),
        )
    if not forgotten.anything:
        return _("There was nothing to delete.")
    deleted = [
        ngettext("{count} result", "{count} results", forgotten.results),
        ngettext("{count} daily attempt", "{count} daily attempts", forgotten.daily_attempts),
    ]
    if everywhere:
        deleted.append(_("your language and auto-play choices"))
    anonymous = [
        ngettext("{count} seat", "{count} seats", forgotten.seats),
        ngettext("{count} deal record", "{count} deal records", forgotten.records),
    ]
    return _(
        "Deleted: {deleted}. Made anonymous: {anonymous}.",
        deleted=", ".join(deleted),
        anonymous=", ".join(anonymous),
    )


@app_commands.guild_only()
class PrivacyCommands(
    commands.GroupCog, group_name="privacy", group_description=N_("Your data kept by the bot")
):
    def __init__(self, bot: SeepBot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(
        name="forget-me", description=N_("Delete your results and choices, everywhere")
    )
    async def forget_me(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(
            _(
                "Delete your data in every server? Your results, ratings, daily attempts and"
                " choices are deleted; in the deals you played your name is replaced, so the"
                " other players keep their records. This cannot be undone."
            ),
            view=ForgetConfirm(self.bot, interaction.user.id, interaction.user.id, None),
            ephemeral=True,
        )

    @app_commands.command(
        name="forget", description=N_("Delete a member's data in this server, at their request")
    )
    @app_commands.describe(
        member_id=N_("the member's id (Developer Mode: right-click them, then Copy User ID)")
    )
    @app_commands.default_permissions(manage_guild=True)
    async def forget(self, interaction: discord.Interaction, member_id: str) -> None:
        if not (interaction.guild_id and interaction.permissions.manage_guild):
            await tell(interaction, _(NEEDS_MANAGER))
            return
        member = member_id.strip().removeprefix("<@").removesuffix(">").lstrip("!")
        if not member.isdigit():
            await tell(
                interaction,
                _("That is not a member's id: it is a number, such as 123456789012345678."),
            )
            return
        await interaction.response.send_message(
            _(
                "Delete the data of <@{member}> in this server? Their results, ratings and"
                " daily attempts here are deleted, and their name is replaced in this server's"
                " deals and tables. This cannot be undone.",
                member=member,
            ),
            view=ForgetConfirm(self.bot, interaction.user.id, int(member), interaction.guild_id),
            ephemeral=True,
            allowed_mentions=discord.AllowedMentions.none(),
        )


class ForgetConfirm(OwnView):
    def __init__(self, bot: SeepBot, asker: int, member: int, guild_id: int | None) -> None:
        super().__init__(timeout=300)
        self.bot = bot
        self.asker = asker
        self.member = member
        self.guild_id = guild_id  # None: everywhere (the member's own request)
        self.confirm.label = _("Delete")  # in the asker's language
        self.cancel.label = _("Cancel")

    @discord.ui.button(label="Delete", style=discord.ButtonStyle.danger)
    async def confirm(
        self, interaction: discord.Interaction, button: ViewButton
    ) -> None:
        if interaction.user.id != self.asker or (
            self.guild_id is not None and not interaction.permissions.manage_guild
        ):
            await tell(interaction, _(NEEDS_MANAGER))
            return
        forgotten = await forget_member(self.bot.store, self.member, self.guild_id)
        if not forgotten.refused:
            self.bot.preferences.forget_player(self.member)
        self.stop()
        await interaction.response.edit_message(
            content=done_text(forgotten, self.guild_id is None), view=None
        )

    @discord.ui.button(label="Cancel", style=discord.ButtonStyle.secondary)
    async def cancel(
        self, interaction: discord.Interaction, button: ViewButton
    ) -> None:
        self.stop()
        await interaction.response.edit_message(content=_("Nothing was deleted."), view=None)


async def setup(bot: SeepBot) -> None:
    await bot.add_cog(PrivacyCommands(bot))

"""The bot speaks each player's language: the one they chose with /language (Gujarati, which
Discord's apps do not offer), else their Discord app's (Hindi), else the server's; a table's
public messages speak the server's language, else the language of the player who opened it.
/autoplay plays a player's forced moves."""

from __future__ import annotations

import re

import pytest

from .conftest import Env
from .helpers import (
    button,
    finish_picker,
    fix_deals,
    latest_table,
    lobby_button,
    message_text,
    start_table,
    whose_turn,
)

ASHA, RAVI = 901, 902


def private_text(step) -> str:
    return (step.responses[-1].get("data") or {}).get("content") or ""


async def test_a_player_whose_app_speaks_hindi_gets_the_table_in_hindi(env: Env) -> None:
    fake = env.fake
    fake.add_member(ASHA, "Asha", locale="hi")
    fake.add_member(RAVI, "Ravi")  # an English app
    new = await fake.slash(ASHA, "table", "new suipe", players=2)
    lobby = fake.messages[new.message_id]
    assert "खेल होस्ट शुरू करता है" in lobby["embeds"][0]["description"]
    refused = await fake.click(RAVI, new.message_id, button(fake, lobby, "शुरू करें"))
    assert private_text(refused) == "Only the host can start the game."  # Ravi reads English
    await fake.click(RAVI, new.message_id, button(fake, lobby, "बैठें"))
    await fake.click(ASHA, new.message_id, button(fake, lobby, "शुरू करें"))
    await env.bot.idle()
    table = latest_table(fake, "मेरे पत्ते")
    assert "आपकी बारी।" in message_text(table)
    mover = whose_turn(fake, "मेरे पत्ते")
    waiting = ASHA if mover == RAVI else RAVI
    hand = button(fake, table, "मेरे पत्ते")
    asha = await fake.click(ASHA, int(table["id"]), hand)
    ravi = await fake.click(RAVI, int(table["id"]), hand)
    asha_text = fake.messages[asha.message_id]["content"]
    ravi_text = fake.messages[ravi.message_id]["content"]
    if mover == ASHA:
        assert "आपकी बारी" in asha_text and ravi_text.startswith("It's Asha's turn.")
    else:
        assert "अभी Ravi की बारी है।" in asha_text and "Your turn" in ravi_text
    picker = fake.messages[(asha if mover == ASHA else ravi).message_id]
    answer, _ = await finish_picker(fake, mover, picker)
    assert answer.startswith("आपकी चाल:" if mover == ASHA else "Your move:")
    assert waiting != mover


async def test_language_command_chooses_gujarati_and_back(env: Env) -> None:
    fake = env.fake
    fake.add_member(ASHA, "Asha")
    chosen = await fake.slash(ASHA, "language", language="gu")
    assert "ગુજરાતી" in private_text(chosen) and "વાત કરીશ" in private_text(chosen)
    _, session = await start_table(env, ASHA, "suipe", computers=1, players=2)
    hand_label = "મારાં પત્તાં"  # Asha opened the table in Gujarati: its messages are too
    table = latest_table(fake, hand_label)
    assert message_text(table).splitlines()[0].endswith(f"ટેબલ {session.id}")
    opened = await fake.click(ASHA, int(table["id"]), button(fake, table, hand_label))
    text = fake.messages[opened.message_id]["content"]
    assert "તમારો વારો" in text or "નો વારો છે" in text
    back = await fake.slash(ASHA, "language", language="discord")
    assert "English" in private_text(back)
    opened = await fake.click(ASHA, int(table["id"]), button(fake, table, hand_label))
    text = fake.messages[opened.message_id]["content"]
    assert "Your turn" in text or "'s turn" in text


async def test_a_table_keeps_its_openers_language_for_everyone(env: Env) -> None:
    """Ravi reads Gujarati privately at Asha's English table; the table stays English."""
    fake = env.fake
    fake.add_member(ASHA, "Asha")
    fake.add_member(RAVI, "Ravi")
    await fake.slash(RAVI, "language", language="gu")
    await start_table(env, ASHA, "suipe", joiners=(RAVI,), players=2)
    table = latest_table(fake)  # English: "My hand"
    assert "your turn." in message_text(table)
    opened = await fake.click(RAVI, int(table["id"]), button(fake, table, "My hand"))
    text = fake.messages[opened.message_id]["content"]
    assert "તમારો વારો" in text or "નો વારો છે" in text


async def test_autoplay_plays_a_players_forced_moves(
    env: Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    fix_deals(monkeypatch, 3)
    fake = env.fake
    fake.add_member(ASHA, "Asha")
    on = await fake.slash(ASHA, "autoplay", on=True)
    assert "only one legal move" in private_text(on)
    _, session = await start_table(env, ASHA, "sedma", computers=1, players=2)
    picked = 0
    while session.match.deals_finished == 0:
        assert len(session.match.legal_actions()) > 1, "a forced move waited for Asha"
        table = latest_table(fake)
        opened = await fake.click(ASHA, int(table["id"]), button(fake, table, "My hand"))
        answer, _ = await finish_picker(fake, ASHA, fake.messages[opened.message_id])
        assert answer.startswith("Your move")
        picked += 1
        await env.bot.idle()
    asha_plays = [p for p in session.plays if p.player == 0]
    assert len(asha_plays) > picked  # the rest were played for her, and listed as hers
    off = await fake.slash(ASHA, "autoplay", on=False)
    assert "every move" in private_text(off)


async def test_a_sheepshead_table_opened_in_gujarati_speaks_gujarati(env: Env) -> None:
    """The trick games speak the catalogues too: the table message's plays, the picker's
    question and a refusal come in Gujarati; only names and cards stay as they are."""
    import re

    fake = env.fake
    fake.add_member(ASHA, "Asha")
    await fake.slash(ASHA, "language", language="gu")
    hand_label = "મારાં પત્તાં"
    _, session = await start_table(env, ASHA, "sheepshead", computers=2, players=3)
    asked = False
    for _turn in range(300):  # until Asha is first to pick (within three hands)
        await env.bot.idle()
        match = session.match
        if match.is_terminal or asked:
            break
        if match.current_player != 0:
            continue
        if match.deal.phase.value == "pick":
            table = latest_table(fake, hand_label)
            opened = await fake.click(ASHA, int(table["id"]), button(fake, table, hand_label))
            assert "બ્લાઇન્ડ ઉપાડવું, કે પાસ?" in fake.messages[opened.message_id]["content"]
            asked = True
            refused = await fake.slash(ASHA, "play", move="bury 7C 8C")
            assert private_text(refused) == "પહેલાં બ્લાઇન્ડ ઉપાડો અથવા પાસ કરો."
        move = match.legal_actions()[0].notation
        answer = await fake.slash(ASHA, "play", move=move)
        assert private_text(answer).startswith("તમારી ચાલ:")
    assert asked  # Asha was asked to pick or pass
    table = latest_table(fake, hand_label)
    words = message_text(table)
    # names: the players, the game, and the deal commitment's hash, nonce and command
    words = re.sub(r"\b[0-9a-f]{8,}\b", "", words)  # a digest's hex may spell "dbc"
    left = set(re.findall(r"[A-Za-z]{3,}", words)) - {
        "Asha",
        "Computer",
        "Sheepshead",
        "SHA",
        "nonce",
        "verify",
    }
    assert not left, left
    assert any(done in words for done in ("ચાલ્યું", "શરૂઆત કરી", "ઉપાડ્યું", "પાસ કર્યું", "દબાવ્યાં"))


async def test_a_message_names_a_command_as_the_readers_app_shows_it(env: Env) -> None:
    """A Hindi app lists /table under its Hindi names, so a Hindi answer names them so; an
    English reader gets the English names."""
    fake = env.fake
    fake.add_member(ASHA, "Asha", locale="hi")
    fake.add_member(RAVI, "Ravi")
    hindi = await fake.slash(ASHA, "table", "join", locale="hi")
    assert "/टेबल नई" in private_text(hindi) and "/table" not in private_text(hindi)
    english = await fake.slash(RAVI, "table", "join")
    assert "/table new" in private_text(english)
    new = await fake.slash(ASHA, "table", "new suipe", players=2, locale="hi")
    assert "/टेबल बैठें" in fake.messages[new.message_id]["embeds"][0]["description"]


MANAGE_GUILD = 1 << 5
DEV = 903


async def test_the_rules_follow_the_language_a_player_chose(env: Env) -> None:
    """/language, not the Discord app's language, decides the table's Rules button and /rules
    without `language:`: Asha's app is English but she chose Czech."""
    fake = env.fake
    fake.add_member(ASHA, "Asha")
    await fake.slash(ASHA, "language", language="cs")
    await start_table(env, ASHA, "sedma", computers=1, players=2)
    table = latest_table(fake, "Moje karty")
    rules = await fake.click(ASHA, int(table["id"]), button(fake, table, "Pravidla"))
    page = fake.messages[rules.message_id]
    assert page["embeds"][-1]["footer"]["text"].endswith("Čeština")
    plain = await fake.slash(ASHA, "rules", "sedma")
    assert fake.messages[plain.message_id]["embeds"][-1]["footer"]["text"].endswith("Čeština")
    english = await fake.slash(ASHA, "rules", "sedma", language="en")
    assert fake.messages[english.message_id]["embeds"][-1]["footer"]["text"].endswith("English")


async def test_since_your_last_turn_speaks_the_readers_language(env: Env) -> None:
    """At a table opened in Hindi, Ravi (English app) reads the plays since his last turn in
    English and the computers by their English names; Asha reads them in Hindi."""
    fake = env.fake
    fake.add_member(ASHA, "Asha", locale="hi")
    fake.add_member(RAVI, "Ravi")
    await start_table(env, ASHA, "sedma", joiners=(RAVI,), computers=2, players=4)
    hand_label = "मेरे पत्ते"
    for _turn in range(12):  # until both have played once and the computers after them
        mover = whose_turn(fake, hand_label)
        table = latest_table(fake, hand_label)
        opened = await fake.click(mover, int(table["id"]), button(fake, table, hand_label))
        note = fake.messages[opened.message_id]["content"]
        if mover == RAVI and "Since your last turn:" in note:
            lines = [line for line in note.splitlines() if line.startswith("• ")]
            assert lines and not any(re.search("[\u0900-\u097f]", line) for line in lines)
            if any(line.startswith("• Computer ") for line in lines):
                break
        if mover == ASHA and "आपकी पिछली बारी के बाद" in note:
            assert not any(line.startswith("• Computer") for line in note.splitlines())
        await finish_picker(fake, mover, fake.messages[opened.message_id])
        await env.bot.idle()
    else:
        raise AssertionError("Ravi never read the plays since his last turn")


async def test_a_server_language_speaks_at_its_tables_and_to_apps_we_do_not_speak(
    env: Env,
) -> None:
    """A server that chose German: its new tables speak German whoever opens them; a player
    whose app speaks French (none of ours) reads German privately, a Hindi app Hindi."""
    fake = env.fake
    fake.add_member(ASHA, "Asha")
    fake.add_member(RAVI, "Ravi", locale="fr")
    fake.add_member(DEV, "Dev", locale="hi")
    saved = await fake.slash(ASHA, "settings", "tables", permissions=MANAGE_GUILD, language="de")
    assert "Deutsch" in private_text(saved)
    new = await fake.slash(ASHA, "table", "new seep")
    lobby = fake.messages[new.message_id]
    assert lobby["embeds"][0]["title"].startswith("Seep · Tisch")
    refused = await fake.click(RAVI, new.message_id, lobby_button(fake, lobby, "start"))
    assert private_text(refused) == _de("Only the host can start the game.")
    refused = await fake.click(DEV, new.message_id, lobby_button(fake, lobby, "start"))
    assert re.search("[\u0900-\u097f]", private_text(refused))


def _de(message: str) -> str:
    from bot.i18n import _, speaking

    with speaking("de"):
        return _(message)


GERMAN_SUITS = ("\N{LEAF FLUTTERING IN WIND}", "\N{CHESTNUT}", "\N{BELL}")  # leaves, acorns, bells


async def test_a_czech_servers_sedma_table_plays_with_german_suited_cards(env: Env) -> None:
    """A server that chose Czech: its Sedma tables show the mariáš pack, and Asha's picker
    names her cards as her hand image draws them (leaves, acorns, bells; Sp, Sv)."""
    fake = env.fake
    fake.add_member(ASHA, "Asha")
    await fake.slash(ASHA, "settings", "tables", permissions=MANAGE_GUILD, language="cs")
    _, session = await start_table(env, ASHA, "sedma", computers=1, players=2)
    assert session.match.rules.german_suits
    hand_label = "Moje karty"
    for _turn in range(20):  # until it is Asha's turn
        await env.bot.idle()
        if session.match.current_player == 0:
            break
    table = latest_table(fake, hand_label)
    opened = await fake.click(ASHA, int(table["id"]), button(fake, table, hand_label))
    picker = fake.messages[opened.message_id]
    assert picker["attachments"]  # her hand, drawn with the same pack
    words = " ".join(
        [
            str(item.get(key) or "")
            for item in fake.components(picker)
            for key in ("label", "placeholder")
        ]
        + [
            str(o.get("label"))
            for item in fake.components(picker)
            for o in item.get("options") or []
        ]
    )
    hand = session.match.view(0).hand
    assert any(card.suit.value != 1 for card in hand)  # not every card a heart
    assert any(symbol in words for symbol in GERMAN_SUITS), words
    assert not any(symbol in words for symbol in "♠♣♦"), words


async def test_a_czech_host_may_open_sedma_with_french_suited_cards(env: Env) -> None:
    fake = env.fake
    fake.add_member(ASHA, "Asha")
    await fake.slash(ASHA, "settings", "tables", permissions=MANAGE_GUILD, language="cs")
    _, session = await start_table(env, ASHA, "sedma", computers=1, players=2, german_suits=False)
    assert not session.match.rules.german_suits


async def test_a_host_turns_the_german_suited_cards_off_before_the_start(env: Env) -> None:
    fake = env.fake
    fake.add_member(ASHA, "Asha")
    await fake.slash(ASHA, "settings", "tables", permissions=MANAGE_GUILD, language="sk")
    new = await fake.slash(ASHA, "table", "new hola", players=2)
    session = env.bot.tables.get(int(fake.messages[new.message_id]["channel_id"]))
    assert session.row.rules["german_suits"] is True
    await fake.slash(ASHA, "table", "setup", rule="german_suits", value="off")
    assert "german_suits" not in session.row.rules

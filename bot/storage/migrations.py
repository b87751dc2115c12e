"""The store's numbered migrations, written once for both engines (see `dialects`).

Each is applied once, in order, in a transaction with the store's version; a database made
by any earlier version of the bot is brought up to date at start-up.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.storage.dialects import Dialect, Engine


@dataclass(frozen=True, slots=True)
class PerEngine:
    """A migration each engine does its own way (SQLite cannot drop a NOT NULL: it copies
    the table instead)."""

    sqlite: str
    postgres: str


MIGRATIONS: tuple[str | PerEngine, ...] = (
    # 1: tables, seats and actions
    """
    CREATE TABLE game_tables (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        guild_id INTEGER NOT NULL,
        channel_id INTEGER NOT NULL,
        host_id INTEGER NOT NULL,
        game TEXT NOT NULL,
        rules TEXT NOT NULL,
        seed INTEGER NOT NULL,
        status TEXT NOT NULL DEFAULT 'lobby',  -- lobby, playing, finished, ended
        options TEXT NOT NULL DEFAULT '{}',    -- table options (turn timer, hints, …)
        message_id INTEGER,                    -- the table message kept up to date
        created_at REAL NOT NULL,
        updated_at REAL NOT NULL
    );
    CREATE INDEX game_tables_channel ON game_tables (channel_id, status);
    CREATE TABLE seats (
        table_id INTEGER NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        user_id INTEGER,            -- NULL for a computer player
        name TEXT NOT NULL,
        computer_level TEXT,        -- set for computer players
        missed_turns INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (table_id, seat)
    );
    CREATE TABLE actions (
        table_id INTEGER NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
        number INTEGER NOT NULL,
        player INTEGER NOT NULL,
        notation TEXT NOT NULL,
        played_at REAL NOT NULL,
        PRIMARY KEY (table_id, number)
    );
    """,
    # 2: results of finished deals and matches, for summaries and leaderboards
    """
    CREATE TABLE deal_results (
        table_id INTEGER NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
        number INTEGER NOT NULL,
        result TEXT NOT NULL,       -- JSON: per side points, sweeps, baazi…
        PRIMARY KEY (table_id, number)
    );
    CREATE TABLE match_results (
        table_id INTEGER PRIMARY KEY REFERENCES game_tables (id) ON DELETE CASCADE,
        guild_id INTEGER NOT NULL,
        game TEXT NOT NULL,
        finished_at REAL NOT NULL,
        result TEXT NOT NULL        -- JSON: seats, sides, outcome
    );
    """,
    # 3: each human player's result of a finished match (leaderboards, stats); server settings
    """
    CREATE TABLE player_results (
        table_id INTEGER NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
        user_id INTEGER NOT NULL,
        guild_id INTEGER NOT NULL,
        game TEXT NOT NULL,
        name TEXT NOT NULL,
        side INTEGER NOT NULL,
        partner_id INTEGER,             -- the human partner, if any
        place INTEGER NOT NULL,         -- 1 = best; sides with equal places drew
        outcome TEXT NOT NULL,          -- win, loss, draw
        baazis_won INTEGER NOT NULL,
        baazis_lost INTEGER NOT NULL,
        deals INTEGER NOT NULL,
        sweeps INTEGER NOT NULL,        -- floor sweeps made by the side
        best_deal INTEGER NOT NULL,     -- the side's best deal score
        points_for INTEGER NOT NULL,
        points_against INTEGER NOT NULL,
        rated INTEGER NOT NULL,         -- counts for ratings and leaderboards
        with_computers INTEGER NOT NULL,
        finished_at REAL NOT NULL,
        PRIMARY KEY (table_id, user_id)
    );
    CREATE INDEX player_results_board ON player_results (guild_id, game, finished_at);
    CREATE TABLE guild_settings (
        guild_id INTEGER PRIMARY KEY,
        settings TEXT NOT NULL DEFAULT '{}',  -- JSON: defaults for new tables, rating choices
        season_start REAL NOT NULL DEFAULT 0  -- leaderboards count results from here on
    );
    """,
    # 4: each game's own figures in one JSON column instead of a column per game
    """
    CREATE TABLE player_results_4 (
        table_id INTEGER NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
        user_id INTEGER NOT NULL,
        guild_id INTEGER NOT NULL,
        game TEXT NOT NULL,             -- the registered game name
        name TEXT NOT NULL,
        side INTEGER NOT NULL,
        partner_id INTEGER,             -- the human partner, if any
        place INTEGER NOT NULL,         -- 1 = best; sides with equal places drew
        outcome TEXT NOT NULL,          -- win, loss, draw
        deals INTEGER NOT NULL,
        best_deal INTEGER NOT NULL,     -- the side's best deal score
        points_for INTEGER NOT NULL,
        points_against INTEGER NOT NULL,
        rated INTEGER NOT NULL,         -- counts for ratings and leaderboards
        with_computers INTEGER NOT NULL,
        finished_at REAL NOT NULL,
        stats TEXT NOT NULL DEFAULT '{}',  -- JSON: the game's figures (its registration's stats)
        PRIMARY KEY (table_id, user_id)
    );
    INSERT INTO player_results_4
        SELECT table_id, user_id, guild_id, game, name, side, partner_id, place, outcome, deals,
               best_deal, points_for, points_against, rated, with_computers, finished_at,
               json_object('baazis_won', baazis_won, 'baazis_lost', baazis_lost,
                           'sweeps', sweeps)
        FROM player_results;
    DROP TABLE player_results;
    ALTER TABLE player_results_4 RENAME TO player_results;
    CREATE INDEX player_results_board ON player_results (guild_id, game, finished_at);
    """,
    # 5: a match whose sides change every deal keeps each deal's side and place for ratings
    """
    ALTER TABLE player_results ADD COLUMN rounds TEXT NOT NULL DEFAULT '[]';
    """,
    # 6: each player's own choices (language, auto-play of forced moves), wherever they play
    """
    CREATE TABLE player_prefs (
        user_id INTEGER PRIMARY KEY,
        prefs TEXT NOT NULL DEFAULT '{}'  -- JSON: language, auto_play
    );
    """,
    # 7: secret deals: the table's nonce, first dealer and one secret per shuffle (JSON); NULL
    # for tables stored before, whose deals come from their seed as they always did
    """
    ALTER TABLE game_tables ADD COLUMN deal_keys TEXT;
    """,
    # 8: what a table's channel is owed because of a move (an outbox), written in the move's
    # transaction and marked when posted, so a restart posts whatever a crash kept back; and
    # the turn's deadline, so the turn timer runs on from it after a restart
    """
    CREATE TABLE outbox (
        table_id INTEGER NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
        kind TEXT NOT NULL,          -- table (message), summary (of a deal), result (of the match)
        number INTEGER NOT NULL,     -- table: the moves it shows; summary: the deal; result: 0
        moves INTEGER NOT NULL,      -- the moves made when it was owed
        delivered INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (table_id, kind, number)
    );
    CREATE INDEX outbox_owed ON outbox (table_id) WHERE delivered = 0;
    ALTER TABLE game_tables ADD COLUMN turn_deadline REAL;  -- when the turn timer runs out
    """,
    # 9: one open table per channel, kept by the store: where two were opened at once, the one
    # being played (else the newer lobby) stays open and the other ends
    """
    UPDATE game_tables SET status = 'ended'
    WHERE status IN ('lobby', 'playing') AND EXISTS (
        SELECT 1 FROM game_tables AS other
        WHERE other.channel_id = game_tables.channel_id AND other.id != game_tables.id
          AND other.status IN ('lobby', 'playing')
          AND (CASE WHEN other.status = 'playing' THEN 1 ELSE 0 END, other.id)
              > (CASE WHEN game_tables.status = 'playing' THEN 1 ELSE 0 END, game_tables.id)
    );
    CREATE UNIQUE INDEX game_tables_one_open ON game_tables (channel_id)
        WHERE status IN ('lobby', 'playing');
    """,
    # 10: the daily deal (docs/daily.md): a server's days (their time zone and bounds, fixed
    # when the day starts), each game's deal of the day (its secret revealed once the day is
    # over) and each member's one attempt at it
    """
    CREATE TABLE daily_days (
        guild_id INTEGER NOT NULL,
        local_day TEXT NOT NULL,        -- YYYY-MM-DD in the server's time zone
        zone TEXT NOT NULL,             -- the time zone and the hour the day starts, as set
        start_hour INTEGER NOT NULL,    --   when the day began
        starts_at REAL NOT NULL,
        ends_at REAL NOT NULL,
        announced INTEGER NOT NULL DEFAULT 0,  -- the board was posted (or nothing was owed)
        PRIMARY KEY (guild_id, local_day)
    );
    CREATE INDEX daily_days_due ON daily_days (ends_at) WHERE announced = 0;
    CREATE TABLE daily_deals (
        guild_id INTEGER NOT NULL,
        local_day TEXT NOT NULL,
        game TEXT NOT NULL,
        rules TEXT NOT NULL,            -- JSON
        nonce TEXT NOT NULL,            -- hex, public
        secret TEXT NOT NULL,           -- hex, shown only once the day is over
        commitment TEXT NOT NULL,       -- SHA-256(secret ‖ nonce), shown during the day
        PRIMARY KEY (guild_id, local_day, game)
    );
    CREATE TABLE daily_attempts (
        guild_id INTEGER NOT NULL,
        local_day TEXT NOT NULL,
        game TEXT NOT NULL,
        user_id INTEGER NOT NULL,
        name TEXT NOT NULL,
        status TEXT NOT NULL DEFAULT 'playing',  -- playing, finished
        actions TEXT NOT NULL DEFAULT '[]',      -- JSON: the moves' notation, in order
        score INTEGER,                           -- once finished
        started_at REAL NOT NULL,
        finished_at REAL,
        PRIMARY KEY (guild_id, local_day, game, user_id)
    );
    CREATE INDEX daily_attempts_member ON daily_attempts (guild_id, user_id, local_day);
    """,
    # 11: every finished deal's record (docs/records.md): the text file /replay offers, with
    # what /history lists, and the people who played it (for "your deals")
    """
    CREATE TABLE deal_records (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        table_id INTEGER NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
        number INTEGER NOT NULL,     -- the deal's number in its match
        guild_id INTEGER NOT NULL,
        game TEXT NOT NULL,
        finished_at REAL NOT NULL,
        fair INTEGER NOT NULL,       -- 1: dealt from a secret (provably fair)
        result TEXT NOT NULL,        -- the deal's totals, as the record words them
        record TEXT NOT NULL,        -- the record file (engine.records)
        UNIQUE (table_id, number)
    );
    CREATE INDEX deal_records_guild ON deal_records (guild_id, finished_at);
    CREATE TABLE deal_players (
        deal_id INTEGER NOT NULL REFERENCES deal_records (id) ON DELETE CASCADE,
        user_id INTEGER NOT NULL,
        PRIMARY KEY (deal_id, user_id)
    );
    CREATE INDEX deal_players_user ON deal_players (user_id);
    """,
    # 12: a daily deal's attempts become deal records when the day ends (docs/daily.md): a
    # record without a table, and the attempt's record
    PerEngine(
        sqlite="""
    CREATE TABLE deal_records_12 (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        table_id INTEGER REFERENCES game_tables (id) ON DELETE CASCADE,  -- NULL: a daily deal
        number INTEGER NOT NULL,
        guild_id INTEGER NOT NULL,
        game TEXT NOT NULL,
        finished_at REAL NOT NULL,
        fair INTEGER NOT NULL,
        result TEXT NOT NULL,
        record TEXT NOT NULL,
        UNIQUE (table_id, number)
    );
    INSERT INTO deal_records_12 (id, table_id, number, guild_id, game, finished_at, fair,
                                 result, record)
        SELECT id, table_id, number, guild_id, game, finished_at, fair, result, record
        FROM deal_records;
    DELETE FROM sqlite_sequence WHERE name = 'deal_records_12';
    INSERT INTO sqlite_sequence (name, seq)  -- a number once given is never given again
        SELECT 'deal_records_12', seq FROM sqlite_sequence WHERE name = 'deal_records';
    CREATE TABLE deal_players_12 (
        deal_id INTEGER NOT NULL REFERENCES deal_records_12 (id) ON DELETE CASCADE,
        user_id INTEGER NOT NULL,
        PRIMARY KEY (deal_id, user_id)
    );
    INSERT INTO deal_players_12 (deal_id, user_id) SELECT deal_id, user_id FROM deal_players;
    DROP TABLE deal_players;
    DROP TABLE deal_records;
    ALTER TABLE deal_records_12 RENAME TO deal_records;
    ALTER TABLE deal_players_12 RENAME TO deal_players;
    CREATE INDEX deal_records_guild ON deal_records (guild_id, finished_at);
    CREATE INDEX deal_players_user ON deal_players (user_id);
    ALTER TABLE daily_attempts ADD COLUMN record_id INTEGER;
    """,
        postgres="""
    ALTER TABLE deal_records ALTER COLUMN table_id DROP NOT NULL;  -- NULL: a daily deal
    ALTER TABLE daily_attempts ADD COLUMN record_id BIGINT;
    """,
    ),
    # 13: messages of a table that are out of date and go (the table message a new one
    # replaced, a reminder): written with the message that replaces them, so that one left
    # behind by a crash is deleted at the restart
    """
    CREATE TABLE stale_messages (
        table_id INTEGER NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
        message_id INTEGER NOT NULL,
        PRIMARY KEY (table_id, message_id)
    );
    """,
    # 14: a member's report of a computer player's move that looked wrong, kept with a copy
    # of the deal's record (which the retention may prune before anyone reads the report)
    """
    CREATE TABLE move_reports (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        guild_id INTEGER NOT NULL,
        deal_id INTEGER NOT NULL,
        step INTEGER NOT NULL,                 -- the move's number in the deal (1 first)
        seat INTEGER NOT NULL,
        level TEXT NOT NULL,                   -- the computer's level
        move TEXT NOT NULL,                    -- in the game's notation
        game TEXT NOT NULL,
        record TEXT NOT NULL,                  -- the deal's record as it was then
        reporter_id INTEGER NOT NULL,
        words TEXT NOT NULL,
        made_at REAL NOT NULL
    );
    CREATE INDEX move_reports_guild ON move_reports (guild_id, id);
    """,
    # 15: the table finder (docs/lfg.md): each seat card and its table, the members who asked
    # to hear of a game's new cards, and when each game's last card pinged them
    """
    CREATE TABLE lfg_cards (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        guild_id INTEGER NOT NULL,
        table_id INTEGER NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
        channel_id INTEGER NOT NULL,  -- where the card is posted
        message_id INTEGER,           -- the card, once posted
        host_id INTEGER NOT NULL,
        game TEXT NOT NULL,
        fill_at REAL,                 -- computers take the empty seats then (NULL: never)
        status TEXT NOT NULL DEFAULT 'open',  -- open, started, cancelled
        created_at REAL NOT NULL
    );
    CREATE INDEX lfg_cards_open ON lfg_cards (status, guild_id);
    CREATE TABLE lfg_notify (
        guild_id INTEGER NOT NULL,
        game TEXT NOT NULL,
        user_id INTEGER NOT NULL,
        since REAL NOT NULL,
        PRIMARY KEY (guild_id, game, user_id)
    );
    CREATE TABLE lfg_pings (
        guild_id INTEGER NOT NULL,
        game TEXT NOT NULL,
        pinged_at REAL NOT NULL,
        PRIMARY KEY (guild_id, game)
    );
    """,
    # 16: tournaments: an event, its entrants, the tables its format paired (each with the
    # table it opened and the result it gave) and the committed deals its deal sets share
    """
    CREATE TABLE tournaments (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        guild_id INTEGER NOT NULL,
        channel_id INTEGER NOT NULL,       -- the text channel it was created in
        thread_id INTEGER,                 -- its own thread (NULL: it lives in the channel)
        creator_id INTEGER NOT NULL,
        game TEXT NOT NULL,
        format TEXT NOT NULL,
        rules TEXT NOT NULL,
        options TEXT NOT NULL DEFAULT '{}', -- its tables' options and the format's numbers
        starts_at REAL NOT NULL,
        status TEXT NOT NULL DEFAULT 'open', -- open, closed (check-in), running, finished
        standings_message INTEGER,         -- the one standings message, edited
        started_at REAL,
        finished_at REAL,
        created_at REAL NOT NULL,
        league TEXT,                       -- a season of recurring events, by its name
        UNIQUE (guild_id, league, starts_at) -- a league's next event is made once
    );
    CREATE INDEX tournaments_guild ON tournaments (guild_id, status);
    CREATE TABLE tournament_entrants (
        event_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
        user_id INTEGER NOT NULL,          -- a computer entrant: a negative number
        name TEXT NOT NULL,
        entered INTEGER NOT NULL,
        withdrawn INTEGER NOT NULL DEFAULT 0,
        partner INTEGER,                   -- partnership games: who they entered with
        PRIMARY KEY (event_id, user_id),
        UNIQUE (event_id, entered)
    );
    CREATE TABLE tournament_pairings (
        event_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
        round INTEGER NOT NULL,
        table_number INTEGER NOT NULL,
        seats TEXT NOT NULL,
        deal_set INTEGER,
        sits_out TEXT NOT NULL DEFAULT '[]',
        paired_at REAL NOT NULL,
        thread_id INTEGER,                 -- its table's thread, once made
        table_id INTEGER,                  -- the table it opened
        result TEXT,                       -- the table's result, once finished
        PRIMARY KEY (event_id, round, table_number)
    );
    CREATE INDEX tournament_pairings_table ON tournament_pairings (table_id);
    CREATE TABLE tournament_deal_sets (
        event_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
        deal_set INTEGER NOT NULL,
        deal_keys TEXT NOT NULL,
        PRIMARY KEY (event_id, deal_set)
    );
    """,
    # 17: puzzles from finished deals (a record's move, the figures of its choices), each
    # member's first try of each, and each member's puzzle rating in a server
    """
    CREATE TABLE puzzles (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        guild_id INTEGER NOT NULL,
        game TEXT NOT NULL,
        deal_id INTEGER NOT NULL REFERENCES deal_records (id) ON DELETE CASCADE,
        step INTEGER NOT NULL,
        player INTEGER NOT NULL,
        kind TEXT NOT NULL,
        choices TEXT NOT NULL,
        rating REAL NOT NULL,
        tries INTEGER NOT NULL DEFAULT 0,
        solved INTEGER NOT NULL DEFAULT 0,
        UNIQUE (deal_id, step)
    );
    CREATE INDEX puzzles_guild ON puzzles (guild_id, game, kind);
    CREATE TABLE puzzle_tries (
        puzzle_id INTEGER NOT NULL REFERENCES puzzles (id) ON DELETE CASCADE,
        user_id INTEGER NOT NULL,
        answer TEXT NOT NULL,
        solved INTEGER NOT NULL,
        tried_at REAL NOT NULL,
        PRIMARY KEY (puzzle_id, user_id)
    );
    CREATE TABLE puzzle_ratings (
        guild_id INTEGER NOT NULL,
        user_id INTEGER NOT NULL,
        name TEXT NOT NULL,
        rating REAL NOT NULL,
        tries INTEGER NOT NULL DEFAULT 0,
        solved INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (guild_id, user_id)
    );
    CREATE TABLE puzzle_harvested (  -- the deals already looked at for puzzles
        deal_id INTEGER PRIMARY KEY REFERENCES deal_records (id) ON DELETE CASCADE
    );
    """,
    # 18: what each of the token's processes asks of Discord's global bucket lately, so that
    # they share it by demand (bot/pace_sharing.py)
    """
    CREATE TABLE pace_demands (
        process TEXT PRIMARY KEY,
        wanted REAL NOT NULL,  -- requests a second it asked for lately
        said_at REAL NOT NULL
    );
    """,
    # 19: the relays of a table outside servers that added the bot (cogs/relay.py): its
    # players' interactions it may still send through (their tokens are secrets, kept only
    # while Discord takes them) and the messages they sent, so that a restart keeps them
    """
    CREATE TABLE table_relays (
        table_id INTEGER NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
        relay INTEGER NOT NULL,        -- its number at the table (not secret)
        token TEXT NOT NULL,           -- the interaction's token: never logged or shown
        expires_at REAL NOT NULL,      -- when it stops being used (before Discord's 15 minutes)
        follow_ups INTEGER NOT NULL,   -- follow-ups it sent (Discord allows 5)
        original INTEGER,              -- the message it may edit and delete as "@original"
        lobby INTEGER NOT NULL DEFAULT 0,  -- 1: the /table new that answered with the lobby
        PRIMARY KEY (table_id, relay)
    );
    CREATE INDEX table_relays_expiry ON table_relays (expires_at);
    CREATE TABLE relay_messages (
        table_id INTEGER NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
        message_id INTEGER NOT NULL,
        relay INTEGER,                 -- the relay that sent it (NULL: the bot, in its DM)
        shown INTEGER NOT NULL DEFAULT 0,  -- 1: the table message as it stands
        calls INTEGER,                 -- the table message: the person it called to move
        PRIMARY KEY (table_id, message_id)
    );
    """,
    # 20: each server's puzzle of the day, per game and kind, kept once chosen (the pool
    # grows during the day; the day's puzzle and its board's solvers stay the same)
    """
    CREATE TABLE daily_puzzles (
        guild_id INTEGER NOT NULL,
        local_day TEXT NOT NULL,
        game TEXT NOT NULL,
        kind TEXT NOT NULL,
        puzzle_id INTEGER NOT NULL REFERENCES puzzles (id) ON DELETE CASCADE,
        PRIMARY KEY (guild_id, local_day, game, kind)
    );
    """,
)


def migration_scripts(dialect: Dialect) -> tuple[str, ...]:
    return tuple(
        dialect.schema(
            script
            if isinstance(script, str)
            else script.sqlite
            if dialect.engine is Engine.SQLITE
            else script.postgres
        )
        for script in MIGRATIONS
    )

-- the store of seepbot 0.1.0: make_store.py
PRAGMA user_version = 12;
BEGIN TRANSACTION;
CREATE TABLE actions (
        table_id INTEGER NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
        number INTEGER NOT NULL,
        player INTEGER NOT NULL,
        notation TEXT NOT NULL,
        played_at REAL NOT NULL,
        PRIMARY KEY (table_id, number)
    );
INSERT INTO "actions" VALUES(1,0,1,'cut 26',1.79617268492647647864e+09);
INSERT INTO "actions" VALUES(1,1,1,'2Cx2D',1.79617268492759370808e+09);
INSERT INTO "actions" VALUES(1,2,0,'4S',1.79617268492851638798e+09);
INSERT INTO "actions" VALUES(1,3,1,'3S=7+4S',1.79617268492984771726e+09);
INSERT INTO "actions" VALUES(1,4,0,'8H',1.79617268493081045149e+09);
INSERT INTO "actions" VALUES(1,5,1,'5C=6+AH',1.79617268493172931673e+09);
INSERT INTO "actions" VALUES(1,6,0,'JS',1.79617268493274950978e+09);
INSERT INTO "actions" VALUES(1,7,1,'6Cx@',1.79617268493356442449e+09);
INSERT INTO "actions" VALUES(1,8,0,'JHxJS',1.79617268493445086472e+09);
INSERT INTO "actions" VALUES(1,9,1,'7Cx@',1.79617268493527960774e+09);
INSERT INTO "actions" VALUES(1,10,0,'JD',1.7961726849361138344e+09);
INSERT INTO "actions" VALUES(1,11,1,'7D',1.79617268493681049353e+09);
INSERT INTO "actions" VALUES(1,12,0,'QH',1.79617268493745350834e+09);
INSERT INTO "actions" VALUES(1,13,1,'8Dx8H',1.79617268493810343745e+09);
INSERT INTO "actions" VALUES(1,14,0,'QDxQH',1.79617268493879747386e+09);
INSERT INTO "actions" VALUES(1,15,1,'KC',1.79617268493949699403e+09);
INSERT INTO "actions" VALUES(1,16,0,'KSxKC',1796172684.9401);
INSERT INTO "actions" VALUES(1,17,1,'AD=8+7D',1.79617268494082450865e+09);
INSERT INTO "actions" VALUES(1,18,0,'AS=10+9S',1.7961726849415850639e+09);
INSERT INTO "actions" VALUES(1,19,1,'8Cx@',1.79617268494254159931e+09);
INSERT INTO "actions" VALUES(1,20,0,'10Dx@',1.79617268494321870807e+09);
INSERT INTO "actions" VALUES(1,21,1,'3H',1.796172684943857193e+09);
INSERT INTO "actions" VALUES(1,22,0,'AC',1.79617268494465780258e+09);
INSERT INTO "actions" VALUES(1,23,1,'4DxAC3H',1.7961726849453985691e+09);
INSERT INTO "actions" VALUES(1,24,0,'3D',1.79617268494612503052e+09);
INSERT INTO "actions" VALUES(1,25,1,'5S',1.79617268494677042962e+09);
INSERT INTO "actions" VALUES(1,26,0,'6H=9+3D',1.79617268494748497011e+09);
INSERT INTO "actions" VALUES(1,27,1,'7H',1.79617268494818329814e+09);
INSERT INTO "actions" VALUES(1,28,0,'7Sx7H',1.79617268494885826113e+09);
INSERT INTO "actions" VALUES(1,29,1,'9Cx@',1796172684.94958);
INSERT INTO "actions" VALUES(1,30,0,'8S',1.79617268495019316671e+09);
INSERT INTO "actions" VALUES(1,31,1,'JCxJD',1.7961726849508543014e+09);
INSERT INTO "actions" VALUES(1,32,0,'9H',1.79617268495149779317e+09);
INSERT INTO "actions" VALUES(1,33,1,'2S=10+8S',1.79617268495222496983e+09);
INSERT INTO "actions" VALUES(1,34,0,'2H',1.79617268495290851593e+09);
INSERT INTO "actions" VALUES(1,35,1,'4H=9+5S',1796172684.95364);
INSERT INTO "actions" VALUES(1,36,0,'3C=5+2H',1.79617268495429468154e+09);
INSERT INTO "actions" VALUES(1,37,1,'4C^5=9',1.79617268495506548879e+09);
INSERT INTO "actions" VALUES(1,38,0,'5H',1.79617268495569491391e+09);
INSERT INTO "actions" VALUES(1,39,1,'5Dx5H',1.79617268495637583732e+09);
INSERT INTO "actions" VALUES(1,40,0,'6S',1.79617268495698618894e+09);
INSERT INTO "actions" VALUES(1,41,1,'9Dx@',1.79617268495760083191e+09);
INSERT INTO "actions" VALUES(1,42,0,'6Dx6S',1.7961726849582204819e+09);
INSERT INTO "actions" VALUES(1,43,1,'10Sx@',1.79617268495890259737e+09);
INSERT INTO "actions" VALUES(1,44,0,'QS',1.79617268495954155926e+09);
INSERT INTO "actions" VALUES(1,45,1,'10Hx10C',1.79617268496011900898e+09);
INSERT INTO "actions" VALUES(1,46,0,'QCxQS',1.79617268496067404746e+09);
INSERT INTO "actions" VALUES(1,47,1,'KH',1.79617268496128821373e+09);
INSERT INTO "actions" VALUES(1,48,0,'KDxKH',1.79617268496804475784e+09);
INSERT INTO "actions" VALUES(2,0,1,'cut 16',1.79617268499474382397e+09);
INSERT INTO "actions" VALUES(2,1,1,'10C',1.79617268499552798274e+09);
INSERT INTO "actions" VALUES(2,2,0,'JH',1.79617268499654197692e+09);
INSERT INTO "actions" VALUES(2,3,1,'stop',1.79617268499738264083e+09);
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
        finished_at REAL, record_id INTEGER,
        PRIMARY KEY (guild_id, local_day, game, user_id)
    );
INSERT INTO "daily_attempts" VALUES(7,'2026-12-02','suipe',100,'Asha','playing','["9H=10+AC"]',NULL,1.79617268504988551137e+09,NULL,NULL);
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
INSERT INTO "daily_days" VALUES(7,'2026-12-02','UTC',0,1796169600.0,1796256000.0,0);
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
INSERT INTO "daily_deals" VALUES(7,'2026-12-02','suipe','{"deals": 1}','bd5b6fed3b7c02bf97897c61da3f37bb','47a7be5a426a1ae97e917b81a2a69243c024021d10c79a499c6dc63e0c2b60c9','4cf365b0a07b5a7d18002172b1b8ee396a7ea3a0dcc4035bf0fb85e896e39364');
CREATE TABLE "deal_players" (
        deal_id INTEGER NOT NULL REFERENCES "deal_records" (id) ON DELETE CASCADE,
        user_id INTEGER NOT NULL,
        PRIMARY KEY (deal_id, user_id)
    );
INSERT INTO "deal_players" VALUES(1,100);
INSERT INTO "deal_players" VALUES(1,200);
CREATE TABLE "deal_records" (
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
INSERT INTO "deal_records" VALUES(1,1,1,7,'suipe',1.79617268496804475784e+09,1,'Asha 4 · Dev 7','[Format "1"]
[Game "suipe"]
[Rules "{\"deals\":1,\"game\":\"suipe\",\"hand_size\":0,\"partnerships\":true,\"players\":2}"]
[Deal "1"]
[Date "2026-12-02T00:51:24Z"]
[Seat1 "Asha"]
[Level1 "human"]
[Seat2 "Dev"]
[Level2 "human"]
[Fair "yes"]
[Dealer "0"]
[Nonce "e701b832913698b1153c61903004ab41"]
[Commitment "9bf8332b62eb5945619f39be1d30fdd2d7e723dc21c422f00997e2d2a9f4a876"]
[Secret "7cd57c7a8e4a9df22e16e9b0c109009aed47d5a4dffcfad5744f32c082b5863d"]
[Cut "26"]
[Result "Asha 4 · Dev 7"]

1. cut 26 {Dev cut the deck at card 26.}
2. 2Cx2D {Dev captured 2♦ with 2♣}
3. 4S {Asha trailed 4♠}
4. 3S=7+4S {Dev built 7 (fitu), single: 3♠ on 4♠}
5. 8H {Asha trailed 8♥}
6. 5C=6+AH {Dev built 6 (ono), single: 5♣ on A♥}
7. JS {Asha trailed J♠}
8. 6Cx@ {Dev captured the 6-build with 6♣}
9. JHxJS {Asha captured J♠ with J♥}
10. 7Cx@ {Dev captured the 7-build with 7♣}
11. JD {Asha trailed J♦}
12. 7D {Dev trailed 7♦}
13. QH {Asha trailed Q♥}
14. 8Dx8H {Dev captured 8♥ with 8♦}
15. QDxQH {Asha captured Q♥ with Q♦}
16. KC {Dev trailed K♣}
17. KSxKC {Asha captured K♣ with K♠}
18. AD=8+7D {Dev built 8 (valu), single: A♦ on 7♦}
19. AS=10+9S {Asha built 10 (sefulu), single: A♠ on 9♠}
20. 8Cx@ {Dev captured the 8-build with 8♣}
21. 10Dx@ {Asha captured the 10-build with 10♦}
22. 3H {Dev trailed 3♥}
23. AC {Asha trailed A♣}
24. 4DxAC3H {Dev captured A♣+3♥ with 4♦}
25. 3D {Asha trailed 3♦}
26. 5S {Dev trailed 5♠}
27. 6H=9+3D {Asha built 9 (iva), single: 6♥ on 3♦}
28. 7H {Dev trailed 7♥}
29. 7Sx7H {Asha captured 7♥ with 7♠}
30. 9Cx@ {Dev captured the 9-build with 9♣}
31. 8S {Asha trailed 8♠}
32. JCxJD {Dev captured J♦ with J♣}
33. 9H {Asha trailed 9♥}
34. 2S=10+8S {Dev built 10 (sefulu), single: 2♠ on 8♠}
35. 2H {Asha trailed 2♥}
36. 4H=9+5S {Dev built 9 (iva), single: 4♥ on 5♠}
37. 3C=5+2H {Asha built 5 (lima), single: 3♣ on 2♥}
38. 4C^5=9 {Dev raised the 5-build to 9 (iva) with 4♣}
39. 5H {Asha trailed 5♥}
40. 5Dx5H {Dev captured 5♥ with 5♦}
41. 6S {Asha trailed 6♠}
42. 9Dx@ {Dev captured the 9-build with 9♦}
43. 6Dx6S {Asha captured 6♠ with 6♦}
44. 10Sx@ {Dev captured the 10-build with 10♠}
45. QS {Asha trailed Q♠}
46. 10Hx10C {Dev captured 10♣ with 10♥}
47. QCxQS {Asha captured Q♠ with Q♣}
48. KH {Dev trailed K♥}
49. KDxKH {Asha captured K♥ with K♦}
');
CREATE TABLE deal_results (
        table_id INTEGER NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
        number INTEGER NOT NULL,
        result TEXT NOT NULL,       -- JSON: per side points, sweeps, baazi…
        PRIMARY KEY (table_id, number)
    );
INSERT INTO "deal_results" VALUES(1,1,'{"number": 1, "dealer": 0, "sides": [{"total": 4, "cards": 18, "suipes": 0}, {"total": 7, "cards": 34, "suipes": 0}], "baazi_side": null}');
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
    , deal_keys TEXT, turn_deadline REAL);
INSERT INTO "game_tables" VALUES(1,7,70,100,'suipe','{"players": 2, "deals": 1}',1,'finished','{"rated": true}',NULL,1.79617268492304491996e+09,1.79617268496804475784e+09,'{"nonce": "e701b832913698b1153c61903004ab41", "first_dealer": 0, "secrets": ["7cd57c7a8e4a9df22e16e9b0c109009aed47d5a4dffcfad5744f32c082b5863d"], "cuts": [26], "dealers": [0]}',NULL);
INSERT INTO "game_tables" VALUES(2,7,71,100,'sedma','{"players": 2}',2,'playing','{"rated": true}',NULL,1.79617268499132370952e+09,1.79617268499738264083e+09,'{"nonce": "1a3e0917200e3efd2318d38da5b39d58", "first_dealer": 0, "secrets": ["1f7ba5f66841c421249d71f1cef7d274179bf75709aba88bfd0e9db747e99047"], "cuts": [16], "dealers": [0]}',NULL);
INSERT INTO "game_tables" VALUES(3,7,72,300,'seep','{"players": 4}',3,'lobby','{}',NULL,1.79617268504528188703e+09,1.79617268504528188703e+09,NULL,NULL);
CREATE TABLE guild_settings (
        guild_id INTEGER PRIMARY KEY,
        settings TEXT NOT NULL DEFAULT '{}',  -- JSON: defaults for new tables, rating choices
        season_start REAL NOT NULL DEFAULT 0  -- leaderboards count results from here on
    );
INSERT INTO "guild_settings" VALUES(7,'{"rate_computer_games": true}',0.0);
CREATE TABLE match_results (
        table_id INTEGER PRIMARY KEY REFERENCES game_tables (id) ON DELETE CASCADE,
        guild_id INTEGER NOT NULL,
        game TEXT NOT NULL,
        finished_at REAL NOT NULL,
        result TEXT NOT NULL        -- JSON: seats, sides, outcome
    );
INSERT INTO "match_results" VALUES(1,7,'suipe',1.79617268496804475784e+09,'{"seats": [{"seat": 0, "user_id": 100, "name": "Asha", "computer": false}, {"seat": 1, "user_id": 200, "name": "Dev", "computer": false}], "returns": [0.0, 1.0], "sides": [[0], [1]], "scores": [4, 7], "result": "Asha 4 \u00b7 Dev 7 \u2014 Dev win!"}');
CREATE TABLE outbox (
        table_id INTEGER NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
        kind TEXT NOT NULL,          -- table (message), summary (of a deal), result (of the match)
        number INTEGER NOT NULL,     -- table: the moves it shows; summary: the deal; result: 0
        moves INTEGER NOT NULL,      -- the moves made when it was owed
        delivered INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (table_id, kind, number)
    );
INSERT INTO "outbox" VALUES(1,'table',1,1,0);
INSERT INTO "outbox" VALUES(1,'table',2,2,0);
INSERT INTO "outbox" VALUES(1,'table',3,3,0);
INSERT INTO "outbox" VALUES(1,'table',4,4,0);
INSERT INTO "outbox" VALUES(1,'table',5,5,0);
INSERT INTO "outbox" VALUES(1,'table',6,6,0);
INSERT INTO "outbox" VALUES(1,'table',7,7,0);
INSERT INTO "outbox" VALUES(1,'table',8,8,0);
INSERT INTO "outbox" VALUES(1,'table',9,9,0);
INSERT INTO "outbox" VALUES(1,'table',10,10,0);
INSERT INTO "outbox" VALUES(1,'table',11,11,0);
INSERT INTO "outbox" VALUES(1,'table',12,12,0);
INSERT INTO "outbox" VALUES(1,'table',13,13,0);
INSERT INTO "outbox" VALUES(1,'table',14,14,0);
INSERT INTO "outbox" VALUES(1,'table',15,15,0);
INSERT INTO "outbox" VALUES(1,'table',16,16,0);
INSERT INTO "outbox" VALUES(1,'table',17,17,0);
INSERT INTO "outbox" VALUES(1,'table',18,18,0);
INSERT INTO "outbox" VALUES(1,'table',19,19,0);
INSERT INTO "outbox" VALUES(1,'table',20,20,0);
INSERT INTO "outbox" VALUES(1,'table',21,21,0);
INSERT INTO "outbox" VALUES(1,'table',22,22,0);
INSERT INTO "outbox" VALUES(1,'table',23,23,0);
INSERT INTO "outbox" VALUES(1,'table',24,24,0);
INSERT INTO "outbox" VALUES(1,'table',25,25,0);
INSERT INTO "outbox" VALUES(1,'table',26,26,0);
INSERT INTO "outbox" VALUES(1,'table',27,27,0);
INSERT INTO "outbox" VALUES(1,'table',28,28,0);
INSERT INTO "outbox" VALUES(1,'table',29,29,0);
INSERT INTO "outbox" VALUES(1,'table',30,30,0);
INSERT INTO "outbox" VALUES(1,'table',31,31,0);
INSERT INTO "outbox" VALUES(1,'table',32,32,0);
INSERT INTO "outbox" VALUES(1,'table',33,33,0);
INSERT INTO "outbox" VALUES(1,'table',34,34,0);
INSERT INTO "outbox" VALUES(1,'table',35,35,0);
INSERT INTO "outbox" VALUES(1,'table',36,36,0);
INSERT INTO "outbox" VALUES(1,'table',37,37,0);
INSERT INTO "outbox" VALUES(1,'table',38,38,0);
INSERT INTO "outbox" VALUES(1,'table',39,39,0);
INSERT INTO "outbox" VALUES(1,'table',40,40,0);
INSERT INTO "outbox" VALUES(1,'table',41,41,0);
INSERT INTO "outbox" VALUES(1,'table',42,42,0);
INSERT INTO "outbox" VALUES(1,'table',43,43,0);
INSERT INTO "outbox" VALUES(1,'table',44,44,0);
INSERT INTO "outbox" VALUES(1,'table',45,45,0);
INSERT INTO "outbox" VALUES(1,'table',46,46,0);
INSERT INTO "outbox" VALUES(1,'table',47,47,0);
INSERT INTO "outbox" VALUES(1,'table',48,48,0);
INSERT INTO "outbox" VALUES(1,'table',49,49,0);
INSERT INTO "outbox" VALUES(1,'summary',1,49,0);
INSERT INTO "outbox" VALUES(1,'result',0,49,0);
INSERT INTO "outbox" VALUES(2,'table',1,1,0);
INSERT INTO "outbox" VALUES(2,'table',2,2,0);
INSERT INTO "outbox" VALUES(2,'table',3,3,0);
INSERT INTO "outbox" VALUES(2,'table',4,4,0);
CREATE TABLE player_prefs (
        user_id INTEGER PRIMARY KEY,
        prefs TEXT NOT NULL DEFAULT '{}'  -- JSON: language, auto_play
    );
INSERT INTO "player_prefs" VALUES(200,'{"language": "hi"}');
CREATE TABLE "player_results" (
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
        stats TEXT NOT NULL DEFAULT '{}', rounds TEXT NOT NULL DEFAULT '[]',  -- JSON: the game's figures (its registration's stats)
        PRIMARY KEY (table_id, user_id)
    );
INSERT INTO "player_results" VALUES(1,100,7,'suipe','Asha',0,NULL,2,'loss',1,4,4,7,1,0,1796172684.96789,'{"sweeps": 0}','[]');
INSERT INTO "player_results" VALUES(1,200,7,'suipe','Dev',1,NULL,1,'win',1,7,7,4,1,0,1796172684.96789,'{"sweeps": 0}','[]');
CREATE TABLE seats (
        table_id INTEGER NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        user_id INTEGER,            -- NULL for a computer player
        name TEXT NOT NULL,
        computer_level TEXT,        -- set for computer players
        missed_turns INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (table_id, seat)
    );
INSERT INTO "seats" VALUES(1,0,100,'Asha',NULL,0);
INSERT INTO "seats" VALUES(1,1,200,'Dev',NULL,0);
INSERT INTO "seats" VALUES(2,0,100,'Asha',NULL,0);
INSERT INTO "seats" VALUES(2,1,200,'Dev',NULL,0);
INSERT INTO "seats" VALUES(3,0,300,'Mia',NULL,0);
CREATE INDEX game_tables_channel ON game_tables (channel_id, status);
CREATE INDEX player_results_board ON player_results (guild_id, game, finished_at);
CREATE INDEX outbox_owed ON outbox (table_id) WHERE delivered = 0;
CREATE UNIQUE INDEX game_tables_one_open ON game_tables (channel_id)
        WHERE status IN ('lobby', 'playing');
CREATE INDEX daily_days_due ON daily_days (ends_at) WHERE announced = 0;
CREATE INDEX daily_attempts_member ON daily_attempts (guild_id, user_id, local_day);
CREATE INDEX deal_records_guild ON deal_records (guild_id, finished_at);
CREATE INDEX deal_players_user ON deal_players (user_id);
DELETE FROM "sqlite_sequence";
INSERT INTO "sqlite_sequence" VALUES('game_tables',3);
INSERT INTO "sqlite_sequence" VALUES('deal_records',1);
COMMIT;

-- the store of seepbot 0.2.0: make_store.py
PRAGMA user_version = 13;
BEGIN TRANSACTION;
CREATE TABLE actions (
        table_id INTEGER NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
        number INTEGER NOT NULL,
        player INTEGER NOT NULL,
        notation TEXT NOT NULL,
        played_at REAL NOT NULL,
        PRIMARY KEY (table_id, number)
    );
INSERT INTO "actions" VALUES(1,0,0,'cut 26',1.79617268596417188641e+09);
INSERT INTO "actions" VALUES(1,1,0,'2Cx2H',1.79617268597132158283e+09);
INSERT INTO "actions" VALUES(1,2,1,'2D',1.79617268597509527209e+09);
INSERT INTO "actions" VALUES(1,3,0,'4S=6+2D',1.79617268597898697849e+09);
INSERT INTO "actions" VALUES(1,4,1,'3Sx3C',1.79617268598068976397e+09);
INSERT INTO "actions" VALUES(1,5,0,'6Hx@',1.79617268598715925211e+09);
INSERT INTO "actions" VALUES(1,6,1,'3H',1.79617268598833060267e+09);
INSERT INTO "actions" VALUES(1,7,0,'7H=10+3H',1.79617268598930549623e+09);
INSERT INTO "actions" VALUES(1,8,1,'7D',1.7961726859901969433e+09);
INSERT INTO "actions" VALUES(1,9,0,'10Cx@',1.7961726859910213947e+09);
INSERT INTO "actions" VALUES(1,10,1,'JH',1.79617268599176573753e+09);
INSERT INTO "actions" VALUES(1,11,0,'8D',1.79617268599247956271e+09);
INSERT INTO "actions" VALUES(1,12,1,'JCxJH',1.79617268599318456647e+09);
INSERT INTO "actions" VALUES(1,13,0,'9D',1.79617268599388790134e+09);
INSERT INTO "actions" VALUES(1,14,1,'QC',1.79617268599461913109e+09);
INSERT INTO "actions" VALUES(1,15,0,'JD',1.79617268599526762958e+09);
INSERT INTO "actions" VALUES(1,16,1,'QDxQC',1.79617268599875736239e+09);
INSERT INTO "actions" VALUES(1,17,0,'AD=7+6D',1.79617268599988532066e+09);
INSERT INTO "actions" VALUES(1,18,1,'2S=9+7D',1.79617268600143122677e+09);
INSERT INTO "actions" VALUES(1,19,0,'7Cx@',1.79617268600231599811e+09);
INSERT INTO "actions" VALUES(1,20,1,'8Cx8D',1.79617268600315165517e+09);
INSERT INTO "actions" VALUES(1,21,0,'9Sx@',1.79617268600397968292e+09);
INSERT INTO "actions" VALUES(1,22,1,'3D',1.79617268600469660757e+09);
INSERT INTO "actions" VALUES(1,23,0,'9Hx9D',1.79617268600551152233e+09);
INSERT INTO "actions" VALUES(1,24,1,'4D=7+3D',1.79617268600624966625e+09);
INSERT INTO "actions" VALUES(1,25,0,'10S',1.79617268601114821431e+09);
INSERT INTO "actions" VALUES(1,26,1,'7Sx@',1.79617268601194500924e+09);
INSERT INTO "actions" VALUES(1,27,0,'10Hx10S',1.7961726860127782821e+09);
INSERT INTO "actions" VALUES(1,28,1,'5C',1.79617268601360940928e+09);
INSERT INTO "actions" VALUES(1,29,0,'10D',1.7961726860143167972e+09);
INSERT INTO "actions" VALUES(1,30,1,'9C',1.79617268601506352423e+09);
INSERT INTO "actions" VALUES(1,31,0,'JSxJD',1.79617268601575207705e+09);
INSERT INTO "actions" VALUES(1,32,1,'QS',1.7961726860167574883e+09);
INSERT INTO "actions" VALUES(1,33,0,'AH=6+5C',1.79617268601906538011e+09);
INSERT INTO "actions" VALUES(1,34,1,'AS',1.79617268601992917062e+09);
INSERT INTO "actions" VALUES(1,35,0,'4C=5+AS',1.796172686020927906e+09);
INSERT INTO "actions" VALUES(1,36,1,'AC',1.79617268602169871324e+09);
INSERT INTO "actions" VALUES(1,37,0,'5Dx@',1.79617268603107285498e+09);
INSERT INTO "actions" VALUES(1,38,1,'4H=5+AC',1.79617268603233146669e+09);
INSERT INTO "actions" VALUES(1,39,0,'6Sx@',1.7961726860334494114e+09);
INSERT INTO "actions" VALUES(1,40,1,'5Sx@',1.79617268603439188007e+09);
INSERT INTO "actions" VALUES(1,41,0,'6C',1.79617268603528952596e+09);
INSERT INTO "actions" VALUES(1,42,1,'5H',1.79617268603606534006e+09);
INSERT INTO "actions" VALUES(1,43,0,'8S',1.79617268603680610653e+09);
INSERT INTO "actions" VALUES(1,44,1,'QHxQS',1.79617268603754377366e+09);
INSERT INTO "actions" VALUES(1,45,0,'8Hx8S',1.7961726860383148193e+09);
INSERT INTO "actions" VALUES(1,46,1,'KSxKH',1.79617268603906464572e+09);
INSERT INTO "actions" VALUES(1,47,0,'KD',1.79617268603979086871e+09);
INSERT INTO "actions" VALUES(1,48,1,'KCxKD',1.79617268604620575903e+09);
INSERT INTO "actions" VALUES(2,0,0,'cut 16',1.79617268610061645503e+09);
INSERT INTO "actions" VALUES(2,1,0,'8S',1.79617268610694909096e+09);
INSERT INTO "actions" VALUES(2,2,1,'QS',1.79617268611507987976e+09);
INSERT INTO "actions" VALUES(2,3,0,'stop',1.7961726861190087795e+09);
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
INSERT INTO "daily_attempts" VALUES(7,'2026-12-02','suipe',100,'Asha','playing','["3H=9+6D"]',NULL,1.79617268622059416769e+09,NULL,NULL);
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
INSERT INTO "daily_deals" VALUES(7,'2026-12-02','suipe','{"deals": 1}','b99ffe145f16234e34605a4563a48ccf','b174d607c7bce17b0e318f319ae67e77b9b1b882b35072e180516662671e85c6','dfd7d5905af8ea37ad688a66bb163d89c5e31d0b24be8f7d8883e2e209aed8aa');
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
INSERT INTO "deal_records" VALUES(1,1,1,7,'suipe',1.79617268604620575903e+09,1,'Asha 8 · Dev 3','[Format "1"]
[Game "suipe"]
[Rules "{\"deals\":1,\"game\":\"suipe\",\"hand_size\":0,\"partnerships\":true,\"players\":2}"]
[Deal "1"]
[Date "2026-12-02T00:51:26Z"]
[Seat1 "Asha"]
[Level1 "human"]
[Seat2 "Dev"]
[Level2 "human"]
[Fair "yes"]
[Dealer "1"]
[Nonce "7224b31ef0526f1378bdf0c88cb66a12"]
[Commitment "eff9ee158c7f28596a296d0edff6fbdb3a01fd6ee3b33c0df10973ef8bf82a5f"]
[Secret "763c6e46845cd2cbb01a3741d53db50eed4a762d992c70a4f334a6b0064009ef"]
[Cut "26"]
[Result "Asha 8 · Dev 3"]

1. cut 26 {Asha cut the deck at card 26.}
2. 2Cx2H {Asha captured 2♥ with 2♣}
3. 2D {Dev trailed 2♦}
4. 4S=6+2D {Asha built 6 (ono), single: 4♠ on 2♦}
5. 3Sx3C {Dev captured 3♣ with 3♠}
6. 6Hx@ {Asha captured the 6-build with 6♥}
7. 3H {Dev trailed 3♥}
8. 7H=10+3H {Asha built 10 (sefulu), single: 7♥ on 3♥}
9. 7D {Dev trailed 7♦}
10. 10Cx@ {Asha captured the 10-build with 10♣}
11. JH {Dev trailed J♥}
12. 8D {Asha trailed 8♦}
13. JCxJH {Dev captured J♥ with J♣}
14. 9D {Asha trailed 9♦}
15. QC {Dev trailed Q♣}
16. JD {Asha trailed J♦}
17. QDxQC {Dev captured Q♣ with Q♦}
18. AD=7+6D {Asha built 7 (fitu), single: A♦ on 6♦}
19. 2S=9+7D {Dev built 9 (iva), single: 2♠ on 7♦}
20. 7Cx@ {Asha captured the 7-build with 7♣}
21. 8Cx8D {Dev captured 8♦ with 8♣}
22. 9Sx@ {Asha captured the 9-build with 9♠}
23. 3D {Dev trailed 3♦}
24. 9Hx9D {Asha captured 9♦ with 9♥}
25. 4D=7+3D {Dev built 7 (fitu), single: 4♦ on 3♦}
26. 10S {Asha trailed 10♠}
27. 7Sx@ {Dev captured the 7-build with 7♠}
28. 10Hx10S {Asha captured 10♠ with 10♥}
29. 5C {Dev trailed 5♣}
30. 10D {Asha trailed 10♦}
31. 9C {Dev trailed 9♣}
32. JSxJD {Asha captured J♦ with J♠}
33. QS {Dev trailed Q♠}
34. AH=6+5C {Asha built 6 (ono), single: A♥ on 5♣}
35. AS {Dev trailed A♠}
36. 4C=5+AS {Asha built 5 (lima), single: 4♣ on A♠}
37. AC {Dev trailed A♣}
38. 5Dx@ {Asha captured the 5-build with 5♦}
39. 4H=5+AC {Dev built 5 (lima), single: 4♥ on A♣}
40. 6Sx@ {Asha captured the 6-build with 6♠}
41. 5Sx@ {Dev captured the 5-build with 5♠}
42. 6C {Asha trailed 6♣}
43. 5H {Dev trailed 5♥}
44. 8S {Asha trailed 8♠}
45. QHxQS {Dev captured Q♠ with Q♥}
46. 8Hx8S {Asha captured 8♠ with 8♥}
47. KSxKH {Dev captured K♥ with K♠}
48. KD {Asha trailed K♦}
49. KCxKD {Dev captured K♦ with K♣}
');
CREATE TABLE deal_results (
        table_id INTEGER NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
        number INTEGER NOT NULL,
        result TEXT NOT NULL,       -- JSON: per side points, sweeps, baazi…
        PRIMARY KEY (table_id, number)
    );
INSERT INTO "deal_results" VALUES(1,1,'{"number": 1, "dealer": 1, "sides": [{"total": 8, "cards": 28, "suipes": 0}, {"total": 3, "cards": 24, "suipes": 0}], "baazi_side": null}');
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
INSERT INTO "game_tables" VALUES(1,7,70,100,'suipe','{"players": 2, "deals": 1}',1,'finished','{"rated": true}',NULL,1.79617268595567083355e+09,1.79617268604620575903e+09,'{"nonce": "7224b31ef0526f1378bdf0c88cb66a12", "first_dealer": 1, "secrets": ["763c6e46845cd2cbb01a3741d53db50eed4a762d992c70a4f334a6b0064009ef"], "cuts": [26], "dealers": [1]}',NULL);
INSERT INTO "game_tables" VALUES(2,7,71,100,'sedma','{"players": 2}',2,'playing','{"rated": true}',NULL,1.79617268609221482278e+09,1.7961726861190087795e+09,'{"nonce": "1378784029f498e1a1aad6bd2137ac0e", "first_dealer": 1, "secrets": ["87ae32db04527ec918acf0433f3212363e8171480f88e1802524f384e795d94f"], "cuts": [16], "dealers": [1]}',NULL);
INSERT INTO "game_tables" VALUES(3,7,72,300,'seep','{"players": 4}',3,'lobby','{}',NULL,1.79617268621220779419e+09,1.79617268621220779419e+09,NULL,NULL);
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
INSERT INTO "match_results" VALUES(1,7,'suipe',1.79617268604620575903e+09,'{"seats": [{"seat": 0, "user_id": 100, "name": "Asha", "computer": false}, {"seat": 1, "user_id": 200, "name": "Dev", "computer": false}], "returns": [1.0, 0.0], "sides": [[0], [1]], "scores": [8, 3], "result": "Asha 8 \u00b7 Dev 3 \u2014 Asha win!"}');
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
INSERT INTO "outbox" VALUES(1,'summary',1,49,0);
INSERT INTO "outbox" VALUES(1,'table',49,49,0);
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
INSERT INTO "player_results" VALUES(1,100,7,'suipe','Asha',0,NULL,1,'win',1,8,8,3,1,0,1.79617268604582905767e+09,'{"sweeps": 0}','[]');
INSERT INTO "player_results" VALUES(1,200,7,'suipe','Dev',1,NULL,2,'loss',1,3,3,8,1,0,1.79617268604582905767e+09,'{"sweeps": 0}','[]');
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
CREATE TABLE stale_messages (
        table_id INTEGER NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
        message_id INTEGER NOT NULL,
        PRIMARY KEY (table_id, message_id)
    );
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

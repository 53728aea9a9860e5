import GRDB

extension AppDatabase {
    /// Adds `columns` (`name TYPE`) to `table` (`user` or `profile`), columns that GitHub's
    /// answers fill, and forgets the ETags of pages and profiles: the rows cached before have
    /// them empty, and a `304` would carry no body to fill them from, so the next `refresh` or
    /// stale `profile` asks again in full (AppDatabaseMigrationETagTests fails for a migration
    /// that adds such a column without this).
    static func addAnsweredColumns(to table: String, _ columns: [String], _ db: Database) throws {
        for column in columns { try db.execute(sql: "ALTER TABLE \(table) ADD COLUMN \(column)") }
        try db.execute(sql: "UPDATE page SET etag = NULL; UPDATE profile SET etag = NULL")
    }

    /// The schema's history: named, append-only migrations. Never edit a shipped migration;
    /// add a new one. A column that GitHub's answers fill is added with
    /// ``addAnsweredColumns(to:_:_:)`` (as `v3` did by hand).
    static let migrator: DatabaseMigrator = {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            // Users as the list returns them. `seen`: the profile was shown.
            try db.execute(
                sql: """
                    CREATE TABLE user (
                        id INTEGER PRIMARY KEY CHECK (id > 0),
                        login TEXT NOT NULL UNIQUE COLLATE NOCASE CHECK (length(login) BETWEEN 1 AND 39),
                        node_id TEXT,
                        avatar_url TEXT NOT NULL CHECK (avatar_url LIKE 'http://%' OR avatar_url LIKE 'https://%'),
                        html_url TEXT,
                        type TEXT NOT NULL,
                        site_admin BOOLEAN NOT NULL,
                        seen BOOLEAN NOT NULL DEFAULT 0,
                        fetched_at DOUBLE NOT NULL
                    );
                    CREATE VIRTUAL TABLE user_fts USING fts5(
                        login, content='user', content_rowid='id', tokenize='trigram'
                    );
                    CREATE TRIGGER user_fts_insert AFTER INSERT ON user BEGIN
                        INSERT INTO user_fts(rowid, login) VALUES (new.id, new.login);
                    END;
                    CREATE TRIGGER user_fts_delete AFTER DELETE ON user BEGIN
                        INSERT INTO user_fts(user_fts, rowid, login) VALUES ('delete', old.id, old.login);
                    END;
                    CREATE TRIGGER user_fts_update AFTER UPDATE OF login ON user WHEN old.login IS NOT new.login BEGIN
                        INSERT INTO user_fts(user_fts, rowid, login) VALUES ('delete', old.id, old.login);
                        INSERT INTO user_fts(rowid, login) VALUES (new.id, new.login);
                    END;

                    -- The package profile of a user, with the ETag to revalidate it.
                    CREATE TABLE profile (
                        user_id INTEGER PRIMARY KEY REFERENCES user(id) ON DELETE CASCADE,
                        name TEXT, company TEXT, blog TEXT, location TEXT, email TEXT, hireable BOOLEAN,
                        bio TEXT, twitter_username TEXT,
                        public_repos INTEGER, public_gists INTEGER, followers INTEGER, following INTEGER,
                        created_at TEXT, updated_at TEXT,
                        etag TEXT,
                        fetched_at DOUBLE NOT NULL
                    );

                    -- Private notes. Keyed by login until the user's id is known, then by id too,
                    -- so a note follows a renamed user. No foreign key: a note outlives the cache.
                    CREATE TABLE note (
                        id INTEGER PRIMARY KEY,
                        login TEXT NOT NULL UNIQUE COLLATE NOCASE,
                        user_id INTEGER UNIQUE,
                        text TEXT NOT NULL CHECK (length(text) > 0),
                        updated_at DOUBLE NOT NULL
                    );
                    CREATE VIRTUAL TABLE note_fts USING fts5(
                        text, content='note', content_rowid='id', tokenize='trigram'
                    );
                    CREATE TRIGGER note_fts_insert AFTER INSERT ON note BEGIN
                        INSERT INTO note_fts(rowid, text) VALUES (new.id, new.text);
                    END;
                    CREATE TRIGGER note_fts_delete AFTER DELETE ON note BEGIN
                        INSERT INTO note_fts(note_fts, rowid, text) VALUES ('delete', old.id, old.text);
                    END;
                    CREATE TRIGGER note_fts_update AFTER UPDATE OF text ON note BEGIN
                        INSERT INTO note_fts(note_fts, rowid, text) VALUES ('delete', old.id, old.text);
                        INSERT INTO note_fts(rowid, text) VALUES (new.id, new.text);
                    END;

                    -- Pages fetched from GET /users, by the `since` they were asked with (0 for the
                    -- first), with the ETag to revalidate them and where the next page starts.
                    CREATE TABLE page (
                        since INTEGER PRIMARY KEY CHECK (since >= 0),
                        last_id INTEGER NOT NULL CHECK (last_id > since),
                        item_count INTEGER NOT NULL CHECK (item_count > 0),
                        etag TEXT,
                        fetched_at DOUBLE NOT NULL
                    );

                    -- The one row of pagination and rate-limit state.
                    CREATE TABLE sync_state (
                        id INTEGER PRIMARY KEY CHECK (id = 1),
                        page_size INTEGER CHECK (page_size BETWEEN 1 AND 100),
                        cursor INTEGER CHECK (cursor > 0),
                        end_reached BOOLEAN NOT NULL DEFAULT 0,
                        last_sync_at DOUBLE,
                        welcomed BOOLEAN NOT NULL DEFAULT 0,
                        rate_limit INTEGER,
                        rate_remaining INTEGER,
                        rate_reset DOUBLE,
                        rate_resource TEXT
                    );
                    INSERT INTO sync_state (id) VALUES (1);
                    """)
        }
        migrator.registerMigration("v2-note-login-not-unique") { db in
            // A login taken over by another account must not cost the old account its note: the
            // note stays keyed by its id. So a login may carry several notes (one per account
            // id); one note per id, and one note per login while its user is not known yet.
            try db.execute(
                sql: """
                    CREATE TABLE note_v2 (
                        id INTEGER PRIMARY KEY,
                        login TEXT NOT NULL COLLATE NOCASE,
                        user_id INTEGER UNIQUE,
                        text TEXT NOT NULL CHECK (length(text) > 0),
                        updated_at DOUBLE NOT NULL
                    );
                    INSERT INTO note_v2 (id, login, user_id, text, updated_at)
                        SELECT id, login, user_id, text, updated_at FROM note;
                    DROP TABLE note;
                    ALTER TABLE note_v2 RENAME TO note;
                    CREATE INDEX note_login ON note(login);
                    CREATE UNIQUE INDEX note_pending_login ON note(login) WHERE user_id IS NULL;
                    CREATE TRIGGER note_fts_insert AFTER INSERT ON note BEGIN
                        INSERT INTO note_fts(rowid, text) VALUES (new.id, new.text);
                    END;
                    CREATE TRIGGER note_fts_delete AFTER DELETE ON note BEGIN
                        INSERT INTO note_fts(note_fts, rowid, text) VALUES ('delete', old.id, old.text);
                    END;
                    CREATE TRIGGER note_fts_update AFTER UPDATE OF text ON note BEGIN
                        INSERT INTO note_fts(note_fts, rowid, text) VALUES ('delete', old.id, old.text);
                        INSERT INTO note_fts(rowid, text) VALUES (new.id, new.text);
                    END;
                    """)
        }
        migrator.registerMigration("v3-user-gravatar-id-view-type") { db in
            // `--json` prints GitHub's simple-user: the URL fields derive from the API root and
            // the login, these two cannot. Rows cached before stay NULL (`gravatar_id` prints as
            // null, which the schema allows; `user_view_type` is left out, it is optional) until
            // their next fetch. Forgetting the ETags makes that the next `refresh` or stale
            // `profile`: a `304` would carry no body to fill them from.
            try db.execute(
                sql: """
                    ALTER TABLE user ADD COLUMN gravatar_id TEXT;
                    ALTER TABLE user ADD COLUMN user_view_type TEXT;
                    UPDATE page SET etag = NULL;
                    UPDATE profile SET etag = NULL;
                    """)
        }
        migrator.registerMigration("v4-site") { db in
            // The API root whose data this file holds (one database per GitHub site), so that a
            // file never serves another site and `status` can name the sites of other folders.
            // Written on first open by ``AppDatabase/claim(_:)``.
            try db.execute(
                sql: """
                    CREATE TABLE site (
                        id INTEGER PRIMARY KEY CHECK (id = 1),
                        api_root TEXT NOT NULL CHECK (api_root LIKE 'http://%' OR api_root LIKE 'https://%')
                    );
                    """)
        }
        migrator.registerMigration("v5-short-search") { db in
            // Searches of one or two characters from an index instead of a scan of every
            // login and note (``SearchGrams``). Filling it takes about 46 s at a million users
            // and 100,000 notes, once; 0.4 s at 10,000.
            try db.execute(sql: SearchGrams.schema)
        }
        migrator.registerMigration("v6-gone-largest-pages") { db in
            // `gone`: GitHub no longer lists the account (deleted or suspended); it is kept,
            // marked, with its note. The page size of a home synced before was GitHub's
            // default, 30, taken from a first request without `per_page`: it is forgotten, so
            // the next page asks for 100 and the first full batch sets it again. The cached
            // pages and their ETags stay; `refresh` merges the short rows as it goes
            // (StoreService.Sync.savePageRow). `etag_token`: which token's answer a page's ETag came with
            // (TokenSource.fingerprint; GitHub's ETags differ per token). `refresh_since`: where
            // a refresh that stopped (at the rate limit, or --pages) goes on.
            try db.execute(
                sql: """
                    ALTER TABLE user ADD COLUMN gone BOOLEAN NOT NULL DEFAULT 0;
                    UPDATE sync_state SET page_size = NULL;
                    ALTER TABLE page ADD COLUMN etag_token TEXT;
                    ALTER TABLE sync_state ADD COLUMN refresh_since INTEGER;
                    """)
        }
        migrator.registerMigration("v7-note-non-ascii") { db in
            // The notes that `search` matches with `ghusers_fold` (AppDatabase+Fold): those with
            // a character outside ASCII, which SQLite folds otherwise than Swift.
            try db.execute(sql: "CREATE INDEX note_non_ascii ON note(id) WHERE \(AppDatabase.nonASCIINote)")
        }
        migrator.registerMigration("v8-rate-limit-per-resource-partial-profile") { db in
            // One rate limit per bucket GitHub reports (`x-ratelimit-resource`): `core` for REST,
            // `graphql` for `profiles prefetch`'s points, so that a used-up GraphQL budget never
            // stops REST paging. The one limit `sync_state` kept moves here; its `rate_*`
            // columns are no longer read. `partial`: a profile fetched over GraphQL without
            // fields GraphQL lacks for its type (an organization's followers, following,
            // gists, company, bio): those are NULL as unknown, never 0, until `profile`
            // completes them over REST.
            try db.execute(
                sql: """
                    CREATE TABLE rate_limit (
                        resource TEXT PRIMARY KEY CHECK (length(resource) BETWEEN 1 AND 40),
                        "limit" INTEGER NOT NULL,
                        remaining INTEGER NOT NULL,
                        reset DOUBLE NOT NULL
                    );
                    INSERT INTO rate_limit (resource, "limit", remaining, reset)
                        SELECT coalesce(rate_resource, 'core'), rate_limit, rate_remaining, rate_reset FROM sync_state
                        WHERE rate_limit IS NOT NULL AND rate_remaining IS NOT NULL AND rate_reset IS NOT NULL;
                    ALTER TABLE profile ADD COLUMN partial BOOLEAN NOT NULL DEFAULT 0;
                    """)
        }
        migrator.registerMigration("v9-profile-qualifiers") { db in
            // The qualifiers of `search` and `/` (SearchQuery.Qualifier), as SQLite reads them
            // (StoreService.Search.Qualified): counts and dates are ranges of their indexes;
            // `type:` is a range of `user_type` (a million users: no table scan); the short
            // text fields are scanned in their covering indexes, a tenth of the rows' bytes;
            // `is:seen`/`is:gone` are the few rows of partial indexes.
            try db.execute(
                sql: """
                    CREATE INDEX profile_followers ON profile(followers);
                    CREATE INDEX profile_public_repos ON profile(public_repos);
                    CREATE INDEX profile_created_at ON profile(created_at);
                    CREATE INDEX profile_location ON profile(location);
                    CREATE INDEX profile_company ON profile(company);
                    CREATE INDEX profile_name ON profile(name);
                    CREATE INDEX user_type ON user(type);
                    CREATE INDEX user_seen ON user(id) WHERE seen;
                    CREATE INDEX user_gone ON user(id) WHERE gone;
                    """)
        }
        migrator.registerMigration("v10-unknown-profile-fields-token-email") { db in
            // `unknown`: the profile fields an answer left unknown, by JSON key ("followers",
            // "email,followers"), NULL in their columns, never "none": GraphQL has no followers
            // for an organization, an email is not asked of a token that may not read it, a
            // field GitHub nulled with an error. `partial` stays, kept equal to `unknown <> ''`.
            // Profiles stored partial before were organizations whose company, bio, gists,
            // following and followers were left unknown. `graphql_token`: whether a token (by
            // ``TokenSource/fingerprint(_:)``) may read `User.email`, learnt from its
            // `X-OAuth-Scopes` or from GitHub's `INSUFFICIENT_SCOPES`, so it is asked once.
            try db.execute(
                sql: """
                    ALTER TABLE profile ADD COLUMN unknown TEXT NOT NULL DEFAULT '';
                    UPDATE profile SET unknown = 'company,bio,public_gists,followers,following' WHERE partial;
                    CREATE TABLE graphql_token (
                        fingerprint TEXT PRIMARY KEY CHECK (length(fingerprint) BETWEEN 1 AND 64),
                        reads_email BOOLEAN NOT NULL
                    );
                    """)
        }
        migrator.registerMigration("v11-note-history") { db in
            // Every note text replaced or deleted (an edit, `note LOGIN TEXT`, `--delete`, an
            // import whose note is newer) is kept here, local only: `ghusers note LOGIN
            // --history` shows it. An import never pastes the other side's text into a note.
            try db.execute(
                sql: """
                    CREATE TABLE note_history (
                        id INTEGER PRIMARY KEY,
                        login TEXT NOT NULL,
                        user_id INTEGER,
                        text TEXT NOT NULL,
                        updated_at DOUBLE NOT NULL,
                        replaced_at DOUBLE NOT NULL
                    );
                    CREATE INDEX note_history_user ON note_history(user_id);
                    CREATE INDEX note_history_login ON note_history(login COLLATE NOCASE);
                    """)
        }
        migrator.registerMigration("v12-notes-nfc") { db in
            // Notes in Unicode's composed form (NFC), as every way in now stores them: a note
            // pasted from macOS (NFD) is found by "café" typed either way. Only notes with a
            // character outside ASCII can change (the partial index note_non_ascii).
            let rows = try Row.fetchAll(db, sql: "SELECT id, text FROM note WHERE \(AppDatabase.nonASCIINote)")
            for row in rows {
                let text: String = row["text"]
                let normalized = Note.normalized(text)
                if !normalized.utf8.elementsEqual(text.utf8) {
                    try db.execute(sql: "UPDATE note SET text = ? WHERE id = ?", arguments: [normalized, row["id"] as Int64])
                }
            }
        }
        migrator.registerMigration("v13-online-search") { db in
            // `search --online`'s place while one runs, by GitHub query: a run stopped (Ctrl-C,
            // a rate limit) resumes from it; a finished one deletes its row.
            try db.execute(
                sql: """
                    CREATE TABLE online_search (
                        query TEXT PRIMARY KEY NOT NULL,
                        progress TEXT NOT NULL,
                        updated_at REAL NOT NULL
                    )
                    """)
        }
        migrator.registerMigration("v14-note-waiting") { db in
            // A note whose account is not cached (written for a login, or imported with the id
            // of an account not cached yet) is `waiting`, so that `search` and `note LOGIN` find
            // such notes through a small partial index instead of testing every note for its
            // user. StoreService.Notes and StoreService.Users keep the mark with the rows.
            try db.execute(
                sql: """
                    ALTER TABLE note ADD COLUMN waiting INTEGER NOT NULL DEFAULT 0 CHECK (waiting IN (0, 1));
                    UPDATE note SET waiting = 1 WHERE user_id IS NULL OR NOT EXISTS (SELECT 1 FROM user WHERE user.id = note.user_id);
                    CREATE INDEX note_waiting ON note(login) WHERE waiting = 1;
                    CREATE INDEX note_waiting_user ON note(user_id) WHERE waiting = 1;
                    """)
        }
        migrator.registerMigration("v15-kept-queries") { db in
            // The queries `search --online` ran, kept (StoreService.KeptQueries): the last
            // complete run's counts and changes, and its members (`run` 0) with their profiles'
            // values then, against which the next run names what changed; `run` 1 is the run
            // under way, which replaces them once complete.
            try db.execute(
                sql: """
                    CREATE TABLE kept_query (
                        query TEXT PRIMARY KEY NOT NULL,
                        shown TEXT NOT NULL,
                        first_run_at REAL NOT NULL,
                        last_run_at REAL NOT NULL,
                        github_count INTEGER,
                        kept INTEGER NOT NULL,
                        joined INTEGER NOT NULL,
                        left INTEGER NOT NULL,
                        requests INTEGER NOT NULL,
                        points INTEGER NOT NULL,
                        changes TEXT NOT NULL
                    );
                    CREATE TABLE kept_query_member (
                        query TEXT NOT NULL,
                        run INTEGER NOT NULL CHECK (run IN (0, 1)),
                        user_id INTEGER NOT NULL,
                        profile TEXT,
                        PRIMARY KEY (query, run, user_id)
                    ) WITHOUT ROWID;
                    """)
        }
        migrator.registerMigration("v16-profile-words") { db in
            // The words of each profile's name, company and location (``WordMatch``, folded),
            // by field (StoreService.Profiles.wordFields): a text qualifier (`location:berlin`)
            // reads the profiles holding its first word from here (and, of more than one word,
            // checks them in a row with `ghusers_words`), where it scanned every profile (448 ms for
            // `location:berlin --limit 20` at 1,000,000 profiles). Kept exact by
            // StoreService.Profiles: a save replaces the profile's words, and an account's
            // words go before StoreService.Users removes it with its profile. `profile_unknown`:
            // the few profiles with a field left unknown, which `search` counts after its rows.
            try db.execute(
                sql: """
                    CREATE TABLE profile_word (
                        field INTEGER NOT NULL,
                        word TEXT NOT NULL,
                        user_id INTEGER NOT NULL,
                        PRIMARY KEY (field, word, user_id)
                    ) WITHOUT ROWID;
                    CREATE INDEX profile_unknown ON profile(unknown) WHERE unknown <> '';
                    """)
            try StoreService.Profiles.indexAllWords(db)
        }
        return migrator
    }()

    /// What to say before migrating a file that will take a while: filling the index of
    /// characters and pairs (`v5-short-search`) costs about 4.6 s per 100,000 cached users, and
    /// the profiles' words (`v16-profile-words`) about 4.6 s per 100,000 cached profiles, so
    /// from `users` of them on, a line says why the command waits. `nil` for a new file or a
    /// short migration.
    static func migrationNotice(_ db: Database, from users: Int = 100_000) throws -> String? {
        let applied = try migrator.appliedIdentifiers(db)
        guard applied.contains("v1") else { return nil }
        var parts: [String] = []
        var count = 0
        if !applied.contains("v5-short-search") {
            count = try Int.fetchOne(db, sql: "SELECT count(*) FROM user") ?? 0
            if count >= users { parts.append("\(count) cached users and their notes for one- and two-character searches") }
        }
        var profiles = 0
        if !applied.contains("v16-profile-words") {
            profiles = try Int.fetchOne(db, sql: "SELECT count(*) FROM profile") ?? 0
            if profiles >= users { parts.append("the words of \(profiles) cached profiles for qualifier searches") }
        }
        guard !parts.isEmpty else { return nil }
        let seconds = max(1, (count >= users ? count : 0) * 46 / 1_000_000 + (profiles >= users ? profiles : 0) * 46 / 1_000_000)
        return "indexing \(parts.joined(separator: ", and ")), once after this upgrade (about \(seconds) s)…"
    }
}

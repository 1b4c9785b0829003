import GRDB

/// The cache's tables, built by named migrations that run in order on every open: a file made by
/// any earlier fremont is brought up to date, never rebuilt. Migrations are only ever appended.
enum CacheSchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()

        migrator.registerMigration("v1-feeds") { db in
            try db.create(table: "feed") { t in
                t.primaryKey("url", .text)
                t.column("format", .text)
                t.column("title", .text).notNull().defaults(to: "")
                t.column("link", .text).notNull().defaults(to: "")
                t.column("description", .text).notNull().defaults(to: "")
                t.column("updated", .datetime)
                t.column("etag", .text)
                t.column("lastModified", .text)
                t.column("fetchedAt", .datetime)
                t.column("lastError", .text)
                t.column("lastErrorAt", .datetime)
            }
            try db.create(table: "item") { t in
                t.column("feedURL", .text).notNull().references("feed", column: "url", onDelete: .cascade)
                t.column("id", .text).notNull()
                // Place in the last fetch that had the item: feeds are shown in their own order.
                t.column("position", .integer).notNull()
                t.column("title", .text).notNull().defaults(to: "")
                t.column("link", .text).notNull().defaults(to: "")
                t.column("summary", .text).notNull().defaults(to: "")
                t.column("content", .text).notNull().defaults(to: "")
                t.column("published", .datetime)
                t.column("updated", .datetime)
                t.column("author", .text).notNull().defaults(to: "")
                t.column("categories", .jsonText).notNull().defaults(to: "[]")
                t.column("enclosures", .jsonText).notNull().defaults(to: "[]")
                t.column("isRead", .boolean).notNull().defaults(to: false)
                t.column("firstSeen", .datetime).notNull()
                t.column("lastSeen", .datetime).notNull()
                t.primaryKey(["feedURL", "id"])
            }
        }

        migrator.registerMigration("v2-bikes") { db in
            // A span is what one request asked for: a month, a range of days, or (empty bounds) a whole file.
            try db.create(table: "bikeSpan") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("source", .text).notNull()
                t.column("spanStart", .text).notNull().defaults(to: "")
                t.column("spanEnd", .text).notNull().defaults(to: "")
                t.column("etag", .text)
                t.column("lastModified", .text)
                t.column("fetchedAt", .datetime).notNull()
                t.uniqueKey(["source", "spanStart", "spanEnd"])
            }
            // Rows keep their order and their duplicates (the city's data repeats the hour the clocks go back).
            try db.create(table: "bikeRow", options: .withoutRowID) { t in
                t.column("spanID", .integer).notNull().references("bikeSpan", onDelete: .cascade)
                t.column("position", .integer).notNull()
                t.column("date", .integer).notNull()
                t.column("northbound", .integer)
                t.column("southbound", .integer)
                t.primaryKey(["spanID", "position"])
            }
        }

        migrator.registerMigration("v3-forecast") { db in
            // The response as received: it is small, and re-reading it keeps every field the reader knows.
            try db.create(table: "forecast") { t in
                t.primaryKey("source", .text)
                t.column("json", .blob).notNull()
                t.column("etag", .text)
                t.column("lastModified", .text)
                t.column("fetchedAt", .datetime).notNull()
            }
        }

        migrator.registerMigration("v4-feed-details") { db in
            // What the parser reads beyond the first schema: the feed's picture and categories, an
            // item's comments page, source feed and picture.
            try db.alter(table: "feed") { t in
                t.add(column: "image", .text).notNull().defaults(to: "")
                t.add(column: "categories", .jsonText).notNull().defaults(to: "[]")
            }
            try db.alter(table: "item") { t in
                t.add(column: "comments", .text).notNull().defaults(to: "")
                t.add(column: "sourceTitle", .text).notNull().defaults(to: "")
                t.add(column: "sourceURL", .text).notNull().defaults(to: "")
                t.add(column: "image", .text).notNull().defaults(to: "")
            }
        }

        migrator.registerMigration("v5-item-search") { db in
            // Every cached item's title and text (HTML rendered to words) for full-text search,
            // by the item's rowid; an item's removal takes its entry along.
            try db.execute(sql: """
                CREATE VIRTUAL TABLE itemText USING fts5(title, body, tokenize = 'unicode61 remove_diacritics 2');
                INSERT INTO itemText (itemText, rank) VALUES ('rank', 'bm25(10.0, 1.0)');
                CREATE TRIGGER itemTextRemoved AFTER DELETE ON item BEGIN
                    DELETE FROM itemText WHERE rowid = old.rowid;
                END;
                """)
            // Items fetched before this version are indexed now.
            let rows = try Row.fetchAll(db, sql: "SELECT rowid, title, summary, content FROM item")
            let insert = try db.makeStatement(sql: "INSERT INTO itemText (rowid, title, body) VALUES (?, ?, ?)")
            for row in rows {
                try insert.execute(arguments: [row["rowid"] as Int64, row["title"] as String,
                                               ItemSearch.body(summary: row["summary"], content: row["content"])])
            }
        }

        migrator.registerMigration("v6-read-marks") { db in
            // Read state of feeds that are not fetched into the cache (files, the built-in ones):
            // the source as it was named, and the read items' ids.
            try db.create(table: "readMark", options: .withoutRowID) { t in
                t.column("source", .text).notNull()
                t.column("id", .text).notNull()
                t.primaryKey(["source", "id"])
            }
        }

        migrator.registerMigration("v7-starred") { db in
            // Starred items, copied whole as they were shown: never pruned, whatever becomes of
            // their feed.
            try db.create(table: "starred", options: .withoutRowID) { t in
                t.column("source", .text).notNull()
                t.column("id", .text).notNull()
                t.column("title", .text).notNull().defaults(to: "")
                t.column("feedName", .text).notNull().defaults(to: "")
                t.column("author", .text).notNull().defaults(to: "")
                t.column("date", .datetime)
                t.column("text", .text).notNull().defaults(to: "")
                t.column("links", .jsonText).notNull().defaults(to: "[]")
                t.column("link", .text).notNull().defaults(to: "")
                t.column("enclosures", .jsonText).notNull().defaults(to: "[]")
                t.column("starredAt", .datetime).notNull()
                t.primaryKey(["source", "id"])
            }
        }

        migrator.registerMigration("v8-series") { db in
            // Any table of series, not just the two directions: a span's rows as two blobs (the
            // times, then every series' values a series at a time), read back in one step.
            // What was cached in the old shape is dropped: it is fetched again when asked.
            try db.drop(table: "bikeRow")
            try db.drop(table: "bikeSpan")
            try db.create(table: "seriesSpan") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("source", .text).notNull()
                t.column("spanStart", .text).notNull().defaults(to: "")
                t.column("spanEnd", .text).notNull().defaults(to: "")
                // --time-column and --columns, as they shape what was read.
                t.column("choice", .text).notNull().defaults(to: "")
                t.column("series", .jsonText).notNull()
                t.column("times", .blob).notNull()
                t.column("seriesValues", .blob).notNull()
                t.column("etag", .text)
                t.column("lastModified", .text)
                t.column("fetchedAt", .datetime).notNull()
                t.uniqueKey(["source", "spanStart", "spanEnd", "choice"])
            }
        }

        migrator.registerMigration("v9-item-window") { db in
            // An item list is a window over the cache, newest first (published, else updated;
            // undated, an empty key, last; ties in the order stored, the rowid every index ends
            // with): each of its queries walks one of these from where the window starts.
            // ItemWindowReader writes the key exactly so.
            try db.execute(sql: """
                CREATE INDEX itemNewest ON item (coalesce(published, updated, '') DESC);
                CREATE INDEX itemUnreadNewest ON item (coalesce(published, updated, '') DESC) WHERE isRead = 0;
                CREATE INDEX itemFeedNewest ON item (feedURL, coalesce(published, updated, '') DESC);
                """)
            // Starred items get a rowid (the order they were starred in) to break ties in date,
            // which a WITHOUT ROWID table has not, and an index by date of their own.
            try db.create(table: "starredByRowid") { t in
                t.column("source", .text).notNull()
                t.column("id", .text).notNull()
                t.column("title", .text).notNull().defaults(to: "")
                t.column("feedName", .text).notNull().defaults(to: "")
                t.column("author", .text).notNull().defaults(to: "")
                t.column("date", .datetime)
                t.column("text", .text).notNull().defaults(to: "")
                t.column("links", .jsonText).notNull().defaults(to: "[]")
                t.column("link", .text).notNull().defaults(to: "")
                t.column("enclosures", .jsonText).notNull().defaults(to: "[]")
                t.column("starredAt", .datetime).notNull()
                t.primaryKey(["source", "id"])
            }
            try db.execute(sql: """
                INSERT INTO starredByRowid (source, id, title, feedName, author, date, text, links, link, enclosures, starredAt)
                SELECT source, id, title, feedName, author, date, text, links, link, enclosures, starredAt
                FROM starred ORDER BY starredAt;
                DROP TABLE starred;
                ALTER TABLE starredByRowid RENAME TO starred;
                CREATE INDEX starredNewest ON starred (coalesce(date, '') DESC);
                """)
            // Each feed's count of items and of unread ones, kept by triggers as items come, go
            // and are read: a list opens knowing its length without counting a million rows.
            try db.execute(sql: """
                CREATE TABLE itemTally (
                    feedURL TEXT PRIMARY KEY NOT NULL, total INTEGER NOT NULL, unread INTEGER NOT NULL) WITHOUT ROWID;
                INSERT INTO itemTally (feedURL, total, unread)
                    SELECT feedURL, count(*), coalesce(sum(isRead = 0), 0) FROM item GROUP BY feedURL;
                CREATE TRIGGER itemTallyInsert AFTER INSERT ON item BEGIN
                    INSERT INTO itemTally (feedURL, total, unread) VALUES (new.feedURL, 1, new.isRead = 0)
                    ON CONFLICT (feedURL) DO UPDATE SET total = total + 1, unread = unread + (new.isRead = 0);
                END;
                CREATE TRIGGER itemTallyDelete AFTER DELETE ON item BEGIN
                    UPDATE itemTally SET total = total - 1, unread = unread - (old.isRead = 0) WHERE feedURL = old.feedURL;
                END;
                CREATE TRIGGER itemTallyUpdate AFTER UPDATE OF feedURL, isRead ON item BEGIN
                    UPDATE itemTally SET total = total - 1, unread = unread - (old.isRead = 0) WHERE feedURL = old.feedURL;
                    INSERT INTO itemTally (feedURL, total, unread) VALUES (new.feedURL, 1, new.isRead = 0)
                    ON CONFLICT (feedURL) DO UPDATE SET total = total + 1, unread = unread + (new.isRead = 0);
                END;
                """)
        }

        migrator.registerMigration("v10-feed-id") { db in
            // The feed's own id (Atom's `id`), which `fremont feed --format json` prints.
            try db.alter(table: "feed") { t in
                t.add(column: "feedID", .text).notNull().defaults(to: "")
            }
        }

        migrator.registerMigration("v11-sync") { db in
            // Feeds a sync service (Tiny Tiny RSS) subscribes to: their feed and item rows are
            // the cache's usual ones (so every view reads them alike), keyed `ttrss://…/feed/ID`;
            // an item's id is the server's article id.
            try db.create(table: "syncFeed", options: .withoutRowID) { t in
                t.primaryKey("feedURL", .text)
                t.column("service", .text).notNull()
                t.column("remoteID", .integer).notNull()
                t.column("title", .text).notNull().defaults(to: "")
                t.column("category", .text).notNull().defaults(to: "")
                // The feed's own address, as the server fetches it: what `feeds list` shows.
                t.column("address", .text).notNull().defaults(to: "")
                t.column("position", .integer).notNull()
            }
            // Read and star changes made here, waiting for the server, in the order made: kept
            // across restarts and crashes, each removed once the server took it.
            try db.create(table: "syncChange") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("feedURL", .text).notNull()
                t.column("itemID", .text).notNull()
                // read, starred, or catchup (every item of the feed read)
                t.column("field", .text).notNull()
                t.column("value", .boolean).notNull()
                t.column("madeAt", .datetime).notNull()
                t.column("attempts", .integer).notNull().defaults(to: 0)
                t.column("lastError", .text)
            }
            // Where the last sync left off, per service: articles above `sinceID` are new.
            try db.create(table: "syncState", options: .withoutRowID) { t in
                t.primaryKey("service", .text)
                t.column("sinceID", .integer).notNull().defaults(to: 0)
                t.column("syncedAt", .datetime)
            }
        }

        migrator.registerMigration("v12-imported-marks") { db in
            // What another reader (newsboat) knew of items this cache may not hold yet: read ones
            // are stored read when first fetched; deleted ones are tombstones, never stored again.
            // An item is keyed as fremont keys it (its feed's address and its id).
            try db.create(table: "importedMark", options: .withoutRowID) { t in
                t.column("feedURL", .text).notNull()
                t.column("id", .text).notNull()
                t.column("isRead", .boolean).notNull()
                t.column("deleted", .boolean).notNull()
                t.primaryKey(["feedURL", "id"])
            }
        }

        migrator.registerMigration("v13-article-fulltext") { db in
            // An item's page read for its article (or why it holds none), kept with the item and
            // gone with it; its text is added to the item's full-text entry (the view `itemSearchSource`).
            try db.create(table: "itemArticle", options: .withoutRowID) { t in
                t.column("feedURL", .text).notNull()
                t.column("id", .text).notNull()
                t.column("url", .text).notNull().defaults(to: "")
                t.column("title", .text).notNull().defaults(to: "")
                t.column("byline", .text).notNull().defaults(to: "")
                t.column("siteName", .text).notNull().defaults(to: "")
                t.column("published", .text).notNull().defaults(to: "")
                // The blocks the pager lays out, and their words for the index.
                t.column("blocks", .jsonText).notNull().defaults(to: "[]")
                t.column("text", .text).notNull().defaults(to: "")
                t.column("links", .jsonText).notNull().defaults(to: "[]")
                t.column("notArticle", .text)
                t.column("fetchedAt", .datetime).notNull()
                t.primaryKey(["feedURL", "id"])
                t.foreignKey(["feedURL", "id"], references: "item", columns: ["feedURL", "id"], onDelete: .cascade)
            }
        }

        migrator.registerMigration("v14-greader-sync") { db in
            // A Google Reader server names its feeds by stream ids (`feed/52`, `feed/http://…`),
            // not numbers: what `mark-all-as-read` and the items' origins name them by.
            try db.alter(table: "syncFeed") { t in
                t.add(column: "stream", .text).notNull().defaults(to: "")
            }
        }

        migrator.registerMigration("v15-podcasts-downloads") { db in
            // The enclosures queued for download, kept across restarts: where each goes (decided
            // when queued, so every fremont agrees), how far it got, and what the server said of
            // the file (validators and size), so a resumed download is checked to be the same file.
            try db.create(table: "download") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("url", .text).notNull().unique()
                t.column("feedTitle", .text).notNull().defaults(to: "")
                t.column("itemTitle", .text).notNull().defaults(to: "")
                t.column("published", .datetime)
                t.column("path", .text).notNull().unique()
                // queued, downloading, done or failed
                t.column("state", .text).notNull()
                t.column("bytes", .integer).notNull().defaults(to: 0)
                t.column("total", .integer)
                t.column("etag", .text)
                t.column("lastModified", .text)
                t.column("error", .text)
                t.column("addedAt", .datetime).notNull()
            }
        }

        migrator.registerMigration("v16-scale-title-order-read-tally") { db in
            // A feed's list sorted by title (`article-sort-order title`) walks this from where
            // its window starts, as the date order walks `itemFeedNewest`, rather than sorting
            // the feed's items for every page. Written exactly as `ItemWindowReader.orderKey`.
            try db.execute(sql: "CREATE INDEX itemFeedTitle ON item (feedURL, coalesce(title, '') COLLATE NOCASE)")
            // A read mark changes one count, in one statement: marking every feed read (hundreds
            // of thousands of rows, each firing this) costs half what the move between feeds costs,
            // and a row marked as it was costs nothing.
            try db.execute(sql: """
                DROP TRIGGER itemTallyUpdate;
                CREATE TRIGGER itemTallyMoved AFTER UPDATE OF feedURL, isRead ON item WHEN old.feedURL IS NOT new.feedURL BEGIN
                    UPDATE itemTally SET total = total - 1, unread = unread - (old.isRead = 0) WHERE feedURL = old.feedURL;
                    INSERT INTO itemTally (feedURL, total, unread) VALUES (new.feedURL, 1, new.isRead = 0)
                    ON CONFLICT (feedURL) DO UPDATE SET total = total + 1, unread = unread + (new.isRead = 0);
                END;
                CREATE TRIGGER itemTallyRead AFTER UPDATE OF isRead ON item
                WHEN old.feedURL IS new.feedURL AND old.isRead IS NOT new.isRead BEGIN
                    UPDATE itemTally SET unread = unread + (new.isRead = 0) - (old.isRead = 0) WHERE feedURL = new.feedURL;
                END;
                """)
        }

        migrator.registerMigration("v17-search-without-copies") { db in
            // The full-text index kept no text of its own before: a copy of every item's rendered
            // text (a quarter of a million-item cache) it needs only for snippets and removals.
            // Now it reads that text from `item` through this view, rendering the HTML again
            // (`ItemSearch`), and these triggers keep it in step; the index is built afresh.
            try db.execute(sql: """
                DROP TRIGGER itemTextRemoved;
                DROP TABLE itemText;
                CREATE VIEW itemSearchSource AS
                    SELECT item.rowid AS rowid, item.title AS title,
                           \(ItemSearch.functionName)(item.summary, item.content) || coalesce(
                               (SELECT char(10) || char(10) || a.text FROM itemArticle a
                                WHERE a.feedURL = item.feedURL AND a.id = item.id AND a.notArticle IS NULL), '') AS body
                    FROM item;
                CREATE VIRTUAL TABLE itemText USING fts5(title, body, content = 'itemSearchSource', content_rowid = 'rowid',
                                                         tokenize = 'unicode61 remove_diacritics 2');
                INSERT INTO itemText (itemText, rank) VALUES ('rank', 'bm25(10.0, 1.0)');
                INSERT INTO itemText (itemText) VALUES ('rebuild');
                """)
            // An entry goes out with the text it went in with: read from the view before the
            // change, put back after it. Only a change to what the text is made of touches it.
            let entryOf = { (row: String) in "SELECT rowid, title, body FROM itemSearchSource WHERE rowid = \(row)" }
            let removeEntry = { (row: String) in "INSERT INTO itemText (itemText, rowid, title, body) SELECT 'delete', rowid, title, body FROM itemSearchSource WHERE rowid = \(row);" }
            let addEntry = { (row: String) in "INSERT INTO itemText (rowid, title, body) \(entryOf(row));" }
            let itemChanged = "old.feedURL IS NOT new.feedURL OR old.id IS NOT new.id OR old.title IS NOT new.title "
                + "OR old.summary IS NOT new.summary OR old.content IS NOT new.content"
            let articleItem = { (row: String) in "(SELECT rowid FROM item WHERE feedURL = \(row).feedURL AND id = \(row).id)" }
            let articleChanged = "old.feedURL IS NOT new.feedURL OR old.id IS NOT new.id OR old.text IS NOT new.text "
                + "OR old.notArticle IS NOT new.notArticle"
            try db.execute(sql: """
                CREATE TRIGGER itemSearchAdded AFTER INSERT ON item BEGIN \(addEntry("new.rowid")) END;
                CREATE TRIGGER itemSearchChanging BEFORE UPDATE OF feedURL, id, title, summary, content ON item
                WHEN \(itemChanged) BEGIN \(removeEntry("old.rowid")) END;
                CREATE TRIGGER itemSearchChanged AFTER UPDATE OF feedURL, id, title, summary, content ON item
                WHEN \(itemChanged) BEGIN \(addEntry("new.rowid")) END;
                CREATE TRIGGER itemSearchRemoved BEFORE DELETE ON item BEGIN \(removeEntry("old.rowid")) END;
                CREATE TRIGGER itemSearchArticleAdding BEFORE INSERT ON itemArticle
                WHEN NOT EXISTS (SELECT 1 FROM itemArticle WHERE feedURL = new.feedURL AND id = new.id)
                BEGIN \(removeEntry(articleItem("new"))) END;
                CREATE TRIGGER itemSearchArticleAdded AFTER INSERT ON itemArticle BEGIN \(addEntry(articleItem("new"))) END;
                CREATE TRIGGER itemSearchArticleChanging BEFORE UPDATE OF feedURL, id, text, notArticle ON itemArticle
                WHEN \(articleChanged) BEGIN \(removeEntry(articleItem("old"))) END;
                CREATE TRIGGER itemSearchArticleChanged AFTER UPDATE OF feedURL, id, text, notArticle ON itemArticle
                WHEN \(articleChanged) BEGIN \(addEntry(articleItem("new"))) END;
                CREATE TRIGGER itemSearchArticleRemoving BEFORE DELETE ON itemArticle BEGIN \(removeEntry(articleItem("old"))) END;
                CREATE TRIGGER itemSearchArticleRemoved AFTER DELETE ON itemArticle BEGIN \(addEntry(articleItem("old"))) END;
                """)
        }

        migrator.registerMigration("v18-compact-items") { db in
            // A heavy reader's cache held each item's feed address, four dates as text and its
            // HTML as it came, in the row and again in four indexes: twice newsboat's file for the
            // same items. Now a feed has a number (`key`), an item names its feed by it, dates are
            // seconds since 1970 (an integer when whole), the link, summary and content are one
            // deflated blob (`StoredItemText`), the title order sorts a page's rows rather than
            // keep an index, and the search index keeps which column holds a word, not where in it.
            try db.execute(sql: """
                CREATE TABLE feedKeyed (
                    key INTEGER PRIMARY KEY, url TEXT NOT NULL UNIQUE, format TEXT,
                    title TEXT NOT NULL DEFAULT '', link TEXT NOT NULL DEFAULT '', description TEXT NOT NULL DEFAULT '',
                    updated DATETIME, etag TEXT, lastModified TEXT, fetchedAt DATETIME, lastError TEXT, lastErrorAt DATETIME,
                    image TEXT NOT NULL DEFAULT '', categories TEXT NOT NULL DEFAULT '[]', feedID TEXT NOT NULL DEFAULT '');
                INSERT INTO feedKeyed (url, format, title, link, description, updated, etag, lastModified, fetchedAt, lastError,
                                       lastErrorAt, image, categories, feedID)
                    SELECT url, format, title, link, description, updated, etag, lastModified, fetchedAt, lastError,
                           lastErrorAt, image, categories, feedID FROM feed ORDER BY rowid;
                DROP TABLE feed;
                ALTER TABLE feedKeyed RENAME TO feed;
                CREATE TABLE itemPacked (
                    key INTEGER PRIMARY KEY,
                    feedKey INTEGER NOT NULL REFERENCES feed(key) ON DELETE CASCADE,
                    id TEXT NOT NULL,
                    position INTEGER NOT NULL,
                    isRead BOOLEAN NOT NULL DEFAULT 0,
                    published INTEGER,
                    updated INTEGER,
                    firstSeen INTEGER NOT NULL,
                    lastSeen INTEGER NOT NULL,
                    title TEXT NOT NULL DEFAULT '',
                    author TEXT NOT NULL DEFAULT '',
                    categories TEXT NOT NULL DEFAULT '[]',
                    enclosures TEXT NOT NULL DEFAULT '[]',
                    comments TEXT NOT NULL DEFAULT '',
                    sourceTitle TEXT NOT NULL DEFAULT '',
                    sourceURL TEXT NOT NULL DEFAULT '',
                    image TEXT NOT NULL DEFAULT '',
                    -- Last: a long text's bytes spill to overflow pages, and a column after it
                    -- (a date a list sorts by) would be read through them.
                    text BLOB NOT NULL DEFAULT x'',
                    UNIQUE (feedKey, id));
                """)
            // GRDB wrote dates as `yyyy-MM-dd HH:mm:ss.SSS`: whole seconds, then the milliseconds.
            let seconds = { (column: String) in
                "(CAST(strftime('%s', item.\(column)) AS INTEGER) + coalesce(CAST(substr(item.\(column), 20) AS REAL), 0))"
            }
            try db.execute(sql: """
                INSERT INTO itemPacked (key, feedKey, id, position, title, text, published, updated, author, categories,
                                        enclosures, isRead, firstSeen, lastSeen, comments, sourceTitle, sourceURL, image)
                    SELECT item.rowid, feed.key, item.id, item.position, item.title,
                           \(StoredItemText.packFunctionName)(item.link, item.summary, item.content), \(seconds("published")),
                           \(seconds("updated")), item.author, item.categories, item.enclosures, item.isRead,
                           \(seconds("firstSeen")), \(seconds("lastSeen")), item.comments, item.sourceTitle, item.sourceURL, item.image
                    FROM item JOIN feed ON feed.url = item.feedURL ORDER BY item.rowid;
                CREATE TEMP TABLE itemArticleKept AS SELECT * FROM itemArticle;
                DROP TABLE itemArticle;
                DROP VIEW itemSearchSource;
                DROP TABLE itemText;
                DROP TABLE item;
                ALTER TABLE itemPacked RENAME TO item;
                CREATE INDEX itemNewest ON item (\(ItemWindowReader.itemKey) DESC);
                CREATE INDEX itemUnreadNewest ON item (\(ItemWindowReader.itemKey) DESC) WHERE isRead = 0;
                CREATE INDEX itemFeedNewest ON item (feedKey, \(ItemWindowReader.itemKey) DESC);
                """)
            // An article was tied to its item by a foreign key on the item's old columns: it now
            // goes with its item by trigger.
            try db.create(table: "itemArticle", options: .withoutRowID) { t in
                t.column("feedURL", .text).notNull()
                t.column("id", .text).notNull()
                t.column("url", .text).notNull().defaults(to: "")
                t.column("title", .text).notNull().defaults(to: "")
                t.column("byline", .text).notNull().defaults(to: "")
                t.column("siteName", .text).notNull().defaults(to: "")
                t.column("published", .text).notNull().defaults(to: "")
                t.column("blocks", .jsonText).notNull().defaults(to: "[]")
                t.column("text", .text).notNull().defaults(to: "")
                t.column("links", .jsonText).notNull().defaults(to: "[]")
                t.column("notArticle", .text)
                t.column("fetchedAt", .datetime).notNull()
                t.primaryKey(["feedURL", "id"])
            }
            try db.execute(sql: """
                INSERT INTO itemArticle SELECT * FROM itemArticleKept;
                DROP TABLE itemArticleKept;
                CREATE TRIGGER itemArticleGone AFTER DELETE ON item BEGIN
                    DELETE FROM itemArticle WHERE feedURL = (SELECT url FROM feed WHERE key = old.feedKey) AND id = old.id;
                END;
                -- A feed's items go before it does, while their triggers can still find its address
                -- (the foreign key's cascade would run once the feed is gone).
                CREATE TRIGGER feedItemsGone BEFORE DELETE ON feed BEGIN
                    DELETE FROM item WHERE feedKey = old.key;
                END;
                """)
            // The counts per feed, kept as before, by the feed's address.
            let feedURL = { (row: String) in "(SELECT url FROM feed WHERE key = \(row).feedKey)" }
            try db.execute(sql: """
                CREATE TRIGGER itemTallyInsert AFTER INSERT ON item BEGIN
                    INSERT INTO itemTally (feedURL, total, unread) VALUES (\(feedURL("new")), 1, new.isRead = 0)
                    ON CONFLICT (feedURL) DO UPDATE SET total = total + 1, unread = unread + (new.isRead = 0);
                END;
                CREATE TRIGGER itemTallyDelete AFTER DELETE ON item BEGIN
                    UPDATE itemTally SET total = total - 1, unread = unread - (old.isRead = 0) WHERE feedURL = \(feedURL("old"));
                END;
                CREATE TRIGGER itemTallyMoved AFTER UPDATE OF feedKey, isRead ON item WHEN old.feedKey IS NOT new.feedKey BEGIN
                    UPDATE itemTally SET total = total - 1, unread = unread - (old.isRead = 0) WHERE feedURL = \(feedURL("old"));
                    INSERT INTO itemTally (feedURL, total, unread) VALUES (\(feedURL("new")), 1, new.isRead = 0)
                    ON CONFLICT (feedURL) DO UPDATE SET total = total + 1, unread = unread + (new.isRead = 0);
                END;
                CREATE TRIGGER itemTallyRead AFTER UPDATE OF isRead ON item
                WHEN old.feedKey IS new.feedKey AND old.isRead IS NOT new.isRead BEGIN
                    UPDATE itemTally SET unread = unread + (new.isRead = 0) - (old.isRead = 0) WHERE feedURL = \(feedURL("new"));
                END;
                """)
            // The search index over the new rows (`detail=column`: which column holds a word, not
            // where; a query's words are matched one by one, `ItemSearch.matchExpression`).
            try db.execute(sql: """
                CREATE VIEW itemSearchSource AS
                    SELECT item.key AS rowid, item.title AS title,
                           \(ItemSearch.functionName)(item.text) || coalesce(
                               (SELECT char(10) || char(10) || a.text FROM itemArticle a
                                WHERE a.feedURL = \(feedURL("item")) AND a.id = item.id AND a.notArticle IS NULL), '') AS body
                    FROM item;
                CREATE VIRTUAL TABLE itemText USING fts5(title, body, content = 'itemSearchSource', content_rowid = 'rowid',
                                                         tokenize = 'unicode61 remove_diacritics 2', detail = column);
                INSERT INTO itemText (itemText) VALUES ('rebuild');
                """)
            let entryOf = { (row: String) in "SELECT rowid, title, body FROM itemSearchSource WHERE rowid = \(row)" }
            let removeEntry = { (row: String) in "INSERT INTO itemText (itemText, rowid, title, body) SELECT 'delete', rowid, title, body FROM itemSearchSource WHERE rowid = \(row);" }
            let addEntry = { (row: String) in "INSERT INTO itemText (rowid, title, body) \(entryOf(row));" }
            let itemChanged = "old.feedKey IS NOT new.feedKey OR old.id IS NOT new.id OR old.title IS NOT new.title OR old.text IS NOT new.text"
            let articleItem = { (row: String) in
                "(SELECT key FROM item WHERE feedKey = (SELECT key FROM feed WHERE url = \(row).feedURL) AND id = \(row).id)"
            }
            let articleChanged = "old.feedURL IS NOT new.feedURL OR old.id IS NOT new.id OR old.text IS NOT new.text "
                + "OR old.notArticle IS NOT new.notArticle"
            try db.execute(sql: """
                CREATE TRIGGER itemSearchAdded AFTER INSERT ON item BEGIN \(addEntry("new.key")) END;
                CREATE TRIGGER itemSearchChanging BEFORE UPDATE OF feedKey, id, title, text ON item
                WHEN \(itemChanged) BEGIN \(removeEntry("old.key")) END;
                CREATE TRIGGER itemSearchChanged AFTER UPDATE OF feedKey, id, title, text ON item
                WHEN \(itemChanged) BEGIN \(addEntry("new.key")) END;
                CREATE TRIGGER itemSearchRemoved BEFORE DELETE ON item BEGIN \(removeEntry("old.key")) END;
                CREATE TRIGGER itemSearchArticleAdding BEFORE INSERT ON itemArticle
                WHEN NOT EXISTS (SELECT 1 FROM itemArticle WHERE feedURL = new.feedURL AND id = new.id)
                BEGIN \(removeEntry(articleItem("new"))) END;
                CREATE TRIGGER itemSearchArticleAdded AFTER INSERT ON itemArticle BEGIN \(addEntry(articleItem("new"))) END;
                CREATE TRIGGER itemSearchArticleChanging BEFORE UPDATE OF feedURL, id, text, notArticle ON itemArticle
                WHEN \(articleChanged) BEGIN \(removeEntry(articleItem("old"))) END;
                CREATE TRIGGER itemSearchArticleChanged AFTER UPDATE OF feedURL, id, text, notArticle ON itemArticle
                WHEN \(articleChanged) BEGIN \(addEntry(articleItem("new"))) END;
                CREATE TRIGGER itemSearchArticleRemoving BEFORE DELETE ON itemArticle BEGIN \(removeEntry(articleItem("old"))) END;
                CREATE TRIGGER itemSearchArticleRemoved AFTER DELETE ON itemArticle BEGIN \(addEntry(articleItem("old"))) END;
                """)
        }

        migrator.registerMigration("v19-viewed-feeds") { db in
            // A feed only viewed (`fremont feed URL` of a feed not followed) is kept like any
            // other, and left out of the merged lists (All items, Unread items) until it is followed.
            try db.execute(sql: "ALTER TABLE feed ADD COLUMN viewedOnly INTEGER NOT NULL DEFAULT 0")
            // Every window read asks whether any feed is only viewed: one look, not a walk of the feeds.
            try db.execute(sql: "CREATE INDEX feedViewedOnly ON feed(viewedOnly) WHERE viewedOnly")
        }

        return migrator
    }
}

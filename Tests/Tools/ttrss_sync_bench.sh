#!/usr/bin/env bash
# fremont's tt-rss sync beside newsboat's ttrss backend, in one run, against a real tt-rss on
# loopback (../shared/tools/sync; needs root): the first sync of FEEDS×ITEMS articles, then an
# incremental sync of 50 changes made on the server, and for fremont 50 changes made here going up.
# Usage: Tests/Tools/ttrss_sync_bench.sh .build/release/fremont [FEEDS] [ITEMS]
set -euo pipefail
FREMONT=$(realpath "$1"); FEEDS=${2:-50}; ITEMS=${3:-100}
TOOLS=$(cd "$(dirname "$0")/../../../shared/tools/sync" && pwd)
command -v newsboat >/dev/null || { echo "newsboat is not installed (apt-get install newsboat)" >&2; exit 1; }
W=$(mktemp -d /tmp/fremont-ttrss-bench.XXXXXX); chmod 755 "$W"
port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
HTTP=$(port); PG=$(port); FEED=$(port)
cleanup() { kill "${FEED_PID:-0}" 2>/dev/null || true; bash "$TOOLS/ttrss-down.sh" "$W/srv" || true; rm -rf "$W"; }
trap cleanup EXIT

# The feeds: FEEDS RSS files of ITEMS items each, served on loopback.
mkdir -p "$W/feeds"
python3 - "$W/feeds" "$FEEDS" "$ITEMS" <<'PY'
import sys, email.utils
folder, feeds, items = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
for f in range(feeds):
    with open(f"{folder}/feed{f}.xml", "w") as out:
        out.write(f'<?xml version="1.0"?><rss version="2.0"><channel><title>Bench feed {f}</title><link>http://127.0.0.1/</link><description>d</description>\n')
        for i in range(items):
            date = email.utils.formatdate(1700000000 - (f * items + i) * 60, usegmt=True)
            out.write(f'<item><title>Feed {f} item {i}</title><link>http://127.0.0.1/{f}/{i}</link><guid>bench-{f}-{i}</guid>'
                      f'<pubDate>{date}</pubDate><description>&lt;p&gt;Text of item {i} of feed {f}, a paragraph or so of words.&lt;/p&gt;</description></item>\n')
        out.write('</channel></rss>\n')
PY
python3 -m http.server "$FEED" --bind 127.0.0.1 --directory "$W/feeds" >/dev/null 2>&1 &
FEED_PID=$!

mkdir -p "$W/srv/debs"; cp /tmp/fremont-ttrss-debs/*.deb "$W/srv/debs/" 2>/dev/null || true
bash "$TOOLS/ttrss-up.sh" "$W/srv" "$HTTP" "$PG" "$FEED" >/dev/null
start=$(date +%s.%N)
bash "$TOOLS/ttrss-seed.sh" "$W/srv" "$HTTP" $(for f in $(seq 0 $((FEEDS - 1))); do echo "http://127.0.0.1:$FEED/feed$f.xml"; done) >/dev/null
api() { python3 - "$HTTP" "$@" <<'PY'
import json, sys, urllib.request
A = f"http://127.0.0.1:{sys.argv[1]}/api/"
def call(**body):
    return json.load(urllib.request.urlopen(urllib.request.Request(A, data=json.dumps(body).encode())))["content"]
sid = call(op="login", user="alice", password="AlicePass123")["session_id"]
if sys.argv[2] == "count":
    print(call(sid=sid, op="getUnread")["unread"])
elif sys.argv[2] == "read50":
    ids = [h["id"] for h in call(sid=sid, op="getHeadlines", feed_id=-4, view_mode="unread", limit=50)]
    call(sid=sid, op="updateArticle", article_ids=",".join(map(str, ids)), mode=0, field=2)
    print(len(ids))
PY
}
echo "tt-rss ingested $(api count) articles of $FEEDS feeds in $(printf %.1f "$(echo "$(date +%s.%N) - $start" | bc)") s"

# Wall time and peak memory of one command (its own output dropped).
timed() { /usr/bin/time -f "%e s, %M KB peak" "$@" 2>&1 >/dev/null | tail -1; }

# fremont
F=$W/fremont; mkdir -p "$F/config/fremont" "$F/cache"
printf 'urls-source = "ttrss"\nttrss-url = http://127.0.0.1:%s/\nttrss-login = alice\nttrss-password = AlicePass123\nttrss-min-items = %s\n' "$HTTP" "$ITEMS" > "$F/config/fremont/config"
FREMONT_SYNC=(env XDG_CONFIG_HOME="$F/config" XDG_CACHE_HOME="$F/cache" "$FREMONT" sync)
# newsboat
N=$W/newsboat; mkdir -p "$N"; : > "$N/urls"
# newsboat's ttrss backend has no min-items setting (its other backends do).
printf 'urls-source "ttrss"\nttrss-url "http://127.0.0.1:%s/"\nttrss-login "alice"\nttrss-password "AlicePass123"\n' "$HTTP" > "$N/config"
NEWSBOAT_RELOAD=(env HOME="$N" newsboat -C "$N/config" -u "$N/urls" -c "$N/cache.db" -x reload)

echo "first sync:        fremont $(timed "${FREMONT_SYNC[@]}") ($(sqlite3 "$F/cache/fremont/cache.sqlite" 'SELECT count(*) FROM item') items); newsboat $(timed "${NEWSBOAT_RELOAD[@]}") ($(sqlite3 "$N/cache.db" 'SELECT count(*) FROM rss_item') items)"
echo "nothing new:       fremont $(timed "${FREMONT_SYNC[@]}"); newsboat $(timed "${NEWSBOAT_RELOAD[@]}")"
echo "server marked $(api read50) read"
echo "50 down:           fremont $(timed "${FREMONT_SYNC[@]}") ($(sqlite3 "$F/cache/fremont/cache.sqlite" 'SELECT count(*) FROM item WHERE isRead') read); newsboat $(timed "${NEWSBOAT_RELOAD[@]}") ($(sqlite3 "$N/cache.db" 'SELECT count(*) FROM rss_item WHERE unread = 0') read)"
# Fifty marks made in fremont, queued as the browser queues them (the mark and its change in one transaction).
sqlite3 "$F/cache/fremont/cache.sqlite" "BEGIN; INSERT INTO syncChange (feedURL, itemID, field, value, madeAt)
  SELECT feedURL, id, 'read', 1, datetime('now') FROM item WHERE NOT isRead LIMIT 50;
  UPDATE item SET isRead = 1 WHERE rowid IN (SELECT item.rowid FROM item JOIN syncChange c ON c.feedURL = item.feedURL AND c.itemID = item.id); COMMIT;"
echo "50 up (fremont):   $(timed "${FREMONT_SYNC[@]}"); the server has $(api count) unread"

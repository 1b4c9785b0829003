#!/usr/bin/env python3
"""Dumps what Python's feedparser reads from each real feed, as the reference the Swift
reference test compares against. Run by hand (pip install feedparser), never by the suite:

    python3 Tests/Tools/feedparser_reference.py ../shared/data/feeds/real \
        > Tests/FremontCoreTests/Fixtures/feedparser-reference.json
"""
import calendar
import json
import os
import sys

import feedparser


def instant(parsed):
    # feedparser normalises every date to a UTC struct_time; keep it as ISO 8601 UTC.
    if not parsed:
        return None
    seconds = calendar.timegm(parsed)
    return __import__("time").strftime("%Y-%m-%dT%H:%M:%SZ", __import__("time").gmtime(seconds))


def main(folder):
    out = {"feedparser_version": feedparser.__version__, "feeds": {}}
    for name in sorted(os.listdir(folder)):
        parsed = feedparser.parse(os.path.join(folder, name))
        out["feeds"][name] = {
            "bozo": bool(parsed.bozo),
            "bozo_exception": str(parsed.get("bozo_exception", "")) or None,
            "version": parsed.version,
            "title": parsed.feed.get("title"),
            "link": parsed.feed.get("link"),
            "items": [
                {
                    "id": entry.get("id"),
                    "title": entry.get("title"),
                    "link": entry.get("link"),
                    "published": instant(entry.get("published_parsed")),
                    "updated": instant(entry.get("updated_parsed")),
                }
                for entry in parsed.entries
            ],
        }
    json.dump(out, sys.stdout, indent=1, ensure_ascii=False, sort_keys=True)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "../shared/data/feeds/real")

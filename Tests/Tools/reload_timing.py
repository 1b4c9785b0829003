"""Times `r` (one feed reloaded) against `R` (every feed) in the real browser, as a person sees them.

    python3 Tests/Tools/reload_timing.py .build/release/fremont [TRIALS]

Writes a 5,000-item RSS feed and serves it, with four of ../shared/data's real feeds, from a
loopback HTTP server that answers `If-Modified-Since` with 304 (Python's http.server), follows
the five in a fresh home, starts fremont in tmux (a socket of its own) and waits for the feed
list's counts. Then, TRIALS times each (5 by default): `R` on the feed list, and `r` in the big
feed's list, each timed from the key to the status line saying how many items were new (polling
the pane every 3 ms), the last message gone first. Prints each time in ms and the last status
line (it must say "no new items": nothing changed on the server). Needs tmux.
"""
import datetime
import http.server
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time

FEEDS = ["nasa__breaking_news_2018-07-25.rss", "nasa__breaking_news_2018-09-05.rss",
         "nasa__breaking_news_2022-01-12.rss", "feed-rs__rss_2.0_bbc.xml"]


def big_feed(path, items=5000):
    base = datetime.datetime(2026, 11, 1)
    with open(path, "w") as out:
        out.write('<?xml version="1.0"?><rss version="2.0"><channel><title>Big</title><link>https://big.example/</link>')
        for i in range(items):
            date = (base - datetime.timedelta(hours=i)).strftime("%a, %d %b %Y %H:%M:%S GMT")
            out.write(f"<item><title>Item {i} of a long feed</title><link>https://big.example/{i}</link><guid>big-{i}</guid>"
                      f"<pubDate>{date}</pubDate><description>&lt;p&gt;Paragraph {i} with some &lt;b&gt;text&lt;/b&gt;"
                      " to render, and a bit more to wrap.&lt;/p&gt;</description></item>")
        out.write("</channel></rss>")


def main():
    binary = os.path.abspath(sys.argv[1])
    trials = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    data = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "shared", "data", "feeds", "real")
    work = tempfile.mkdtemp(prefix="fremont-reload-")
    served = os.path.join(work, "served")
    os.makedirs(served)
    big_feed(os.path.join(served, "big.xml"))
    for name in FEEDS:
        shutil.copy(os.path.join(data, name), served)
    handler = lambda *args: http.server.SimpleHTTPRequestHandler(*args, directory=served)
    http.server.SimpleHTTPRequestHandler.log_message = lambda *args: None
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    port = server.server_address[1]
    home = os.path.join(work, "home")
    os.makedirs(os.path.join(home, ".config", "fremont"))
    with open(os.path.join(home, ".config", "fremont", "feeds"), "w") as feeds:
        feeds.write("".join(f"http://127.0.0.1:{port}/{name}\n" for name in ["big.xml"] + FEEDS))
    tmux = ["tmux", "-S", os.path.join(work, "tmux")]

    def run(*args):
        return subprocess.run(tmux + list(args), capture_output=True, text=True).stdout

    def status():
        return run("capture-pane", "-p", "-t", "m").rstrip("\n").split("\n")[-1]

    def wait(condition, timeout=30):
        end = time.time() + timeout
        while time.time() < end:
            line = status()
            if condition(line):
                return line
            time.sleep(0.003)
        raise SystemExit("timed out; the pane was:\n" + run("capture-pane", "-p", "-t", "m"))

    def trial(key):
        wait(lambda line: "new item" not in line, 20)
        start = time.time()
        run("send-keys", "-t", "m", key)
        line = wait(lambda line: "new item" in line)
        return (time.time() - start) * 1000, line.strip()

    try:
        run("new-session", "-d", "-s", "m", "-x", "120", "-y", "30", f"env HOME={home} {binary}")
        end = time.time() + 60
        while "5000" not in run("capture-pane", "-p", "-t", "m"):
            if time.time() > end:
                raise SystemExit("the feed list never showed the big feed's 5000 items")
            time.sleep(0.05)
        time.sleep(1.5)
        everything = [trial("R") for _ in range(trials)]
        # The big feed is the list's fourth row (All items, Unread items, Starred items, then it).
        for key in ["g", "j", "j", "j", "Enter"]:
            run("send-keys", "-t", "m", key)
            time.sleep(0.1)
        end = time.time() + 30
        while "Item 0 of a long feed" not in run("capture-pane", "-p", "-t", "m"):
            if time.time() > end:
                raise SystemExit("the big feed's list never showed its items")
            time.sleep(0.05)
        time.sleep(1)
        one = [trial("r") for _ in range(trials)]
        print("R (every feed) ms:", [round(t) for t, _ in everything], "|", everything[-1][1])
        print("r (the 5,000-item feed, 304) ms:", [round(t) for t, _ in one], "|", one[-1][1])
    finally:
        run("kill-server")
        server.shutdown()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()

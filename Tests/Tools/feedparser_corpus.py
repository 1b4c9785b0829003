#!/usr/bin/env python3
"""Python feedparser's own corpus (tests/wellformed of github.com/kurtmckee/feedparser): the title,
link and id expectations of its `Expect:` lines checked against `fremont feed FILE --format json`,
and against feedparser itself (when installed) as a check on this reading of them.

    python3 Tests/Tools/feedparser_corpus.py FREMONT FEEDPARSER_CHECKOUT

Cases that need an HTTP server's headers (Content-Location, the document's own address) are left
out; an `or` in an expectation is any of its checks. Disagreements go to
/tmp/feedparser-corpus/disagreements.tsv; the last line is the figure.
"""
import ast, html, json, os, re, subprocess, sys, tempfile, concurrent.futures
FREMONT = os.path.abspath(sys.argv[1])
REPO = sys.argv[2]
OUT = '/tmp/feedparser-corpus/files'
# A checkout, or a bare repository (git show reads either).
files = subprocess.run(['git', '-C', REPO, 'ls-tree', '-r', '--name-only', 'HEAD', 'tests/wellformed'],
                       capture_output=True, text=True).stdout.split()
files = [f for f in files if '/sanitize/' not in f and f.endswith('.xml')]
CHECK = re.compile(r"(feed|entries\[(\d+)\])\['(title|link|id)'\](?:\['value'\])?\s*==\s*(u?(?:'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"))")
DETAIL = re.compile(r"(feed|entries\[(\d+)\])\['(title)_detail'\]\['value'\]\s*==\s*(u?(?:'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"))")
cases = []
os.makedirs(OUT, exist_ok=True)
for f in files:
    data = subprocess.run(['git', '-C', REPO, 'show', 'HEAD:' + f], capture_output=True).stdout
    head = data[:4000].decode('utf-8', 'replace')
    m = re.search(r'Expect:\s*(.*)', head)
    if not m: continue
    expect = m.group(1).strip()
    checks = []
    for rx in (CHECK, DETAIL):
        for c in rx.finditer(expect):
            where, idx, field, lit = c.groups()
            try: value = ast.literal_eval(lit)
            except Exception: continue
            checks.append((where.split('[')[0], int(idx or 0), field, value))
    if not checks: continue
    # Cases served over HTTP with headers (Content-Location, the document's address): not a file's parse.
    if re.search(r'^Header:', head, re.M) or '/http/' in f or '_docuri' in f or 'content_location' in f: continue
    anyof = ' or ' in expect
    path = os.path.join(OUT, f.replace('/', '__'))
    with open(path, 'wb') as fh: fh.write(data)
    cases.append((f, path, checks, anyof))

home = tempfile.mkdtemp()
def run(case):
    f, path, checks, anyof = case
    p = subprocess.run([FREMONT, 'feed', path, '--format', 'json'], capture_output=True, env={'HOME': home, 'PATH': '/usr/bin:/bin'})
    try: doc = json.loads(p.stdout)
    except Exception: doc = None
    return case, doc, p.stderr.decode('utf-8', 'replace').strip()

def text_of(value):
    return html.unescape(re.sub(r'<[^>]*>', '', value))

def lookup(doc, where, idx, field):
    if doc is None: return None
    if where == 'feed': return doc.get(field, '')
    items = doc.get('items', [])
    return items[idx].get(field, '') if idx < len(items) else None

def agrees(got, value):
    return got is not None and (got == value or got == text_of(value) or got.strip() == text_of(value).strip())

try:
    import feedparser
except ImportError:
    feedparser = None

def referee(path):
    d = feedparser.parse(open(path, 'rb').read())
    return {'title': d.feed.get('title', ''), 'link': d.feed.get('link', ''), 'id': d.feed.get('id', ''),
            'items': [{'title': e.get('title', ''), 'link': e.get('link', ''), 'id': e.get('id', '')} for e in d.entries]}

total = agree = fp_agree = 0
rows = []
with concurrent.futures.ThreadPoolExecutor(2) as pool:
    for (f, path, checks, anyof), doc, err in pool.map(run, cases):
        fp = referee(path) if feedparser else None
        groups = [checks] if anyof else [[c] for c in checks]
        for group in groups:
            total += 1
            ok = any(agrees(lookup(doc, w, i, fl), v) for w, i, fl, v in group)
            agree += ok
            if fp is not None: fp_agree += any(agrees(lookup(fp, w, i, fl), v) for w, i, fl, v in group)
            if not ok:
                w, i, fl, v = group[0]
                rows.append('%s\t%s[%d].%s\texpected=%r\tgot=%r\t%s' % (f, w, i, fl, v, lookup(doc, w, i, fl), err[:100]))
with open('/tmp/feedparser-corpus/disagreements.tsv', 'w') as fh: fh.write('\n'.join(sorted(rows)) + '\n')
print('feedparser corpus (wellformed, title/link/id): fremont %d/%d agree (%.1f%%), feedparser %d/%d (%.1f%%)' % (agree, total, 100.0 * agree / total, fp_agree, total, 100.0 * fp_agree / total))

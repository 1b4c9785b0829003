"""Checks `fremont table A B … --format csv` (tables joined on time) against pandas.

    pip install pandas
    python3 Tests/Tools/pandas_join_check.py .build/release/fremont A.csv B.csv [C.csv …]

Each CSV is read as pandas_stats_check.py reads one (the time column by name, else the first;
the wall clock written), each column's kind found the same way (a count when every value is
whole and not negative, else a measure) and its step as the most common difference between
times. The coarsest step sets the period (hour, day, week, month, year); every table is
resampled to it (counts `sum(min_count=1)`, measures `mean`) and the frames are joined with
`concat(axis=1)`. Rows blank in every column (periods no table has a reading in) are left out
on both sides, as fremont makes up no rows. Prints how many values matched; exits 1 on any
difference.

    python3 Tests/Tools/pandas_join_check.py --overlay OUT.csv A.csv B.csv [C.csv …]

Issue 29's trend overlay: instead of checking, writes pandas' day of every joined series (the
joined frame resampled by day: counts `sum(min_count=1)`, measures `mean`, what the trend's left
and right scales draw) to OUT.csv, every digit. The trend's tests compare each day of the overlay
to it (Tests/FremontCoreTests/Fixtures/overlay: April 2016's counts and a month of made-up daily
weather, `weather-2016-04.csv`, in the weather history tests' formula).
"""
import io
import os
import subprocess
import sys

import numpy as np
import pandas as pd

OVERLAY = sys.argv[1] == '--overlay'
FREMONT, SOURCES = (None, sys.argv[3:]) if OVERLAY else (sys.argv[1], sys.argv[2:])
TIME_WORDS = ('date', 'datetime', 'timestamp', 'time', 'day', 'month', 'week', 'period', 'hour')


def load(path):
    raw = pd.read_csv(path, dtype=str, keep_default_na=False)
    time_column = next((c for c in raw.columns if c.strip().lower() in TIME_WORDS), raw.columns[0])
    text = raw[time_column].str.strip().str.replace(r'(Z|[+-]\d\d:?\d\d)$', '', regex=True)
    times = pd.to_datetime(text, format='mixed')
    frame = pd.DataFrame({c: pd.to_numeric(raw[c].replace('', np.nan), errors='coerce') for c in raw.columns if c != time_column})
    frame.index = times
    frame = frame[~frame.index.duplicated()].sort_index()
    return frame.dropna(axis=1, how='all')


def step_seconds(frame):
    return frame.index.to_series().diff().dropna().mode().iloc[0].total_seconds()


def period(seconds):
    for limit, rule in ((3600, 'h'), (86400, 'D'), (604800, 'W-SUN'), (31 * 86400, 'MS')):
        if seconds <= limit:
            return rule
    return 'YS'


frames = [load(path) for path in SOURCES]
names = [os.path.splitext(os.path.basename(path))[0] for path in SOURCES]
steps = [step_seconds(frame) for frame in frames]
same = all(step == steps[0] for step in steps) and steps[0] < 3600
rule = None if same else period(max(steps))
parts = []
for name, frame in zip(names, frames):
    counts = [c for c in frame.columns if ((frame[c].dropna() % 1 == 0) & (frame[c].dropna() >= 0)).all()]
    if rule:
        resampler = frame.resample(rule, label='left', closed='left')
        frame = pd.concat([resampler[c].sum(min_count=1) if c in counts else resampler[c].mean() for c in frame.columns], axis=1)
        if rule == 'W-SUN':
            # pandas labels a week by its Sunday; fremont (ISO) by its Monday.
            frame.index = frame.index - pd.Timedelta(days=6)
    frame.columns = [name if len(frame.columns) == 1 else f'{name}: {c}' for c in frame.columns]
    parts.append(frame)
expected = pd.concat(parts, axis=1, sort=True).dropna(how='all')

if OVERLAY:
    # A day of each joined series as the trend draws it: a count's sum, a measure's mean.
    joined_counts = [c for c in expected.columns if ((expected[c].dropna() % 1 == 0) & (expected[c].dropna() >= 0)).all()]
    resampler = expected.resample('D')
    days = pd.concat([resampler[c].sum(min_count=1) if c in joined_counts else resampler[c].mean() for c in expected.columns], axis=1)
    days.index.name = 'date'
    days.to_csv(sys.argv[2], float_format='%.17g', date_format='%Y-%m-%d')
    print(f'{len(days)} days × {len(days.columns)} series written to {sys.argv[2]}')
    sys.exit(0)

result = subprocess.run([FREMONT, 'table', *SOURCES, '--format', 'csv'], capture_output=True, text=True)
if result.returncode != 0:
    sys.exit(f'fremont failed: {result.stderr}')
actual = pd.read_csv(io.StringIO(result.stdout), index_col=0)
actual.index = pd.to_datetime(actual.index, format='mixed')
actual = actual.dropna(how='all')

failures = 0
if len(actual.columns) != len(expected.columns):
    sys.exit(f'columns: fremont {list(actual.columns)}, pandas {list(expected.columns)}')
# fremont names the Fremont Bridge's columns by their meaning (Northbound, …) and orders them so:
# such a column is paired with the pandas column of the same source holding the same values.
order = []
for column in expected.columns:
    if column in actual.columns:
        order.append(list(actual.columns).index(column))
        continue
    prefix = column.split(': ')[0]
    candidates = [i for i, c in enumerate(actual.columns) if c.startswith(prefix) and c not in expected.columns and i not in order]
    scores = [np.nansum(actual.iloc[:, i].reindex(expected.index).values == expected[column].values) for i in candidates]
    order.append(candidates[int(np.argmax(scores))])
    print(f'{column!r} is fremont\'s {actual.columns[order[-1]]!r}')
actual = actual.iloc[:, order]
if not actual.index.equals(expected.index):
    only_fremont = actual.index.difference(expected.index)
    only_pandas = expected.index.difference(actual.index)
    print(f'rows: {len(only_fremont)} only in fremont (first {list(only_fremont[:3])}), {len(only_pandas)} only in pandas (first {list(only_pandas[:3])})')
    failures += 1
common = actual.index.intersection(expected.index)
checked = 0
for position, column in enumerate(expected.columns):
    mine, theirs = actual.iloc[:, position].reindex(common).values, expected[column].reindex(common).values
    both = ~np.isnan(mine) & ~np.isnan(theirs)
    blanks = np.isnan(mine) != np.isnan(theirs)
    wrong = both & ~np.isclose(mine, theirs, rtol=1e-9, atol=1e-9)
    checked += len(mine)
    if blanks.any() or wrong.any():
        failures += 1
        at = common[blanks | wrong][:3]
        print(f'{column}: {blanks.sum()} blanks and {wrong.sum()} values differ, first at {list(at)}')
print(f'{len(SOURCES)} tables joined by {rule or "time"}: {len(common)} rows × {len(expected.columns)} series, {checked} values checked; ' +
      ('all agree' if failures == 0 else f'{failures} differences'))
sys.exit(1 if failures else 0)

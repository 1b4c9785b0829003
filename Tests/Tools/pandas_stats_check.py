"""Checks `fremont stats --by …`, `--gaps` and `--pivot` against pandas, value by value.

    pip install pandas
    python3 Tests/Tools/pandas_stats_check.py .build/release/fremont ../shared/data/bikes/city-export-2012-10-02_to_2025-07-31.csv
    python3 Tests/Tools/pandas_stats_check.py .build/release/fremont daily.csv [--key counter] [--dayfirst] [fremont options…]

For each grouping and day filter it runs the real binary (CSV, a row per period and series) and
recomputes count, sum, mean, min, max and missing readings with pandas' resample/groupby, and
each series' kind (a count when every value is whole and not negative, else a measure). The
readings' step is the most common difference between times (pandas' `diff().mode()`); missing
readings are the span's readings at that step (holes included) of the days kept that have no
value. `--gaps` is checked against the runs of the reindexed frame where every series is NaN.
Times with a zone keep the wall clock they write, as fremont does without --tz when the column
has one zone (or a zone and its daylight saving time); `--dayfirst` is fremont's `--day-first`. A long table
(`--key COLUMN`) is pivoted wide first. Options after the file that pandas does not need are
passed to fremont as they are. Prints how many values matched and exits 1 on any difference.
"""
import io
import subprocess
import sys

import numpy as np
import pandas as pd

FREMONT, SOURCE = sys.argv[1], sys.argv[2]
extra = sys.argv[3:]
key = extra[extra.index('--key') + 1] if '--key' in extra else None
dayfirst = '--dayfirst' in extra
passed = ['--day-first' if arg == '--dayfirst' else arg for arg in extra]

raw = pd.read_csv(SOURCE, dtype=str, keep_default_na=False, sep=None, engine='python')
TIME_WORDS = ('date', 'datetime', 'timestamp', 'time', 'day', 'month', 'week', 'period', 'hour', 'epoch', 'ts')
time_column = next((c for c in raw.columns if c.strip().lower() in TIME_WORDS), raw.columns[0])
text = raw[time_column].str.strip()
if text.str.fullmatch(r'\d{9,10}').all():
    times = pd.to_datetime(text.astype('int64'), unit='s')
elif text.str.fullmatch(r'\d{12,13}').all():
    times = pd.to_datetime(text.astype('int64'), unit='ms')
else:
    # The wall clock written: a zone at the end is dropped.
    text = text.str.replace(r'(Z|[+-]\d\d:?\d\d)$', '', regex=True)
    text = text.str.replace(r'^(\d\d?)\.(\d\d?)\.(\d{4})', r'\1/\2/\3', regex=True)
    if text.str.fullmatch(r'\d\d?/\d\d?/\d{4}.*').all():
        times = pd.to_datetime(text, dayfirst=dayfirst, format='mixed')
    else:
        times = pd.to_datetime(text, format='mixed')
times = pd.Series(times).dt.floor('s').values  # fractions of a second dropped, as fremont does


def number(column):
    # Thousands separators only where they group by three (pandas' thousands=',' drops any comma).
    grouped = column.str.fullmatch(r'[+-]?\d{1,3}(,\d{3})+(\.\d*)?')
    column = column.where(~grouped, column.str.replace(',', '', regex=False))
    return pd.to_numeric(column.replace('', np.nan), errors='coerce')


if key:
    value_columns = [c for c in raw.columns if c not in (time_column, key)]
    long = pd.DataFrame({'time': times, 'key': raw[key].str.strip(), 'value': number(raw[value_columns[0]])})
    df = long.pivot_table(index='time', columns='key', values='value', aggfunc='first', dropna=False)
    df.columns = [str(c) for c in df.columns]
else:
    df = pd.DataFrame({c: number(raw[c]) for c in raw.columns if c != time_column})
    df = df.loc[:, df.notna().any()]
    df.index = times
    df = df[~df.index.duplicated(keep='first')]
df = df.sort_index()

difference = df.index.to_series().diff().dropna()
step = difference.mode()[0]
if pd.Timedelta(days=28) <= step <= pd.Timedelta(days=31):
    freq = 'MS'
else:
    freq = step
full = df.reindex(pd.date_range(df.index.min(), df.index.max(), freq=freq))
daily_or_longer = freq == 'MS' or step >= pd.Timedelta(days=1)

WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']
MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September',
          'October', 'November', 'December']


def keep(index, days):
    if days == 'weekdays': return index.day_of_week < 5
    if days == 'weekends': return index.day_of_week >= 5
    return np.ones(len(index), dtype=bool)


def groups(frame, by):
    if by == 'hour': return frame.groupby(frame.index.hour)
    if by == 'weekday': return frame.groupby(frame.index.day_of_week)
    if by == 'month-of-year': return frame.groupby(frame.index.month)
    if by == 'week': return frame.resample('W-MON', closed='left', label='left')
    return frame.resample({'day': 'D', 'month': 'MS', 'year': 'YS'}[by])


def label(by, key):
    if by == 'hour': return str(key)
    if by == 'weekday': return WEEKDAYS[key]
    if by == 'month-of-year': return MONTHS[key - 1]
    return key.strftime({'day': '%Y-%m-%d', 'week': '%Y-%m-%d', 'month': '%Y-%m', 'year': '%Y'}[by])


def fremont(*arguments):
    return subprocess.run([FREMONT, 'stats', SOURCE, *arguments, '--max-warnings', '0', *passed],
                          capture_output=True, text=True, check=True).stdout


matched = close = differed = 0


def compare(what, have, wanted):
    global matched, close, differed
    same = (have is None and wanted is None) or (have is not None and wanted is not None and have == wanted)
    # Sums of decimals may differ in the last bit: pandas adds them in its own order.
    near = (isinstance(have, float) and isinstance(wanted, float) and abs(have - wanted) <= 1e-12 * max(1.0, abs(wanted)))
    if same:
        matched += 1
    elif near:
        close += 1
    else:
        differed += 1
        if differed <= 10:
            print(f'{what}: fremont {have}, pandas {wanted}')


groupings = ['weekday', 'month-of-year', 'day', 'week', 'month', 'year']
if not daily_or_longer: groupings.insert(0, 'hour')
if freq == 'MS': groupings.remove('day'); groupings.remove('week')
for by in groupings:
    for days in ['all', 'weekdays', 'weekends']:
        flags = [] if days == 'all' else ['--' + days]
        ours = pd.read_csv(io.StringIO(fremont('--by', by, '--format', 'csv', *flags)), dtype={by: str, 'series': str}, keep_default_na=False)
        ours = {(row[by], row['series']): row for _, row in ours.iterrows()}
        rows = df[keep(df.index, days)]
        slots = full[keep(full.index, days)]
        for series in df.columns:
            values = groups(rows[series], by)
            expected = pd.DataFrame({'count': values.count(), 'sum': values.sum(), 'mean': values.mean(),
                                     'min': values.min(), 'max': values.max()})
            expected['missing'] = groups(slots[series].isna(), by).sum()
            column = df[series].dropna()
            kind = 'count' if ((column >= 0) & (column == column.round())).all() else 'measure'
            for key_, want in expected.iterrows():
                if want['count'] == 0 and days != 'all':
                    continue  # pandas lists the filtered-out days of a resample; fremont does not
                got = ours.get((label(by, key_), series))
                if got is not None: compare(f'{by} {days} {label(by, key_)} {series[-20:]} kind', got['kind'], kind)
                for field in ['count', 'sum', 'mean', 'min', 'max', 'missing']:
                    have = None if got is None or got[field] == '' else float(got[field])
                    wanted = None if pd.isna(want[field]) else float(want[field])
                    compare(f'{by} {days} {label(by, key_)} {series[-20:]} {field}', have, wanted)

# Runs of readings with no value in any series.
empty = full.isna().all(axis=1)
runs = []
start = None
for time, is_empty in empty.items():
    if is_empty and start is None: start = previous = time
    if is_empty: previous = time
    if not is_empty and start is not None:
        runs.append((start, previous)); start = None
if start is not None: runs.append((start, previous))
form = '%Y-%m-%d' if daily_or_longer else '%Y-%m-%dT%H:%M:%S'
ours = pd.read_csv(io.StringIO(fremont('--gaps', '--format', 'csv')), dtype=str)
compare('gap runs', len(ours), len(runs))
for (first, last), (_, row) in zip(runs, ours.iterrows()):
    length = int(empty[first:last].sum())
    compare(f'gap {first}', (row['start'], row['end'], int(row.iloc[2])), (first.strftime(form), last.strftime(form), length))
# Pivots (issue 29): every pair of axes, totals or means with margins, per-day means, and the
# change from the year before — pandas' pivot_table, groupby over days and pct_change.
AXES = {'year': lambda i: i.year, 'month': lambda i: i.month, 'weekday': lambda i: i.day_of_week + 1, 'hour': lambda i: i.hour}


def axis_label(axis, key):
    if axis == 'month': return MONTHS[key - 1]
    if axis == 'weekday': return WEEKDAYS[key - 1]
    if axis == 'hour': return f'{key:02d}:00'
    return str(key)


pivots = 0
# The series fremont pivots by default: the source's total (the two directions added where it has
# none), else the first series.
total = next((c for c in df.columns if c.lower() == 'total' or c.lower().endswith(' total')), None)
north = next((c for c in df.columns if 'west sidewalk' in c.lower() or c.lower().endswith('_nb')), None)
south = next((c for c in df.columns if 'east sidewalk' in c.lower() or c.lower().endswith('_sb')), None)
pivoted = df[total] if total else (df[north] + df[south]).rename('Total') if north and south else df[df.columns[0]]
pivoted = pivoted.dropna()
column = pivoted
is_count = ((column >= 0) & (column == column.round())).all()
axes = ['year', 'month', 'weekday'] + ([] if daily_or_longer else ['hour'])
for rows_axis in axes:
    for columns_axis in axes:
        if rows_axis == columns_axis: continue
        frame = pd.DataFrame({'v': pivoted.values, 'r': AXES[rows_axis](pivoted.index), 'c': AXES[columns_axis](pivoted.index),
                              'date': pivoted.index.normalize()})
        modes = [('', False)] + ([('--per-day', False)] if is_count else []) + ([('', True)] if 'year' in (rows_axis, columns_axis) else [])
        for flag, change in modes:
            if flag == '--per-day':
                days = frame.groupby(['r', 'c', 'date']).v.sum().reset_index()
                table = days.pivot_table(values='v', index='r', columns='c', aggfunc='mean')
                table['Total'] = frame.groupby(['r', 'date']).v.sum().groupby('r').mean()
                table.loc['Total'] = list(frame.groupby(['c', 'date']).v.sum().groupby('c').mean()) + [frame.groupby('date').v.sum().mean()]
            else:
                table = frame.pivot_table(values='v', index='r', columns='c', aggfunc='sum' if is_count else 'mean', margins=True, margins_name='Total')
            if change:
                body = table.drop(index='Total') if rows_axis == 'year' else table.drop(columns='Total')
                if rows_axis == 'year':
                    body = body.reindex(range(body.index.min(), body.index.max() + 1))
                    table = body.pct_change(fill_method=None) * 100
                else:
                    body = body.reindex(columns=range(body.columns.min(), body.columns.max() + 1))
                    table = body.T.pct_change(fill_method=None).T * 100
                table = table.replace([np.inf, -np.inf], np.nan)
            arguments = ['--pivot', f'{rows_axis},{columns_axis}', '--format', 'csv'] + ([flag] if flag else []) + (['--change'] if change else [])
            ours = pd.read_csv(io.StringIO(fremont(*arguments)), dtype=str, keep_default_na=False).set_index(rows_axis)
            pivots += 1
            for r in table.index:
                for c in table.columns:
                    want = table.loc[r, c]
                    row_label = 'Total' if r == 'Total' else axis_label(rows_axis, r)
                    column_label = 'Total' if c == 'Total' else axis_label(columns_axis, c)
                    got = ours.loc[row_label, column_label] if row_label in ours.index and column_label in ours.columns else ''
                    have = None if got == '' else float(got)
                    wanted = None if pd.isna(want) else float(want)
                    compare(f'pivot {rows_axis},{columns_axis} {flag}{" --change" if change else ""} {row_label} {column_label}', have, wanted)

print(f'{matched:,} values equal, {close:,} equal to 12 digits, {differed:,} differ ({len(df.columns)} series, step {freq}, {len(runs)} gaps, {pivots} pivots)')
sys.exit(1 if differed else 0)

"""Checks `fremont stats --by …` against pandas on the city export, value by value.

    pip install pandas
    python3 Tests/Tools/pandas_stats_check.py .build/release/fremont ../shared/data/bikes/city-export-2012-10-02_to_2025-07-31.csv

For each grouping and day filter it runs the real binary (CSV, a row per period and series) and
recomputes count, sum, mean, min, max and missing hours with pandas' resample/groupby. Missing
hours are the span's wall-clock hours (holes included) of the days kept that have no value.
Prints how many values matched and exits 1 on any difference.
"""
import io
import subprocess
import sys

import numpy as np
import pandas as pd

FREMONT, SOURCE = sys.argv[1], sys.argv[2]
df = pd.read_csv(SOURCE)
df['Date'] = pd.to_datetime(df['Date'], format='%m/%d/%Y %I:%M:%S %p')
df = df.set_index('Date').sort_index()
full = df.reindex(pd.date_range(df.index.min(), df.index.max(), freq='h'))
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


matched = differed = 0
for by in ['hour', 'weekday', 'month-of-year', 'day', 'week', 'month', 'year']:
    for days in ['all', 'weekdays', 'weekends']:
        flags = [] if days == 'all' else ['--' + days]
        out = subprocess.run([FREMONT, 'stats', SOURCE, '--by', by, '--format', 'csv', '--max-warnings', '0'] + flags,
                             capture_output=True, text=True, check=True).stdout
        ours = pd.read_csv(io.StringIO(out), dtype={by: str}, keep_default_na=False)
        ours = {(row[by], row['series']): row for _, row in ours.iterrows()}
        rows = df[keep(df.index, days)]
        hours = full[keep(full.index, days)]
        for series in df.columns:
            values = groups(rows[series], by)
            expected = pd.DataFrame({'count': values.count(), 'sum': values.sum(), 'mean': values.mean(),
                                     'min': values.min(), 'max': values.max()})
            expected['missing'] = groups(hours[series].isna(), by).sum()
            for key, want in expected.iterrows():
                if want['count'] == 0 and days != 'all':
                    continue  # pandas lists the filtered-out days of a resample; fremont does not
                got = ours.get((label(by, key), series))
                for field in ['count', 'sum', 'mean', 'min', 'max', 'missing']:
                    have = None if got is None or got[field] == '' else float(got[field])
                    wanted = None if pd.isna(want[field]) else float(want[field])
                    same = (have is None and wanted is None) or (have is not None and wanted is not None and have == wanted)
                    if same:
                        matched += 1
                    else:
                        differed += 1
                        if differed <= 10:
                            print(f'{by} {days} {label(by, key)} {series[-20:]} {field}: fremont {have}, pandas {wanted}')
print(f'{matched:,} values equal, {differed:,} differ')
sys.exit(1 if differed else 0)

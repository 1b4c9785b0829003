"""The calendar's figures by pandas, for `SeriesCalendarTests` (the city export's Total by day).

    python3 Tests/Tools/pandas_calendar_check.py ../shared/data/bikes/city-export-2012-10-02_to_2025-07-31.csv [COLUMN]

Each day's total is `resample('D').sum(min_count=1)` of the hourly readings and its readings
`count()`; a whole day has 24. The level thresholds are the whole days' quartiles
(`quantile([.25, .5, .75])`, linear), a whole day's level `searchsorted(thresholds, total,
side='left')` (qcut's right-closed bins); partial days (1 to 23 readings) and missing days (none,
inside the span) have no level. Prints the thresholds, the days per level, the partial and
missing days, and a few days' totals and levels, as the test states them.
"""
import sys

import numpy as np
import pandas as pd

SOURCE = sys.argv[1]
raw = pd.read_csv(SOURCE)
column = sys.argv[2] if len(sys.argv) > 2 else raw.columns[1]
times = pd.to_datetime(raw[raw.columns[0]], format='%m/%d/%Y %I:%M:%S %p')
values = pd.Series(pd.to_numeric(raw[column], errors='coerce').values, index=times).sort_index()
totals = values.resample('D').sum(min_count=1)
readings = values.resample('D').count()
whole = totals[(readings >= 24) & totals.notna()]
thresholds = whole.quantile([0.25, 0.5, 0.75]).values
levels = np.searchsorted(thresholds, whole.values, side='left')
partial = int(((readings > 0) & (readings < 24)).sum())
missing = int((readings == 0).sum())
print('days', len(totals), 'from', totals.index[0].date(), 'to', totals.index[-1].date())
print('thresholds', [float(t) for t in thresholds])
print('days per level', [int((levels == level).sum()) for level in range(4)])
print('partial', partial, 'missing', missing)
for day in ['2012-10-02', '2016-04-19', '2016-12-25', '2024-09-30', '2025-07-31']:
    total = totals.get(pd.Timestamp(day))
    level = int(np.searchsorted(thresholds, total, side='left')) if readings[day] >= 24 else None
    print(day, total, int(readings[day]), 'level', level)

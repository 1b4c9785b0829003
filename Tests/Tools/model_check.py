"""Checks `fremont model COUNTS WEATHER` against numpy and statsmodels on the same data.

    pip install pandas numpy statsmodels
    python3 Tests/Tools/model_check.py .build/release/fremont COUNTS.csv WEATHER.csv --latitude 47.61 [--from DAY --to DAY]

COUNTS is a CSV of counts (hourly or daily; its Total column, else its columns added); WEATHER a
CSV like `fremont weather --history --format csv` writes (time, temperature_2m_max,
temperature_2m_min, precipitation_sum). The features are built here as the Python Data Science
Handbook builds them (USFederalHolidayCalendar, its hours_of_daylight, the mean of max and min,
dry day, years since the first day), the fit is statsmodels' OLS (numpy's lstsq without it),
the bootstrap numpy's own 1,000 resamples. Exits 1 unless every coefficient agrees to 1e-6
relative, R² and the residual standard error to 1e-9, and every bootstrap error within 10 %.
"""
import json
import subprocess
import sys

import numpy as np
import pandas as pd
from pandas.tseries.holiday import USFederalHolidayCalendar

FREMONT, COUNTS, WEATHER = sys.argv[1], sys.argv[2], sys.argv[3]
extra = sys.argv[4:]
latitude = float(extra[extra.index('--latitude') + 1])
first = extra[extra.index('--from') + 1] if '--from' in extra else None
last = extra[extra.index('--to') + 1] if '--to' in extra else None

result = subprocess.run([FREMONT, 'model', COUNTS, WEATHER, '--format', 'json'] + extra, capture_output=True, text=True)
if result.returncode != 0:
    sys.exit(f'fremont failed: {result.stderr}')
fremont = json.loads(result.stdout)

counts = pd.read_csv(COUNTS)
times = pd.to_datetime(counts.iloc[:, 0], format='mixed')
total = next((c for c in counts.columns[1:] if c.strip().lower().endswith('total')), None)
riders = counts[total] if total else counts.iloc[:, 1:].sum(axis=1, min_count=len(counts.columns) - 1)
daily = pd.Series(riders.values, index=times).resample('D').sum(min_count=1).to_frame('Total')

weather = pd.read_csv(WEATHER, index_col=0, parse_dates=True)
weather.index = weather.index.normalize()
daily = daily.join(weather, how='outer')
if first:
    daily = daily[daily.index >= first]
if last:
    daily = daily[daily.index <= last]
daily['Temp (C)'] = 0.5 * (daily['temperature_2m_max'] + daily['temperature_2m_min'])
daily['PRCP'] = daily['precipitation_sum']
daily = daily.dropna(subset=['Total', 'Temp (C)', 'PRCP'])

days = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']
for i, name in enumerate(days):
    daily[name] = (daily.index.day_of_week == i).astype(float)
holidays = USFederalHolidayCalendar().holidays(str(daily.index[0].year - 1), str(daily.index[-1].year + 1))
daily['holiday'] = daily.index.isin(holidays).astype(float)


def hours_of_daylight(date, axis=23.44, latitude=latitude):
    # The Handbook's function.
    days = (date - pd.Timestamp(2000, 12, 21)).days
    m = (1. - np.tan(np.radians(latitude)) * np.tan(np.radians(axis) * np.cos(days * 2 * np.pi / 365.25)))
    return 24. * np.degrees(np.arccos(1 - np.clip(m, 0, 2))) / 180.


daily['daylight_hrs'] = [hours_of_daylight(d) for d in daily.index]
daily['dry day'] = (daily['PRCP'] == 0).astype(float)
daily['annual'] = (daily.index - daily.index[0]).days / 365.
columns = days + ['holiday', 'daylight_hrs', 'PRCP', 'dry day', 'Temp (C)', 'annual']
X, y = daily[columns].values, daily['Total'].values

try:
    import statsmodels.api as sm
    fit = sm.OLS(y, X).fit()
    params, r2, rse, how = fit.params, fit.rsquared, np.sqrt(fit.scale), 'statsmodels OLS'
except ImportError:
    params = np.linalg.lstsq(X, y, rcond=None)[0]
    residual = y - X @ params
    r2 = 1 - residual @ residual / ((y - y.mean()) @ (y - y.mean()))
    rse, how = np.sqrt(residual @ residual / (len(y) - X.shape[1])), 'numpy lstsq'

samples = fremont['bootstrap']['samples']
rng = np.random.default_rng(0)
draws = []
for _ in range(samples):
    rows = rng.integers(0, len(y), len(y))
    draws.append(np.linalg.lstsq(X[rows], y[rows], rcond=None)[0])
errors = np.std(draws, 0)

failures = 0
if fremont['days'] != len(y):
    print(f"days: fremont {fremont['days']}, pandas {len(y)}")
    failures += 1
print(f"{len(y)} days {daily.index[0].date()} to {daily.index[-1].date()}, checked against {how} and {samples} numpy bootstrap samples")
print(f"{'feature':<14}{'fremont':>14}{'python':>14}{'rel diff':>10}{'SE fremont':>12}{'SE numpy':>10}{'ratio':>7}")
for entry, param, error in zip(fremont['coefficients'], params, errors):
    coefficient, standard = entry['coefficient'], entry['standardError']
    relative = abs(coefficient - param) / max(abs(param), 1e-12)
    ratio = standard / error if error > 0 else float('nan')
    bad = relative > 1e-6 or (samples and not 0.9 <= ratio <= 1.1)
    failures += bad
    print(f"{entry['feature']:<14}{coefficient:>14.4f}{param:>14.4f}{relative:>10.1e}{standard:>12.2f}{error:>10.2f}{ratio:>7.3f}{'  <- differs' if bad else ''}")
for name, mine, theirs in [('R²', fremont['rSquared'], r2), ('residual SE', fremont['residualStandardError'], rse)]:
    bad = abs(mine - theirs) > 1e-9 * max(1, abs(theirs))
    failures += bad
    print(f"{name}: fremont {mine:.10f}, python {theirs:.10f}{'  <- differs' if bad else ''}")
print('all agree' if failures == 0 else f'{failures} differ')
sys.exit(1 if failures else 0)

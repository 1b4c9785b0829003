"""Writes Tests/FremontCoreTests/Fixtures/shapes/: small tables of the shapes issue 24 names (daily,
15-minute, temperatures with negatives, exponents and separators, zones, epochs, day-first and
ambiguous dates, a long table, an outage), deterministic, for TableShapeTests and
pandas_stats_check.py.

    python3 Tests/Tools/table_shapes_fixture.py
"""
import datetime as dt
import math
import os

os.chdir(os.path.join(os.path.dirname(__file__), '..', 'FremontCoreTests', 'Fixtures', 'shapes'))

# Daily counts, 90 days from 2024-01-01; 2024-02-10..12 absent; 2024-03-01 blank.
with open('daily.csv', 'w') as f:
    f.write('date,count\n')
    for i in range(90):
        day = dt.date(2024, 1, 1) + dt.timedelta(i)
        if dt.date(2024, 2, 10) <= day <= dt.date(2024, 2, 12): continue
        value = '' if day == dt.date(2024, 3, 1) else str(1000 + (i * 37) % 500)
        f.write(f'{day.isoformat()},{value}\n')
# 15-minute counts over 2 days; the busiest quarter (63, 08:45) is not the busiest hour's.
with open('quarter-hour.csv', 'w') as f:
    f.write('timestamp,bikes\n')
    for i in range(2 * 96):
        time = dt.datetime(2024, 5, 6) + dt.timedelta(minutes=15 * i)
        h, q = time.hour, time.minute // 15
        value = 60 + q if h == 8 else (62 if (h == 17 and q == 0) else 5 + h)
        if time == dt.datetime(2024, 5, 6, 12, 30): continue
        f.write(f'{time.strftime("%Y-%m-%d %H:%M")},{value}\n')
# Hourly temperatures with negatives (a measure) and rain (a count), 3 days.
with open('temperatures.csv', 'w') as f:
    f.write('time,temp_c,rain_mm\n')
    for i in range(72):
        time = dt.datetime(2024, 1, 15) + dt.timedelta(hours=i)
        temp = round(-4 + 6 * math.sin((time.hour - 9) / 24 * 2 * math.pi) + (i // 24) * 0.5, 1)
        f.write(f'{time.isoformat()},{temp},{[0, 0, 1, 0, 2, 0][i % 6]}\n')
# Beyond 2^53, exponents, thousands separators (one badly grouped), a column of words.
with open('numbers.csv', 'w') as f:
    f.write('date,big,exp,grouped,label\n')
    for i in range(6):
        time = dt.datetime(2024, 6, 1) + dt.timedelta(hours=i)
        big = str(10**16 + i * 2) if i != 3 else '12345678901234567890'
        exp = ['2.5e3', '1E-2', '3.0e+2', '4e0', '-1.5e1', '7'][i]
        grouped = ['"1,234"', '"12,345,678"', '999', '"1,000.5"', '"1,2,3"', '0'][i]
        f.write(f'{time.isoformat()},{big},{exp},{grouped},w{i}\n')
# Offsets across Seattle's spring forward, and UTC.
with open('zones.csv', 'w') as f:
    f.write('datetime,count\n')
    for i, text in enumerate(['2024-03-10T00:00:00-08:00', '2024-03-10T01:00:00-08:00', '2024-03-10T03:00:00-07:00',
                              '2024-03-10T04:00:00-07:00', '2024-03-10T05:00:00.250-07:00']):
        f.write(f'{text},{i + 1}\n')
with open('utc.csv', 'w') as f:
    f.write('time,count\n')
    for i in range(6): f.write(f'2024-07-01T{i:02d}:00:00Z,{10 + i}\n')
with open('epochs.csv', 'w') as f:
    f.write('timestamp,count\n')
    base = int(dt.datetime(2024, 7, 1, tzinfo=dt.timezone.utc).timestamp())
    for i in range(6): f.write(f'{base + 3600 * i},{i}\n')
# dd.mm.yyyy with semicolons.
with open('dotted.csv', 'w') as f:
    f.write('Datum;Anzahl\n')
    for i in range(20):
        day = dt.date(2024, 1, 1) + dt.timedelta(i)
        f.write(f'{day.strftime("%d.%m.%Y")};{i}\n')
# dd/mm/yyyy whose first day above 12 comes past the first 200 rows.
with open('slashes-dayfirst.csv', 'w') as f:
    f.write('date,count\n')
    days = [dt.date(2024, 1, 1) + dt.timedelta(i) for i in range(300)]
    days = [day for day in days if day.day <= 12] + [dt.date(2025, 1, 13)]
    for day in days: f.write(f'{day.strftime("%d/%m/%Y")},{day.day}\n')
with open('slashes-conflict.csv', 'w') as f:
    f.write('date,count\n04/13/2024,1\n13/04/2024,2\n')
# A long table: date,counter,count; Burke has no row at 05:00.
with open('long.csv', 'w') as f:
    f.write('date,counter,count\n')
    for i in range(48):
        time = dt.datetime(2024, 4, 1) + dt.timedelta(hours=i)
        for c, name in enumerate(['Fremont', 'Spokane', 'Burke']):
            if name == 'Burke' and i == 5: continue
            f.write(f'{time.strftime("%Y-%m-%dT%H:%M:%S")},{name},{(i * 7 + c * 13) % 50}\n')
# An outage: blank 2025-06-28 01:00 to 07-18 23:00 (503 h), one blank hour, a 3-hour hole.
with open('outage.csv', 'w') as f:
    f.write('Date,Total\n')
    for i in range(24 * 25):
        time = dt.datetime(2025, 6, 27) + dt.timedelta(hours=i)
        if dt.datetime(2025, 7, 20, 3) <= time <= dt.datetime(2025, 7, 20, 5): continue
        blank = dt.datetime(2025, 6, 28, 1) <= time <= dt.datetime(2025, 7, 18, 23) or time == dt.datetime(2025, 6, 27, 6)
        f.write(f'{time.strftime("%m/%d/%Y %I:%M:%S %p")},{"" if blank else i % 40}\n')

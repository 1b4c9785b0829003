#!/usr/bin/env python3
"""Writes the Open-Meteo fixtures of the forecast tests: a made-up but realistic /v1/forecast
response for Seattle (47.65, -122.35) asked on Friday 7 March 2025 at 15:00 local time, in the
shape the API documents (https://open-meteo.com/en/docs): `current`, `hourly` and `daily`
columns beside `time` columns of local times, `*_units`, `utc_offset_seconds` and `timezone`.

Seven days of hours, 168 of them, across the change to summer time on Sunday 9 March: like the
real API, every time is written with the one offset valid when the request was made (-08:00).

    python3 Tests/Tools/open_meteo_fixture.py Tests/FremontCoreTests/Fixtures/weather
"""
import json
import math
import sys
from datetime import date, datetime, timedelta

START = datetime(2025, 3, 7)
NOW = datetime(2025, 3, 7, 15, 0)
# One code a day, and what the hours of that day show around it.
DAY_CODES = [61, 80, 2, 0, 45, 71, 95]
DAY_HIGH = [9.8, 8.4, 11.2, 13.6, 10.1, 4.2, 8.9]
DAY_LOW = [4.1, 3.2, 2.6, 3.9, 5.0, -0.8, 2.2]
DAY_RAIN = [90, 70, 10, 0, 15, 60, 80]


def hour_code(day, hour):
    code = DAY_CODES[day]
    if code in (61, 80, 71, 95):
        return code if 12 <= hour <= 21 else 3
    if code == 45:
        return 45 if hour < 10 else 1
    if code == 2:
        return 2 if 9 <= hour <= 17 else 1
    return 0


def metric():
    times, codes, temps, apparent, humidity, dew, chance, rain, cloud, pressure, wind, bearing, gusts, uv, is_day = ([] for _ in range(15))
    for index in range(168):
        moment = START + timedelta(hours=index)
        day, hour = index // 24, moment.hour
        low, high = DAY_LOW[day], DAY_HIGH[day]
        # Coldest at 06:00, warmest at 15:00.
        phase = math.cos((hour - 15) / 24 * 2 * math.pi)
        temperature = round(low + (high - low) * (phase + 1) / 2, 1)
        code = hour_code(day, hour)
        wet = code in (61, 80, 71, 95)
        times.append(moment.strftime("%Y-%m-%dT%H:%M"))
        codes.append(code)
        temps.append(temperature)
        apparent.append(round(temperature - 2.1 - (1.5 if wet else 0), 1))
        humidity.append(96 if code == 45 else (88 if wet else 71))
        dew.append(round(temperature - (0.6 if code == 45 else 3.4), 1))
        chance.append(DAY_RAIN[day] if wet else max(0, DAY_RAIN[day] // 4))
        rain.append(1.2 if code in (63, 80) else (0.6 if wet else 0.0))
        cloud.append({0: 4, 1: 22, 2: 48, 3: 100, 45: 100}.get(code, 100))
        pressure.append(round(1012.0 + 4 * math.sin(index / 30), 1))
        wind.append(round(3.1 + 2.4 * abs(math.sin(index / 9)), 1))
        bearing.append((200 + index * 3) % 360)
        gusts.append(round(7.0 + 4.0 * abs(math.sin(index / 9)), 1))
        uv.append(round(max(0.0, 3.2 * math.sin((hour - 7) / 11 * math.pi)) * (0.4 if wet else 1), 2) if 7 <= hour <= 18 else 0.0)
        is_day.append(1 if 7 <= hour < 18 else 0)
    # The last half day's UV index is not forecast yet: the API sends null.
    uv[-12:] = [None] * 12
    hourly = {
        "time": times, "is_day": is_day, "temperature_2m": temps, "apparent_temperature": apparent,
        "relative_humidity_2m": humidity, "dew_point_2m": dew, "precipitation_probability": chance,
        "precipitation": rain, "weather_code": codes, "cloud_cover": cloud, "pressure_msl": pressure,
        "wind_speed_10m": wind, "wind_direction_10m": bearing, "wind_gusts_10m": gusts, "uv_index": uv,
    }
    days = [date(2025, 3, 7) + timedelta(days=n) for n in range(7)]
    # Sunrise and sunset move two minutes a day, written with the fixed -08:00 offset.
    daily = {
        "time": [d.isoformat() for d in days],
        "weather_code": DAY_CODES,
        "temperature_2m_max": DAY_HIGH,
        "temperature_2m_min": DAY_LOW,
        "sunrise": [f"{d.isoformat()}T06:{38 - 2 * n:02d}" for n, d in enumerate(days)],
        "sunset": [f"{d.isoformat()}T18:{2 + 2 * n:02d}" for n, d in enumerate(days)],
        "uv_index_max": [1.3, 1.8, 3.1, 3.4, 2.6, 1.2, 1.9],
        "precipitation_sum": [6.4, 4.1, 0.0, 0.0, 0.3, 5.2, 7.9],
        "precipitation_probability_max": DAY_RAIN,
        "wind_gusts_10m_max": [11.2, 10.4, 7.9, 6.1, 8.8, 12.6, 14.3],
        "wind_direction_10m_dominant": [203, 215, 290, 330, 160, 20, 190],
    }
    now = START + timedelta(hours=15)
    i = 15
    current = {
        "time": now.strftime("%Y-%m-%dT%H:%M"), "interval": 900, "is_day": 1,
        "temperature_2m": temps[i], "apparent_temperature": apparent[i], "relative_humidity_2m": humidity[i],
        "weather_code": codes[i], "cloud_cover": cloud[i], "pressure_msl": pressure[i],
        "wind_speed_10m": wind[i], "wind_direction_10m": bearing[i], "wind_gusts_10m": gusts[i],
    }
    return current, hourly, daily


def imperial(current, hourly, daily):
    f = lambda c: round(c * 9 / 5 + 32, 1)
    mph = lambda ms: round(ms * 2.23694, 1)
    inch = lambda mm: round(mm / 25.4, 3)
    current = dict(current)
    for key in ("temperature_2m", "apparent_temperature"):
        current[key] = f(current[key])
    for key in ("wind_speed_10m", "wind_gusts_10m"):
        current[key] = mph(current[key])
    hourly = dict(hourly)
    for key in ("temperature_2m", "apparent_temperature", "dew_point_2m"):
        hourly[key] = [f(v) for v in hourly[key]]
    for key in ("wind_speed_10m", "wind_gusts_10m"):
        hourly[key] = [mph(v) for v in hourly[key]]
    hourly["precipitation"] = [inch(v) for v in hourly["precipitation"]]
    daily = dict(daily)
    for key in ("temperature_2m_max", "temperature_2m_min"):
        daily[key] = [f(v) for v in daily[key]]
    daily["wind_gusts_10m_max"] = [mph(v) for v in daily["wind_gusts_10m_max"]]
    daily["precipitation_sum"] = [inch(v) for v in daily["precipitation_sum"]]
    return current, hourly, daily


def units(temperature, speed, amount, keys, daily=False):
    table = {"time": "iso8601"}
    for key in keys:
        if key in ("time",):
            continue
        if "temperature" in key or key == "dew_point_2m":
            table[key] = temperature
        elif "wind_speed" in key or "wind_gusts" in key:
            table[key] = speed
        elif key in ("precipitation", "precipitation_sum"):
            table[key] = amount
        elif key in ("relative_humidity_2m", "precipitation_probability", "precipitation_probability_max", "cloud_cover"):
            table[key] = "%"
        elif key == "weather_code":
            table[key] = "wmo code"
        elif key.startswith("wind_direction"):
            table[key] = "°"
        elif key == "pressure_msl":
            table[key] = "hPa"
        elif key in ("sunrise", "sunset"):
            table[key] = "iso8601"
        elif key == "interval":
            table[key] = "seconds"
        else:
            table[key] = ""
    return table


def response(current, hourly, daily, temperature, speed, amount):
    return {
        "latitude": 47.649185, "longitude": -122.34784, "generationtime_ms": 0.41604042053222656,
        "utc_offset_seconds": -28800, "timezone": "America/Los_Angeles", "timezone_abbreviation": "GMT-8",
        "elevation": 31.0,
        "current_units": units(temperature, speed, amount, current.keys()),
        "current": current,
        "hourly_units": units(temperature, speed, amount, hourly.keys()),
        "hourly": hourly,
        "daily_units": units(temperature, speed, amount, daily.keys()),
        "daily": daily,
    }


def main(folder):
    current, hourly, daily = metric()
    with open(f"{folder}/open-meteo-seattle-2025-03-07-metric.json", "w") as out:
        json.dump(response(current, hourly, daily, "°C", "m/s", "mm"), out, ensure_ascii=False, separators=(",", ":"))
    with open(f"{folder}/open-meteo-seattle-2025-03-07-imperial.json", "w") as out:
        json.dump(response(*imperial(current, hourly, daily), "°F", "mp/h", "inch"), out, ensure_ascii=False, separators=(",", ":"))


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")

#!/usr/bin/env python3
"""Writes a deterministic Fitbit account export zip, layout A (`<Name>/user-site-export/`, formats.md §1.1-§1.3).

Files are pretty-printed with " : " separators as the real ones are, in the real windows: a day per
heart_rate file, 30 days per steps/distance/calories/weight/sleep file, 365 days per resting_heart_rate
file; intraday stamps in UTC with the files aligned to local midnight (UTC+10, formats.md §1.4); weights
in pounds with their BMI (formats.md §1.5); about three quarters of the minutes without movement.

    generate_fitbit_export.py DAYS OUT.zip [--families distance,resting_heart_rate,sleep] [--start 2019-01-01]
"""
import argparse
import datetime
import json
import random
import zipfile

ALL = ["steps", "distance", "calories", "heart_rate", "resting_heart_rate", "sleep", "weight", "water_logs"]
OFFSET = datetime.timedelta(hours=10)  # the account's zone, Australia/Brisbane (no DST)


def pretty(entries):
    return json.dumps(entries, indent=2, separators=(",", " : "))


def us(moment):
    return moment.strftime("%m/%d/%y %H:%M:%S")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("days", type=int)
    parser.add_argument("out")
    parser.add_argument("--families", default=",".join(ALL))
    parser.add_argument("--start", default="2019-01-01")
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args()
    families = args.families.split(",")
    rng = random.Random(args.seed)
    start = datetime.datetime.fromisoformat(args.start)
    root = "Pat Doe/user-site-export/"
    counts = {f: 0 for f in families}
    with zipfile.ZipFile(args.out, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as archive:
        archive.writestr("Pat Doe/user-profile/Profile.csv",
                         "id,full_name,timezone,height,weight\n7ABCDE,Pat Doe,Australia/Brisbane,177.0,87.0\n")
        for window_start in range(0, args.days, 30):
            window_days = min(30, args.days - window_start)
            local_day0 = start + datetime.timedelta(days=window_start)
            name = local_day0.strftime("%Y-%m-%d")
            utc0 = local_day0 - OFFSET
            for family in ("steps", "distance", "calories"):
                if family not in families:
                    continue
                entries = []
                for minute in range(window_days * 1440):
                    moving = rng.random() < 0.25
                    if family == "steps":
                        value = str(rng.randint(1, 140)) if moving else "0"
                    elif family == "distance":
                        value = f"{rng.uniform(50, 11000):.1f}" if moving else "0"
                    else:
                        value = f"{rng.uniform(3.0, 12.0) if moving else rng.uniform(1.0, 1.3):.5f}"
                    entries.append({"dateTime": us(utc0 + datetime.timedelta(minutes=minute)), "value": value})
                counts[family] += sum(1 for e in entries if e["value"] not in ("0",))
                archive.writestr(f"{root}{family}-{name}.json", pretty(entries))
            if "weight" in families:
                entries = []
                for day in range(window_days):
                    if rng.random() < 0.5:
                        local = local_day0 + datetime.timedelta(days=day, hours=7, minutes=rng.randint(0, 59))
                        pounds = round(rng.uniform(185, 195), 1)
                        bmi = round(pounds * 0.45359237 / 1.77 ** 2, 2)
                        log_id = int((local - datetime.datetime(1970, 1, 1)).total_seconds() * 1000)
                        entries.append({"logId": log_id, "weight": pounds, "bmi": bmi, "date": local.strftime("%m/%d/%y"),
                                        "time": local.strftime("%H:%M:%S"), "source": "Aria"})
                counts["weight"] += len(entries)
                archive.writestr(f"{root}weight-{name}.json", pretty(entries))
            if "sleep" in families:
                entries = []
                for day in reversed(range(window_days)):
                    night = local_day0 + datetime.timedelta(days=day, hours=22, minutes=rng.randint(0, 90))
                    asleep = rng.randint(300, 520)
                    end = night + datetime.timedelta(minutes=asleep + rng.randint(10, 40))
                    entries.append({
                        "logId": 20_000_000_000 + window_start * 100 + day,
                        "dateOfSleep": (night + datetime.timedelta(days=1)).strftime("%Y-%m-%d"),
                        "startTime": night.strftime("%Y-%m-%dT%H:%M:%S.000"),
                        "endTime": end.strftime("%Y-%m-%dT%H:%M:%S.000"),
                        "duration": int((end - night).total_seconds() * 1000), "minutesToFallAsleep": 5,
                        "minutesAsleep": asleep, "minutesAwake": 20, "minutesAfterWakeup": 0,
                        "timeInBed": int((end - night).total_seconds() / 60), "efficiency": 95, "type": "classic",
                        "infoCode": 0, "levels": {"summary": {"restless": {"count": 5, "minutes": 12},
                                                              "awake": {"count": 1, "minutes": 3},
                                                              "asleep": {"count": 0, "minutes": asleep}},
                                                  "data": []},
                        "mainSleep": True})
                counts["sleep"] += len(entries)
                archive.writestr(f"{root}sleep-{name}.json", pretty(entries))
        for day in range(args.days):
            local_day = start + datetime.timedelta(days=day)
            if "heart_rate" in families:
                utc0 = local_day - OFFSET
                entries = [{"dateTime": us(utc0 + datetime.timedelta(seconds=s)),
                            "value": {"bpm": rng.randint(55, 130), "confidence": rng.randint(0, 3)}}
                           for s in range(0, 86400, 60)]
                counts["heart_rate"] += len(entries)
                archive.writestr(f"{root}heart_rate-{local_day.strftime('%Y-%m-%d')}.json", pretty(entries))
        if "resting_heart_rate" in families:
            for year_start in range(0, args.days, 365):
                day0 = start + datetime.timedelta(days=year_start)
                entries = []
                for day in range(min(365, args.days - year_start)):
                    moment = day0 + datetime.timedelta(days=day)
                    if rng.random() < 0.05:
                        entries.append({"dateTime": us(moment), "value": {"date": None, "value": 0.0, "error": 0.0}})
                    else:
                        entries.append({"dateTime": us(moment), "value": {"date": moment.strftime("%m/%d/%y"),
                                        "value": rng.uniform(55, 70), "error": rng.uniform(5, 15)}})
                        counts["resting_heart_rate"] += 1
                archive.writestr(f"{root}resting_heart_rate-{day0.strftime('%Y-%m-%d')}.json", pretty(entries))
        if "water_logs" in families:
            entries = [{"id": 1_300_000_000 + i, "date": (start + datetime.timedelta(days=i)).strftime("%m/%d/%y"),
                        "waterAmount": 250.0, "measurementUnit": "MILLILITER"} for i in range(min(args.days, 100))]
            counts["water_logs"] += len(entries)
            archive.writestr(f"{root}water_logs-0.json", pretty(entries))
    print(" ".join(f"{k}={v}" for k, v in sorted(counts.items())))


if __name__ == "__main__":
    main()

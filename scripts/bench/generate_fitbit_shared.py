#!/usr/bin/env python3
"""Writes a deterministic Fitbit account export zip (layout A) that holds only per-minute distance files with
movement in every minute: rows both kidneyhub and `fitbit-to-sqlite distance` store (issue 22; the hub skips a
zero minute, fitbit-to-sqlite stores it, so zeros would make the comparison unequal). The realistic archive stays
in generate_fitbit_export.py.

    generate_fitbit_shared.py DAYS OUT.zip [--start 2019-01-01] [--seed N]

Files cover 30 days each, pretty-printed with " : " separators, stamps in UTC aligned to local midnight
(UTC+10), as generate_fitbit_export.py writes them. 360 days give 12 files and 518,400 records.
"""
import argparse
import datetime
import random
import zipfile

from generate_fitbit_export import OFFSET, pretty, us


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("days", type=int)
    parser.add_argument("out")
    parser.add_argument("--start", default="2019-01-01")
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    start = datetime.datetime.fromisoformat(args.start)
    root = "Pat Doe/user-site-export/"
    count = 0
    with zipfile.ZipFile(args.out, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as archive:
        archive.writestr("Pat Doe/user-profile/Profile.csv",
                         "id,full_name,timezone,height,weight\n7ABCDE,Pat Doe,Australia/Brisbane,177.0,87.0\n")
        for window_start in range(0, args.days, 30):
            window_days = min(30, args.days - window_start)
            local_day0 = start + datetime.timedelta(days=window_start)
            utc0 = local_day0 - OFFSET
            entries = [{"dateTime": us(utc0 + datetime.timedelta(minutes=minute)),
                        "value": f"{rng.uniform(50, 11000):.1f}"} for minute in range(window_days * 1440)]
            count += len(entries)
            archive.writestr(f"{root}distance-{local_day0.strftime('%Y-%m-%d')}.json", pretty(entries))
    print(f"distance={count}")


if __name__ == "__main__":
    main()

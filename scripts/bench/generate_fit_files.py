#!/usr/bin/env python3
"""Writes deterministic FIT files with Garmin's own encoder (PyPI garmin-fit-sdk): activity files
(1 Hz `record` messages with heart rate, position, distance, speed), all-day monitoring files (steps and
heart rate each minute) and a weight-scale file (devices.md §6.2).

    generate_fit_files.py OUT_DIR [--activities 20] [--monitoring-days 20]
"""
import argparse
import datetime
import os
import random

from garmin_fit_sdk import Encoder, Profile

MESG = Profile["mesg_num"]


def activity(path, start, rng, seconds):
    encoder = Encoder()
    encoder.on_mesg(MESG["FILE_ID"], {"type": "activity", "manufacturer": "garmin", "product": 3415,
                                      "serial_number": 3_000_000_000, "time_created": start})
    distance = 0.0
    for second in range(seconds):
        distance += rng.uniform(2.0, 3.5)
        encoder.on_mesg(MESG["RECORD"], {
            "timestamp": start + datetime.timedelta(seconds=second),
            "position_lat": 570_000_000 + second * 10, "position_long": 120_000_000 + second * 7,
            "heart_rate": rng.randint(95, 175), "cadence": rng.randint(80, 95), "distance": distance,
            "enhanced_speed": rng.uniform(2.0, 3.5), "enhanced_altitude": rng.uniform(10, 60)})
    with open(path, "wb") as out:
        out.write(encoder.close())


def monitoring(path, day, rng):
    encoder = Encoder()
    encoder.on_mesg(MESG["FILE_ID"], {"type": "monitoring_b", "manufacturer": "garmin", "product": 3415,
                                      "serial_number": 3_000_000_000, "time_created": day})
    encoder.on_mesg(MESG["MONITORING_INFO"], {"timestamp": day, "local_timestamp": 0})
    steps = 0
    for minute in range(1440):
        steps += rng.randint(0, 90) if rng.random() < 0.3 else 0
        encoder.on_mesg(MESG["MONITORING"], {"timestamp": day + datetime.timedelta(minutes=minute),
                                             "activity_type": "walking", "cycles": steps / 2,
                                             "heart_rate": rng.randint(50, 120)})
    with open(path, "wb") as out:
        out.write(encoder.close())


def weight(path, start, rng):
    encoder = Encoder()
    encoder.on_mesg(MESG["FILE_ID"], {"type": "weight", "manufacturer": "garmin", "product": 2700,
                                      "serial_number": 3_000_000_001, "time_created": start})
    for day in range(30):
        encoder.on_mesg(MESG["WEIGHT_SCALE"], {"timestamp": start + datetime.timedelta(days=day, hours=7),
                                               "weight": round(rng.uniform(80, 84), 2),
                                               "percent_fat": round(rng.uniform(20, 24), 1)})
    with open(path, "wb") as out:
        out.write(encoder.close())


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out_dir")
    parser.add_argument("--activities", type=int, default=20)
    parser.add_argument("--activity-seconds", type=int, default=3600)
    parser.add_argument("--monitoring-days", type=int, default=20)
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    os.makedirs(args.out_dir, exist_ok=True)
    start = datetime.datetime(2024, 3, 1, 6, 0, tzinfo=datetime.timezone.utc)
    for index in range(args.activities):
        activity(os.path.join(args.out_dir, f"activity-{index:03d}.fit"), start + datetime.timedelta(days=index), rng,
                 args.activity_seconds)
    for index in range(args.monitoring_days):
        monitoring(os.path.join(args.out_dir, f"monitoring-{index:03d}.fit"),
                   datetime.datetime(2024, 3, 1, tzinfo=datetime.timezone.utc) + datetime.timedelta(days=index), rng)
    weight(os.path.join(args.out_dir, "weight.fit"), start, rng)


if __name__ == "__main__":
    main()

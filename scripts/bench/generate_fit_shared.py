#!/usr/bin/env python3
"""Writes one deterministic FIT activity file with Garmin's own encoder (PyPI garmin-fit-sdk) whose data messages
are all `record` messages with a timestamp and a heart rate: what kidneyhub stores from an activity, so a decode
by fitparse and a decode-and-store by kidneyhub handle the same messages (issue 22). The realistic mix of
activities, monitoring and weight stays in generate_fit_files.py.

    generate_fit_shared.py OUT_DIR [--records 200000] [--seed N]
"""
import argparse
import datetime
import os
import random

from garmin_fit_sdk import Encoder, Profile

MESG = Profile["mesg_num"]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out_dir")
    parser.add_argument("--records", type=int, default=200_000)
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    os.makedirs(args.out_dir, exist_ok=True)
    start = datetime.datetime(2024, 3, 1, 6, 0, tzinfo=datetime.timezone.utc)
    encoder = Encoder()
    encoder.on_mesg(MESG["FILE_ID"], {"type": "activity", "manufacturer": "garmin", "product": 3415,
                                      "serial_number": 3_000_000_000, "time_created": start})
    for second in range(args.records):
        encoder.on_mesg(MESG["RECORD"], {"timestamp": start + datetime.timedelta(seconds=second),
                                         "heart_rate": rng.randint(95, 175)})
    with open(os.path.join(args.out_dir, "activity-hr.fit"), "wb") as out:
        out.write(encoder.close())
    print(f"record={args.records}")


if __name__ == "__main__":
    main()

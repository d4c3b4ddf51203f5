#!/usr/bin/env python3
"""Writes a deterministic Apple Health export.xml that holds only kinds both kidneyhub and healthkit-to-sqlite
store: heart-rate and step-count records (issue 22). The realistic mix stays in generate_apple_health.py; this one
measures the import as a new user would compare it, with no record one tool skips and the other stores.

    generate_apple_health_shared.py RECORDS OUT.xml [--seed N]

The DTD is well formed and no string holds a control character (healthkit-to-sqlite stops at either:
dogsheep/healthkit-to-sqlite#24). Heart rates come from the watch, steps from the watch or the phone, as in
generate_apple_health.py.
"""
import argparse
import random

from generate_apple_health import HEADER, PHONE, WATCH, record


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("records", type=int)
    parser.add_argument("out")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    header = HEADER.replace("  dateIssued       CDATA #REQUIRED\n", "  dateIssued       CDATA #REQUIRED\n>\n")
    rng = random.Random(args.seed)
    counts = {"heart_rate": 0, "steps": 0}
    t = 0
    with open(args.out, "w", encoding="utf-8") as out:
        out.write(header)
        chunk = []
        for _ in range(args.records):
            t += rng.randint(40, 200)
            if rng.random() < 0.6:
                counts["heart_rate"] += 1
                chunk.append(record("HKQuantityTypeIdentifierHeartRate", WATCH, "count/min", t, t,
                                    rng.randint(52, 140), [("HKMetadataKeyHeartRateMotionContext", rng.randint(0, 2))]))
            else:
                counts["steps"] += 1
                chunk.append(record("HKQuantityTypeIdentifierStepCount", rng.choice([WATCH, PHONE]), "count",
                                    t - 300, t, rng.randint(1, 900)))
            if len(chunk) >= 5000:
                out.write("".join(chunk))
                chunk = []
        out.write("".join(chunk))
        out.write("</HealthData>\n")
    print(" ".join(f"{k}={v}" for k, v in sorted(counts.items())))


if __name__ == "__main__":
    main()

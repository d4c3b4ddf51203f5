#!/usr/bin/env python3
"""Writes a deterministic Apple Health export.xml of about SIZE megabytes (formats.md §2).

It has what real exports have: the iOS 16 internal DTD with its malformed ATTLIST (formats.md §2.7), a
stray \\x0b in a device string, heart rate, step, energy, body-mass, glucose (both unit forms), dietary and
resting-heart-rate records with metadata, blood-pressure correlations whose children are repeated at the
top level (formats.md §2.5), workouts, and record types the hub does not import.

    generate_apple_health.py SIZE_MB OUT.xml [--seed N] [--clean]

--clean writes a well-formed DTD and no control character, for tools that cannot read the defects
(healthkit-to-sqlite stops at either: dogsheep/healthkit-to-sqlite#24).
"""
import argparse
import random

HEADER = """<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE HealthData [
<!-- HealthKit Export Version: 14 -->
<!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary|ClinicalRecord|Audiogram|VisionPrescription)*)>
<!ATTLIST HealthData
  locale CDATA #REQUIRED
>
<!ELEMENT Record ((MetadataEntry|HeartRateVariabilityMetadataList)*)>
<!ATTLIST Record
  type          CDATA #REQUIRED
  unit          CDATA #IMPLIED
  value         CDATA #IMPLIED
  sourceName    CDATA #REQUIRED
  startDate     CDATA #REQUIRED
  endDate       CDATA #REQUIRED
>
<!-- Note: Any Records that appear as children of a correlation also appear as top-level records in this document. -->
<!ELEMENT VisionPrescription EMPTY>
<!ATTLIST VisionPrescription
  type             CDATA #REQUIRED
  dateIssued       CDATA #REQUIRED
<!ELEMENT MetadataEntry EMPTY>
]>
<HealthData locale="en_US">
 <ExportDate value="2024-05-01 09:00:00 +0200"/>
 <Me HKCharacteristicTypeIdentifierDateOfBirth="1961-02-02" HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexFemale"/>
"""
WATCH = ('sourceName="Pat\u2019s Apple Watch" sourceVersion="10.4" device="&lt;&lt;HKDevice: 0x283c5a0f0&gt;, '
         'name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,2, software:10.4&gt;"')
PHONE = 'sourceName="Pat\u2019s iPhone" sourceVersion="17.4"'
SCALE = 'sourceName="Health Mate" sourceVersion="6.2.0"'
CUFF = 'sourceName="Beurer HealthCoach" sourceVersion="1.3.5.1"'
METER = 'sourceName="Contour Diabetes" sourceVersion="2.8"'
DIET = 'sourceName="Cronometer" sourceVersion="4.2"'


def stamp(seconds):
    """yyyy-MM-dd HH:mm:ss +0200 of seconds since 2020-01-01 local (a fixed +0200 zone keeps it simple)."""
    import datetime
    moment = datetime.datetime(2020, 1, 1) + datetime.timedelta(seconds=seconds)
    return moment.strftime("%Y-%m-%d %H:%M:%S") + " +0200"


def record(type_, source, unit, start, end, value, metadata=()):
    text = (f' <Record type="{type_}" {source} unit="{unit}" creationDate="{stamp(end + 30)}" '
            f'startDate="{stamp(start)}" endDate="{stamp(end)}" value="{value}"')
    if not metadata:
        return text + "/>\n"
    inner = "".join(f'  <MetadataEntry key="{k}" value="{v}"/>\n' for k, v in metadata)
    return text + ">\n" + inner + " </Record>\n"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("size_mb", type=float)
    parser.add_argument("out")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--clean", action="store_true")
    args = parser.parse_args()
    header = HEADER.replace("  dateIssued       CDATA #REQUIRED\n", "  dateIssued       CDATA #REQUIRED\n>\n") if args.clean else HEADER
    defect = "" if args.clean else "\x0b"
    rng = random.Random(args.seed)
    target = int(args.size_mb * 1_000_000)
    written = 0
    t = 0
    counts = {}
    with open(args.out, "w", encoding="utf-8") as out:
        out.write(header)
        written += len(header.encode())
        chunk = []
        while written < target:
            t += rng.randint(40, 200)
            roll = rng.random()
            if roll < 0.45:
                kind = "hr"
                text = record("HKQuantityTypeIdentifierHeartRate", WATCH, "count/min", t, t, rng.randint(52, 140),
                              [("HKMetadataKeyHeartRateMotionContext", rng.randint(0, 2))])
            elif roll < 0.70:
                kind = "energy"
                text = record("HKQuantityTypeIdentifierActiveEnergyBurned", WATCH, rng.choice(["Cal", "kcal"]),
                              t - 60, t, round(rng.uniform(0.05, 9.0), 3))
            elif roll < 0.88:
                kind = "steps"
                text = record("HKQuantityTypeIdentifierStepCount", rng.choice([WATCH, PHONE]), "count",
                              t - 300, t, rng.randint(1, 900))
            elif roll < 0.93:
                kind = "basal (not imported)"
                text = record("HKQuantityTypeIdentifierBasalEnergyBurned", WATCH, "Cal", t - 60, t,
                              round(rng.uniform(1.0, 2.0), 3))
            elif roll < 0.94:
                kind = "mass"
                text = record("HKQuantityTypeIdentifierBodyMass", SCALE, rng.choice(["kg", "lb"]), t, t,
                              round(rng.uniform(70, 90), 1), [("HKWasUserEntered", 0)])
            elif roll < 0.95:
                kind = "glucose"
                if rng.random() < 0.5:
                    text = record("HKQuantityTypeIdentifierBloodGlucose", METER, "mg/dL", t, t, rng.randint(70, 180),
                                  [("HKBloodGlucoseMealTime", rng.randint(1, 2))])
                else:
                    text = record("HKQuantityTypeIdentifierBloodGlucose", METER, "mmol&lt;180.1558800000541&gt;/L",
                                  t, t, round(rng.uniform(3.9, 10.0), 2), [("HKBloodGlucoseMealTime", 1)])
            elif roll < 0.96:
                kind = "bp"
                sys_, dia = rng.randint(105, 160), rng.randint(60, 95)
                children = [record("HKQuantityTypeIdentifierBloodPressureSystolic", CUFF, "mmHg", t, t, sys_),
                            record("HKQuantityTypeIdentifierBloodPressureDiastolic", CUFF, "mmHg", t, t, dia)]
                text = (f' <Correlation type="HKCorrelationTypeIdentifierBloodPressure" {CUFF} '
                        f'creationDate="{stamp(t + 30)}" startDate="{stamp(t)}" endDate="{stamp(t)}">\n'
                        f'  <MetadataEntry key="HKExternalUUID" value="IO009MEA{t}"/>\n'
                        + "".join("  " + c for c in children) + " </Correlation>\n" + "".join(children))
            elif roll < 0.985:
                kind = "dietary"
                type_, unit, low, high = rng.choice([
                    ("HKQuantityTypeIdentifierDietaryWater", "mL", 100, 500),
                    ("HKQuantityTypeIdentifierDietaryWater", "fl_oz_us", 4, 16),
                    ("HKQuantityTypeIdentifierDietaryPotassium", "mg", 50, 900),
                    ("HKQuantityTypeIdentifierDietarySodium", "mg", 50, 1200),
                    ("HKQuantityTypeIdentifierDietaryPhosphorus", "mg", 20, 400),
                    ("HKQuantityTypeIdentifierDietaryProtein", "g", 1, 40)])
                text = record(type_, DIET, unit, t, t, rng.randint(low, high))
            elif roll < 0.995:
                kind = "rhr"
                text = record("HKQuantityTypeIdentifierRestingHeartRate", WATCH.replace("Watch6,2", "Watch6,2" + defect),
                              "count/min", t, t, rng.randint(50, 75))
            else:
                kind = "workout"
                minutes = rng.randint(10, 90)
                text = (f' <Workout workoutActivityType="HKWorkoutActivityTypeWalking" duration="{minutes}" '
                        f'durationUnit="min" {WATCH} creationDate="{stamp(t + 5)}" startDate="{stamp(t - minutes * 60)}" '
                        f'endDate="{stamp(t)}">\n  <MetadataEntry key="HKIndoorWorkout" value="0"/>\n'
                        f'  <WorkoutStatistics type="HKQuantityTypeIdentifierActiveEnergyBurned" startDate="{stamp(t - minutes * 60)}" '
                        f'endDate="{stamp(t)}" sum="{minutes * 4}" unit="Cal"/>\n </Workout>\n')
            counts[kind] = counts.get(kind, 0) + 1
            chunk.append(text)
            written += len(text.encode())
            if len(chunk) >= 5000:
                out.write("".join(chunk))
                chunk = []
        out.write("".join(chunk))
        out.write("</HealthData>\n")
    print(" ".join(f"{k}={v}" for k, v in sorted(counts.items())))


if __name__ == "__main__":
    main()

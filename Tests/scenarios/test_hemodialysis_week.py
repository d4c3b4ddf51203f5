"""A hemodialysis patient's week, typed as a new user would (issue 17's acceptance scenario).

Profile, labs (potassium 5.8 and then 7.0 mmol/L), meals named in everyday words, fluids, weights and blood pressure
before and after each session, a mistyped weight and its correction, a goal, the report card and the PDF. Every
command runs the built `kidneyhub` on a fresh store; every line of text it prints must fit 100 columns.

The week is the last seven days before today (the hub's clock is the real one): three sessions, two days apart, the
dialysis schedule named after their weekdays.
"""

import datetime as dt
import json
import re
import subprocess
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

ROOT = Path(__file__).resolve().parents[2]
HUB = ROOT / ".build" / "debug" / "kidneyhub"
ZONE = ZoneInfo("Europe/Berlin")
DRY_WEIGHT = 70.0


class Patient:
    """The command line on one store, checking every text line's width."""

    def __init__(self, store):
        self.store = store

    def run(self, *arguments, ok=True):
        result = subprocess.run(
            [str(HUB), *arguments, "--store", str(self.store)],
            cwd=ROOT, capture_output=True, text=True, timeout=300, env={"COLUMNS": "100", "PATH": "/usr/bin:/bin"},
        )
        if ok:
            assert result.returncode == 0, f"kidneyhub {' '.join(arguments)}:\n{result.stderr}{result.stdout}"
        if "--json" not in arguments:
            for line in (result.stdout + result.stderr).splitlines():
                assert len(line) <= 100, f"kidneyhub {' '.join(arguments)} printed {len(line)} columns:\n{line}"
        return result

    def json(self, *arguments):
        return json.loads(self.run(*arguments, "--json").stdout)


def at(day, hour, minute=0):
    return f"{day.isoformat()}T{hour:02d}:{minute:02d}"


@pytest.fixture(scope="module")
def week(tmp_path_factory):
    if not HUB.exists():
        pytest.skip("the hub is not built: run ./scripts/test.sh, which builds it first")
    patient = Patient(tmp_path_factory.mktemp("week") / "ana.sqlite")
    today = dt.datetime.now(ZONE).date()
    sessions = [today - dt.timedelta(days=6), today - dt.timedelta(days=4), today - dt.timedelta(days=2)]
    schedule = ",".join(day.strftime("%a").lower() for day in sessions) + " 07:00-11:00"
    patient.run("terms", "accept")
    patient.run(
        "profile", "set", "--name", "Ana", "--birth-date", "1961-04-12", "--sex", "female", "--height", "165",
        "--category", "hemodialysis", "--schedule", schedule, "--dry-weight", str(DRY_WEIGHT),
        "--time-zone", "Europe/Berlin",
    )
    return patient, today, sessions


def test_the_week(week):
    patient, today, sessions = week
    first, second, third = sessions

    # Labs: creatinine of a dialysis patient, then potassium 5.8 (high, not critical) and 7.0 (critical).
    patient.run("labs", "add", "creatinine", "7.5", "mg/dL", "--date", first.isoformat())
    high = patient.run("labs", "add", "potassium", "5.8", "mmol/L", "--date", first.isoformat())
    assert "ALERT" not in high.stdout
    critical = patient.run("labs", "add", "potassium", "7.0", "mmol/L", "--date", (today - dt.timedelta(days=1)).isoformat())
    assert "ALERT: Potassium 7.0 mmol/L" in critical.stdout, critical.stdout
    assert "6.5 mmol/L" in critical.stdout and "UK Kidney Association" in critical.stdout

    # The stage of a patient on dialysis is G5D, whatever the eGFR says, in every output.
    labs = patient.run("labs", "list")
    assert "G5D" in labs.stdout and not re.search(r"\bG(3a|3b|4|5)\b(?!D)", labs.stdout), labs.stdout

    # Meals in everyday words resolve to the food as usually eaten, never a dried or powdered form.
    resolved = {}
    for word, day in [("milk", first), ("banana", first), ("rice", second), ("apple", second), ("bread", third)]:
        logged = patient.run("log", "food", word, "--meal", "lunch", "--at", at(day, 12))
        resolved[word] = logged.stdout
    assert "Milk, whole" in resolved["milk"] and "dried" not in resolved["milk"]
    assert "Bananas, raw" in resolved["banana"]
    assert "Rice, white" in resolved["rice"] and "cooked" in resolved["rice"]
    assert "Apples, raw" in resolved["apple"]
    for text in resolved.values():
        assert not re.search(r"dried|powder|flour|dehydrated", text, re.I), text
    # A word with no clear best food asks instead of picking (not interactive here: it fails and lists them).
    asked = patient.run("log", "food", "chicken", "--meal", "dinner", "--at", at(first, 18), ok=False)
    assert asked.returncode != 0 and "matches several foods" in asked.stderr
    patient.run("log", "fluid", "250", "mL", "--what", "water", "--at", at(first, 9))

    # Weights and blood pressure around each session; the third session's pre weight is mistyped (37.5 for 73.5).
    for day, pre, post in [(first, 72.1, 70.2), (second, 72.6, 70.3), (third, 37.5, 70.4)]:
        patient.run("weight", "add", str(pre), "kg", "--phase", "pre", "--at", at(day, 6, 40))
        patient.run("weight", "add", str(post), "kg", "--phase", "post", "--at", at(day, 11, 20))
    # Two readings before the second session and two after it (one day, so one goal period holds them all).
    for minute, pre, post in [(40, "160/92", "118/70"), (50, "152/88", "120/72")]:
        patient.run("bp", "add", pre, "--phase", "pre", "--at", at(second, 6, minute))
        patient.run("bp", "add", post, "--phase", "post", "--at", at(second, 11, minute))
    # A typo in a blood pressure is refused, naming the field, and nothing is stored.
    typo = patient.run("bp", "add", "300/200", "--at", at(third, 6, 45), ok=False)
    assert typo.returncode != 0 and "systolic" in typo.stderr, typo.stderr
    readings = patient.run("bp", "list", "--days", "14").stdout.splitlines()[1:]
    assert len(readings) == 4, readings
    assert sorted(line.split()[4] for line in readings) == ["post", "post", "pre", "pre"], readings

    # The mistyped weight is corrected by its id; the gain follows the corrected value.
    weights = patient.json("weight", "list")["weights"]
    mistyped = next(w for w in weights if abs(w["kilograms"] - 37.5) < 1e-6)
    corrected = patient.run("weight", "edit", str(mistyped["id"]), "73.5", "kg")
    assert "73.5" in corrected.stdout
    listing = patient.run("weight", "list").stdout
    assert "37.5" not in listing
    # 73.5 − 70.3 = 3.2 kg = 4.6 % of the 70 kg dry weight: at or over the 4 % line.
    assert "3.2 kg" in listing and "4.6 %" in listing, listing

    # The blood-pressure goal of a hemodialysis patient judges pre-dialysis readings only: (160+152)/2, (92+88)/2.
    patient.run("goals", "add", "--template", "bp-dialysis")
    end_of_second = dt.datetime.combine(second, dt.time(23, 0), ZONE).isoformat()
    goals = patient.run("goals", "list", "--now", end_of_second).stdout
    assert "pre-dialysis mean 156/90" in goals, goals

    # The report card's foods to try fit every restricted nutrient per serving.
    card = patient.run("reportcard").stdout
    assert not re.search(r"pickle|olive", card, re.I), card

    # The PDF of the week: blood pressure split by phase, the gain against the 4 % line, the stage.
    pdf = patient.store.parent / "week.pdf"
    patient.run("report", "pdf", "--out", str(pdf))
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    for expected in ["Pre-dialysis blood pressure", "Post-dialysis blood pressure", "4 % of dry weight",
                     "Pre-dialysis: 2 readings, mean 156/90 mmHg", "G5D"]:
        assert expected in text, f"{expected!r} not in the PDF"
    assert "mm[Hg]" not in text

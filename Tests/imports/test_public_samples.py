"""Imports of export files nobody here wrote, through the built hub and adapters (issue 23).

The samples and their licences are listed in `Tests/Fixtures/*/SOURCE.md`. Each import is run twice into a fresh
store: the first stores the expected readings per kind, the second stores nothing again.
"""

import json
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
HUB = ROOT / ".build" / "debug" / "kidneyhub"


def import_json(path, store):
    result = subprocess.run(
        [str(HUB), "import", str(path), "--store", str(store), "--json"],
        cwd=ROOT, capture_output=True, text=True, timeout=300,
    )
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)[0]["report"]


@pytest.fixture
def store(tmp_path):
    if not HUB.exists():
        pytest.skip("the hub is not built: run ./scripts/test.sh, which builds it first")
    path = tmp_path / "store.sqlite"
    accepted = subprocess.run([str(HUB), "terms", "accept", "--store", str(path)], capture_output=True, text=True)
    assert accepted.returncode == 0, accepted.stderr
    return path


def test_a_fitbit_account_archive_from_fitbit_to_sqlite_imports_once(store):
    sample = ROOT / "Tests/Fixtures/fitbit/MyFitbitData"
    first = import_json(sample, store)
    assert first["adapterId"] == "fitbit-export"
    # Five distance minutes, one of them 0 (a minute without movement carries nothing and is not a reading), and two
    # daily resting heart rates.
    assert first["kinds"]["distance"] == {"imported": 4, "duplicates": 0, "rejected": 0}
    assert first["kinds"]["resting_heart_rate"] == {"imported": 2, "duplicates": 0, "rejected": 0}
    assert any("account archive layout" in note for note in first["notes"]), first["notes"]
    second = import_json(sample, store)
    assert {kind: counts["imported"] for kind, counts in second["kinds"].items()} == {
        "distance": 0, "resting_heart_rate": 0,
    }
    assert second["kinds"]["distance"]["duplicates"] == 4


def test_an_apple_health_export_from_healthkit_to_sqlite_imports_once(store):
    sample = ROOT / "Tests/Fixtures/apple-health/healthkit-to-sqlite-export.xml"
    first = import_json(sample, store)
    assert first["adapterId"] == "apple-health"
    imported = {kind: counts["imported"] for kind, counts in first["kinds"].items()}
    # The trimmed export holds an Apple Watch heart rate, a running workout, a body mass index and two activity
    # summaries; the last two are not kinds the hub keeps, and the report counts them by type.
    assert imported == {"heart_rate": 1, "workout": 1}
    assert "skipped: 1 HKQuantityTypeIdentifierBodyMassIndex (not a kind the hub keeps)" in first["notes"]
    assert "skipped: 2 ActivitySummary (not a kind the hub keeps)" in first["notes"]
    second = import_json(sample, store)
    assert all(counts["imported"] == 0 for counts in second["kinds"].values()), second["kinds"]
    assert sum(counts["duplicates"] for counts in second["kinds"].values()) == sum(imported.values())

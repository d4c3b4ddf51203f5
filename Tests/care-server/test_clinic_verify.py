"""The reference server's own checks pass against kidneyhub-server: scripts/clinic.sh starts a throwaway clinic
(its cluster in a temporary data folder) seeded through the API, and the copied verify.sh runs unchanged against it.
"""

import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CLINIC = ROOT / "scripts" / "clinic.sh"
VERIFY = Path(__file__).resolve().parent / "anchor" / "verify.sh"


def test_the_reference_verify_script_passes_against_kidneyhub_server(clinic):
    env, state, started = clinic
    assert "/sign_in/" in started, started
    values = dict(line.split("=", 1) for line in state.read_text().splitlines() if "=" in line)
    for name in ["BASE_URL", "CLINICIAN_TOKEN", "PATIENT_PASSWORD", "PATIENT1_ID", "PATIENT1_USERNAME",
                 "PATIENT1_TOKEN", "PATIENT2_ID", "PATIENT2_USERNAME", "PATIENT2_TOKEN", "PATIENT3_USERNAME"]:
        assert values.get(name), f"{name} missing from {state}"
    verify = subprocess.run(["bash", str(VERIFY)], env=dict(env, STATE_FILE=str(state)),
                            capture_output=True, text=True, timeout=600)
    assert verify.returncode == 0, verify.stdout + verify.stderr
    assert "verify.sh: all checks passed" in verify.stdout
    assert "FAIL" not in verify.stdout
    assert "seeded patient 1 has 20 lists" in verify.stdout


def test_stop_leaves_nothing_running(clinic):
    env, state, _ = clinic
    run = Path(env["XDG_DATA_HOME"]) / "kidneyhub" / "clinic" / "run.env"
    pids = dict(line.split("=", 1) for line in run.read_text().splitlines() if "=" in line)
    subprocess.run(["bash", str(CLINIC), "stop"], env=env, check=True, capture_output=True, timeout=120)
    for name in ["SERVER_PID", "PG_PID"]:
        assert not Path(f"/proc/{pids[name]}").exists(), f"{name} {pids[name]} still runs after stop"

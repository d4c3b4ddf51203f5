"""scripts/run-with-limit.py, the time limit around each test phase: a run within its limit keeps its own exit status
and output; a run past it ends with 124, names the tests that had started and not ended, and leaves no process of
the command behind, even one that moved to a process group of its own (as `swift test` runs the test binary)."""

import os
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "run-with-limit.py"


def run(minutes: str, program: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, str(SCRIPT), minutes, sys.executable, "-c", textwrap.dedent(program)],
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_a_run_within_its_limit_keeps_its_output_and_exit_status():
    answer = run(
        "5",
        """
        print("◇ Test quick() started.")
        print("✘ Test quick() failed after 0.1 seconds with 1 issue.")
        raise SystemExit(3)
        """,
    )
    assert answer.returncode == 3
    assert "✘ Test quick() failed after" in answer.stdout
    assert "run-with-limit" not in answer.stdout


def test_a_hanging_run_is_ended_names_its_unfinished_tests_and_leaves_no_process(tmp_path):
    pid_file = tmp_path / "grandchild.pid"
    answer = run(
        "0.03",
        f"""
        import os, subprocess, sys, time
        # A grandchild in a process group of its own, as swift test starts the test binary.
        grandchild = subprocess.Popen(
            [sys.executable, "-c", "import time\\nwhile True: time.sleep(1)"], process_group=0
        )
        open({str(pid_file)!r}, "w").write(str(grandchild.pid))
        print("◇ Test finished() started.")
        print("✔ Test finished() passed after 0.001 seconds.")
        print("◇ Test hangs(_:) started.")
        print("◇ Test case passing 1 argument x → 1 to hangs(_:) started.")
        print("◇ Test \\"a test with a display name\\" started.", flush=True)
        while True:
            time.sleep(1)
        """,
    )
    assert answer.returncode == 124
    assert "ran past 0.03 minutes and was ended" in answer.stdout
    unfinished = answer.stdout.split("Tests that had started and not ended:")[1].split()
    assert unfinished[0] == "hangs(_:)"
    assert '"a test with a display name"' in answer.stdout.split("not ended:")[1]
    assert "finished()" not in unfinished
    grandchild = int(pid_file.read_text())
    assert not os.path.exists(f"/proc/{grandchild}") or "Z" in Path(f"/proc/{grandchild}/stat").read_text().split()[2]

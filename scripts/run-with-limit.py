#!/usr/bin/env python3
"""Runs a test command with a time limit, passing its output through.

Past the limit it ends the command and every process the command started (a test's server, daemon or adapter),
names the Swift tests that had started without ending, and exits 124. CI gives the whole run 90 minutes: a test
that hangs must fail the run within minutes and say which it is, not use up the 90 minutes and say nothing (a
spinning actor in the care-team server's audit log did that once). Hand-written because `timeout` signals only its
own process group, and `swift test` runs the test binary in another one, which went on spinning after it.

usage: run-with-limit.py MINUTES COMMAND [ARGUMENT ...]
"""

import os
import re
import signal
import subprocess
import sys
import threading

# Swift Testing's progress lines: "◇ Test name() started." and "✔ Test name() passed after 1.2 seconds." (or
# "✘ ... failed after", "... with 3 test cases passed after").
STARTED = re.compile(r"^◇ Test (?!case )(.+?) started\.$")
ENDED = re.compile(r"^[✔✘] Test (.+?)(?: with \d+ test cases?)? (?:passed|failed) after ")


def processes_in_session(session: int) -> list[int]:
    """Every process of the session the command leads (its children, and theirs, in whatever group)."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", encoding="utf-8", errors="replace") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        # After the command's name: state, parent, group, session.
        if int(fields[3]) == session:
            found.append(int(entry))
    return found


def end_session(session: int, child: subprocess.Popen) -> None:
    """SIGTERM to the whole session, SIGKILL to what is left 30 s later."""
    for signal_number in (signal.SIGTERM, signal.SIGKILL):
        for pid in processes_in_session(session):
            try:
                os.kill(pid, signal_number)
            except ProcessLookupError:
                pass
        try:
            child.wait(timeout=30)
        except subprocess.TimeoutExpired:
            continue
        if not processes_in_session(session):
            return


def main() -> int:
    if len(sys.argv) < 3:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    minutes = float(sys.argv[1])
    child = subprocess.Popen(sys.argv[2:], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True)
    running: dict[str, None] = {}  # started and not yet ended, in start order
    timed_out = threading.Event()

    def on_limit() -> None:
        timed_out.set()
        end_session(child.pid, child)

    timer = threading.Timer(minutes * 60, on_limit)
    timer.daemon = True
    timer.start()
    assert child.stdout is not None
    for raw in child.stdout:
        sys.stdout.buffer.write(raw)
        sys.stdout.buffer.flush()
        line = raw.decode("utf-8", errors="replace").rstrip("\n")
        if match := STARTED.match(line):
            running[match.group(1)] = None
        elif match := ENDED.match(line):
            running.pop(match.group(1), None)
    status = child.wait()
    timer.cancel()
    if timed_out.is_set():
        print(f"\nrun-with-limit: {' '.join(sys.argv[2:])} ran past {minutes:g} minutes and was ended.", flush=True)
        if running:
            print("Tests that had started and not ended:", flush=True)
            for name in running:
                print(f"  {name}", flush=True)
        return 124
    return status


if __name__ == "__main__":
    sys.exit(main())

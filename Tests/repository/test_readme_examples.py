"""Every command block of the README runs, in order, on a fresh store (issue 17, item 10).

The blocks are run as they are written, by bash, one after another in one shell (later blocks use the `$K` and `$S`
the tour defines), against the hub and adapters the test command has just built. What the test changes, and why:
- `/tmp/` becomes a fresh temporary folder, and HOME and XDG_DATA_HOME point into it: the examples' stores and the
  default store start empty and leave nothing behind;
- `kidneyhub` at the start of a command is the built executable (what an installed `kidneyhub` is);
- `swift build` is skipped: the test command built everything already;
- the mail program the reports example hands the PDF to (`mutt`) is a stand-in that records its arguments and the
  file, since no mail may leave a test;
- the Bluetooth examples talk to the mocked `org.bluez` the BLE tests use (`Tests/ble-sim/bluez_health.py`, a
  python-dbusmock template) on a private `dbus-daemon`, holding the devices the README names, since a test has no
  radio.
Blocks that are not run, each with its reason, are listed in NOT_RUN; a block not listed there runs.
"""

import json
import os
import re
import subprocess
import time
from contextlib import contextmanager
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BUILD = ROOT / ".build" / "debug"

# The first line of each block that is not run, and why.
NOT_RUN = {
    "./scripts/demo.sh": "the main job itself: it runs the hub until Ctrl-C",
    "./scripts/test.sh": "the test command itself, which runs this test",
    "sudo install -m 0644 Plugins/usb-glucometer/udev/69-kidneyhub-glucometers.rules /etc/udev/rules.d/":
        "installs udev rules into the system: the USB tests exercise the meters through simulated devices instead",
}


def readme_blocks():
    """The README's fenced blocks as (line number, text), in order."""
    blocks, current, start = [], None, 0
    for number, line in enumerate((ROOT / "README.md").read_text().splitlines(), start=1):
        if line.startswith("```"):
            if current is None:
                current, start = [], number + 1
            else:
                blocks.append((start, "\n".join(current)))
                current = None
        elif current is not None:
            current.append(line)
    return blocks


def first_command(text):
    """The first line of a block that is not blank or a comment."""
    return next((line.strip() for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#")), "")


def is_command_block(text):
    """A block of shell commands, as opposed to a table or a diagram: its first line starts with a command we run."""
    command = first_command(text)
    return bool(re.match(r"^(\$K|K=|S=|kidneyhub|swift|sudo|\./scripts/|KIDNEYHUB_|\$\w)", command))


def test_the_readme_has_command_blocks_and_every_exclusion_still_exists():
    blocks = [text for _, text in readme_blocks() if is_command_block(text)]
    assert len(blocks) >= 8, "the README's examples were not found"
    firsts = {first_command(text) for text in blocks}
    stale = [line for line in NOT_RUN if line not in firsts]
    assert not stale, f"NOT_RUN names blocks the README no longer has: {stale}"


# The devices the README's Bluetooth examples name: an A&D-style scale holding one weight (80.2 kg on
# 2026-11-24 07:12, Weight Measurement 0x2A9D: flags 0x02 = kg with a time stamp, 16040 × 0.005 kg), a glucose
# meter that shows a passkey, and a scale shared by several users (pairing registers one).
README_DEVICES = [
    {"kind": "standard-scale", "address": "00:09:1F:AA:BB:01", "name": "UC-352BLE",
     "records": ["02A83EEA070B18070C00"]},
    {"kind": "glucose-meter", "address": "00:60:19:3A:0B:02", "name": "Contour Next One", "passkey": 246810},
    {"kind": "uds-scale", "address": "00:09:1F:5C:A1:E0", "name": "BF 720"},
]
DEBIAN_PYTHON = "/usr/bin/python3"  # has python3-dbus and python3-dbusmock; a pyenv python3 has not


@contextmanager
def mocked_bluetooth(folder):
    """A private system-like bus with the mocked org.bluez and the README's devices; yields the bus address."""
    folder.mkdir()
    address = f"unix:path={folder}/system_bus_socket"
    (folder / "bus.conf").write_text(f"""<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-BUS Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig><type>system</type><listen>{address}</listen><auth>EXTERNAL</auth>
<policy context="default"><allow user="*"/><allow own="*"/><allow send_destination="*"/>
<allow receive_sender="*"/></policy></busconfig>""")
    environment = dict(os.environ, DBUS_SYSTEM_BUS_ADDRESS=address)
    daemon = subprocess.Popen(["dbus-daemon", f"--config-file={folder}/bus.conf", "--nofork", "--nopidfile"])
    mock = None
    try:
        deadline = time.monotonic() + 20
        while not (folder / "system_bus_socket").exists():
            assert time.monotonic() < deadline, "the private dbus-daemon did not start within 20 s"
            assert daemon.poll() is None, "the private dbus-daemon exited"
            time.sleep(0.05)
        mock = subprocess.Popen(
            [DEBIAN_PYTHON, "-m", "dbusmock", "--system", "-t", str(ROOT / "Tests/ble-sim/bluez_health.py")],
            env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        subprocess.run([DEBIAN_PYTHON, str(ROOT / "Tests/ble-sim/add_devices.py"), json.dumps(README_DEVICES)],
                       env=environment, check=True, timeout=60)
        yield address
    finally:
        for process in (mock, daemon):
            if process is not None:
                process.kill()
                process.wait()


def script_for(blocks, scratch):
    """One bash script running every block in order, each announced so that a failure names its README line."""
    parts = [
        "set -euo pipefail",
        # A failing command names itself and its README block before the shell stops.
        "trap 'echo \"README example failed (exit $?): $BASH_COMMAND\" >&2' ERR",
        f'kidneyhub() {{ "{BUILD}/kidneyhub" "$@"; }}',
        "swift() { if [ \"$1\" = build ]; then return 0; fi; command swift \"$@\"; }",
    ]
    for line, text in blocks:
        text = text.replace("/tmp/", f"{scratch}/")
        parts.append(f"echo '>>> README block at line {line}' >&2")
        parts.append(text)
    return "\n".join(parts) + "\n"


def test_every_readme_command_block_runs_on_a_fresh_store(tmp_path):
    if not (BUILD / "kidneyhub").exists():
        pytest.skip("the hub is not built: run ./scripts/test.sh, which builds it first")
    blocks = [(line, text) for line, text in readme_blocks()
              if is_command_block(text) and first_command(text) not in NOT_RUN]
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    home = tmp_path / "home"
    home.mkdir()
    stand_ins = tmp_path / "bin"
    stand_ins.mkdir()
    sent = tmp_path / "sent"
    # The mail program of the reports example: records its arguments and the attached file.
    mutt = stand_ins / "mutt"
    mutt.write_text(f"#!/bin/sh\nprintf '%s\\n' \"$@\" > '{sent}.args'\ncat > /dev/null\n")
    mutt.chmod(0o755)
    environment = {
        key: value for key, value in os.environ.items()
        if not key.startswith("KIDNEYHUB_") and key not in {"DBUS_SESSION_BUS_ADDRESS", "DBUS_SYSTEM_BUS_ADDRESS"}
    }
    environment.update(
        HOME=str(home),
        XDG_DATA_HOME=str(home / ".local" / "share"),
        PATH=f"{stand_ins}:{environment.get('PATH', '/usr/bin:/bin')}",
        COLUMNS="100",
    )
    script = tmp_path / "readme.sh"
    script.write_text(script_for(blocks, scratch))
    with mocked_bluetooth(tmp_path / "bluetooth") as bus:
        environment["DBUS_SYSTEM_BUS_ADDRESS"] = bus
        result = subprocess.run(
            ["bash", str(script)], cwd=ROOT, env=environment, capture_output=True, text=True, timeout=900,
        )
    assert result.returncode == 0, (
        f"a README example failed (exit {result.returncode}):\n"
        f"--- stderr (last 60 lines) ---\n" + "\n".join(result.stderr.splitlines()[-60:])
        + "\n--- stdout (last 40 lines) ---\n" + "\n".join(result.stdout.splitlines()[-40:])
    )
    assert "care@clinic.example" in Path(f"{sent}.args").read_text(), "the PDF was not handed to the mail command"

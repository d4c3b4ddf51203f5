"""The clinic fixture: scripts/clinic.sh starts a throwaway clinic (its cluster in a temporary data folder) seeded
through the API with 3 patients, and stops it afterwards."""

import os
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CLINIC = ROOT / "scripts" / "clinic.sh"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture()
def clinic():
    # Under /tmp and traversable, so that the cluster's `postgres` user (when the tests run as root) reaches it.
    folder = Path(tempfile.mkdtemp(prefix="kidneyhub-clinic-", dir="/tmp"))
    folder.chmod(0o755)
    state = folder / "state.env"
    env = dict(os.environ, XDG_DATA_HOME=str(folder / "data"), KIDNEYHUB_CLINIC_SEED="3",
               KIDNEYHUB_CLINIC_STATE=str(state), KIDNEYHUB_CLINIC_PORT=str(free_port()))
    (folder / "data").mkdir()
    (folder / "data").chmod(0o755)
    started = subprocess.run(["bash", str(CLINIC), "start"], env=env, capture_output=True, text=True, timeout=1800)
    try:
        assert started.returncode == 0, started.stdout + started.stderr
        yield env, state, started.stdout
    finally:
        stopped = subprocess.run(["bash", str(CLINIC), "stop"], env=env, capture_output=True, text=True, timeout=120)
        shutil.rmtree(folder, ignore_errors=True)
        assert stopped.returncode == 0, stopped.stdout + stopped.stderr


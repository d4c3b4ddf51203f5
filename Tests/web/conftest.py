"""The browser tests' fixtures: the built `kidneyhub serve` on a fresh temporary store and a free port, and a headless
Chromium (Debian's chromium and chromium-driver) driven by selenium."""

import json
import os
import re
import shutil
import socket
import subprocess
import tempfile
import threading
import queue
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BINARY = ROOT / ".build" / "debug" / "kidneyhub"
SCREENSHOTS = Path(__file__).resolve().parent / "screenshots"


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Hub:
    """A running `kidneyhub serve`: its base address and the one-time sign-in link it printed."""

    def __init__(self, folder, extra_arguments=()):
        self.folder = folder
        self.store = os.path.join(folder, "hub.sqlite")
        self.port = free_port()
        # A mail program that records what it was handed (folder/mailed.txt), for the reports page's "send".
        mail = json.dumps([str(Path(__file__).resolve().parent / "record-mail.sh"), "{file}", "{address}"])
        env = dict(os.environ, XDG_DATA_HOME=folder, KIDNEYHUB_MAIL_COMMAND=mail)
        self.process = subprocess.Popen(
            [str(BINARY), "serve", "--store", self.store, "--create-folder", "--hotplug", "off",
             "--http", f"127.0.0.1:{self.port}", *extra_arguments],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
        lines = queue.Queue()
        threading.Thread(target=lambda: [lines.put(line) for line in self.process.stdout], daemon=True).start()
        self.output = []
        self.sign_in = None
        while self.sign_in is None:
            try:
                line = lines.get(timeout=120)
            except queue.Empty:
                raise AssertionError("serve printed no sign-in link:\n" + "".join(self.output))
            self.output.append(line)
            found = re.search(r"(http://\S+/signin/link\?token=\w+)", line)
            if found:
                self.sign_in = found.group(1)
        self.base = f"http://127.0.0.1:{self.port}"

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()


@pytest.fixture
def hub():
    if not BINARY.exists():
        pytest.fail(f"{BINARY} is missing: run `swift build` first")
    folder = tempfile.mkdtemp(prefix="kidneyhub-web-")
    running = Hub(folder)
    yield running
    running.stop()
    shutil.rmtree(folder, ignore_errors=True)


def serve_with_simulator(fault, extra=()):
    """`kidneyhub serve` on a fresh store with the device simulator playing the shipped dialysis day under `fault`
    (the simulator's `--fault` argument, given the store's folder); yields the hub, then stops it and removes the
    folder."""
    if not BINARY.exists():
        pytest.fail(f"{BINARY} is missing: run `swift build` first")
    folder = tempfile.mkdtemp(prefix="kidneyhub-web-")
    adapters = Path(folder) / "adapters" / "simulator"
    adapters.mkdir(parents=True)
    manifest = {
        "id": "simulator", "name": "Device simulator", "version": "0.1.0",
        "executable": str(BINARY.parent / "kidneyhub-simulator"),
        "arguments": ["--scenario", str(ROOT / "Plugins" / "simulator" / "scenarios" / "dialysis-day.json"),
                      "--fault", fault(folder)],
        "protocolVersions": ["1.0"],
        "kinds": ["body_weight", "blood_pressure", "heart_rate", "blood_glucose"],
    }
    (adapters / "adapter.json").write_text(json.dumps(manifest))
    running = Hub(folder, ["--adapters-dir", str(adapters.parent), *extra])
    running.folder = folder
    yield running
    running.stop()
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def simulated_hub():
    """The simulator's scale, cuff (passkey 123456) and glucometer, each sync slowed so its progress can be seen."""
    yield from serve_with_simulator(lambda _: "slow-sync:1500")


@pytest.fixture
def crashing_adapter_hub():
    """The simulator made to crash on its first 5 starts (counted in a file): the hub's breaker marks it failed, and
    after a retry its sixth start works."""
    yield from serve_with_simulator(
        lambda folder: f"crash-on-start:times=5,counterFile={folder}/starts", ["--restart-backoff", "0.05"]
    )


@pytest.fixture
def browser():
    from pages import chromium

    driver = chromium()
    yield driver
    driver.quit()

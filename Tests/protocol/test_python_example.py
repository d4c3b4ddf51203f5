"""Drives Plugins/python-example/adapter.py as a subprocess, playing the hub.

Every line the adapter writes to stdout is checked against Protocols/schemas (responses against the
result schema of the request they answer), and the batch window is watched throughout.
"""

import json
import os
import queue
import subprocess
import sys
import threading
import time

import pytest

from protocol_schemas import ADAPTER, HUB, ROOT, Checker, Schemas

ADAPTER_DIR = ROOT / "Plugins" / "python-example"
EXECUTABLE = ADAPTER_DIR / "adapter.py"
MANIFEST = json.loads((ADAPTER_DIR / "adapter.json").read_text())
SCHEMAS = Schemas()
DEVICE = "py-scale-1"
MEMORY = 20  # readings in the pretend device's memory


class Session:
    """One adapter process and the hub's side of the conversation."""

    def __init__(self):
        env = {**os.environ, "KIDNEYHUB_PROTOCOL_VERSIONS": "1.0", "PYTHONUNBUFFERED": "1"}
        self.proc = subprocess.Popen([str(EXECUTABLE)], cwd=ADAPTER_DIR, env=env, start_new_session=True,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.checker = Checker(SCHEMAS)
        self.lock = threading.Lock()
        self.inbox = queue.Queue()
        self.peeked = []
        self.problems = []
        self.stderr = []
        self.next_id = 0
        self.window, self.batch_limit = 4, 500
        self.unacked, self.max_unacked = set(), 0
        threading.Thread(target=self._read_stdout, daemon=True).start()
        threading.Thread(target=self._read_stderr, daemon=True).start()

    # -- plumbing ---------------------------------------------------------------------------

    def _read_stdout(self):
        for raw in self.proc.stdout:
            try:
                message = json.loads(raw)
            except ValueError:
                self.problems.append(f"stdout line is not JSON: {raw[:200]!r}")
                continue
            with self.lock:
                _, method, problems = self.checker.check(ADAPTER, message)
                self.problems += [f"adapter sent {raw[:200]!r}: {p}" for p in problems]
                if method == "measurements/submit" and "id" in message:
                    self.unacked.add(message["id"])
                    self.max_unacked = max(self.max_unacked, len(self.unacked))
                    if len(message["params"]["records"]) > self.batch_limit:
                        self.problems.append("batch larger than maxBatchRecords")
            self.inbox.put(message)
        self.inbox.put(None)  # EOF

    def _read_stderr(self):
        for raw in self.proc.stderr:
            self.stderr.append(raw.decode(errors="replace").rstrip())

    def send_raw(self, data):
        self.proc.stdin.write(data)
        self.proc.stdin.flush()

    def send(self, message, end=b"\n"):
        with self.lock:
            _, _, problems = self.checker.check(HUB, message)
            assert problems == [], f"the test itself sent a bad message: {problems}"
            if "method" not in message:
                self.unacked.discard(message["id"])
        self.send_raw(json.dumps(message, separators=(",", ":")).encode() + end)

    def request(self, method, params=None):
        self.next_id += 1
        # The hub's ids are strings "h-1", "h-2", ... (adapter-protocol.md §2); the adapter must echo them as sent.
        request_id = f"h-{self.next_id}"
        message = {"jsonrpc": "2.0", "id": request_id, "method": method}
        if params is not None:
            message["params"] = params
        self.send(message)
        return request_id

    def notify(self, method, params=None):
        self.send({"jsonrpc": "2.0", "method": method, **({"params": params} if params is not None else {})})

    def ack(self, submit, duplicates=0):
        batch = submit["params"]
        self.send({"jsonrpc": "2.0", "id": submit["id"], "result": {
            "batchId": batch["batchId"], "stored": len(batch["records"]) - duplicates, "duplicates": duplicates}})

    def refuse(self, request_id, code, message, retryable, **data):
        self.send({"jsonrpc": "2.0", "id": request_id,
                   "error": {"code": code, "message": message, "data": {"retryable": retryable, **data}}})

    def poll(self, timeout):
        """The next message from the adapter, or None when it sends nothing for `timeout` s."""
        if self.peeked:
            return self.peeked.pop()
        try:
            message = self.inbox.get(timeout=timeout)
        except queue.Empty:
            return None
        assert message is not None, f"adapter closed stdout; stderr: {self.stderr[-5:]}"
        return message

    def next(self, timeout=5.0):
        message = self.poll(timeout)
        assert message is not None, f"no message from the adapter within {timeout} s; stderr: {self.stderr[-5:]}"
        return message

    def silent_for(self, seconds):
        """True when the adapter sends nothing for `seconds` (a message that does come is kept)."""
        message = self.poll(seconds)
        if message is not None:
            self.peeked.append(message)
        return message is None

    def response(self, request_id, timeout=5.0):
        """Wait for the answer to `request_id`; nothing else may arrive in between."""
        message = self.next(timeout)
        assert message.get("id") == request_id and "method" not in message, f"expected answer to {request_id}: {message}"
        return message

    def call(self, method, params=None, timeout=5.0):
        return self.response(self.request(method, params), timeout)

    def initialize(self, batch=3, window=2, **extra):
        self.batch_limit, self.window = batch, window
        answer = self.call("initialize", {
            "protocolVersions": ["1.0"], "hubInfo": {"name": "pytest", "version": "0"}, "hubPid": os.getpid(),
            "adapterConfig": {}, "logLevel": "info",
            "ingest": {"maxBatchRecords": batch, "maxUnacknowledgedBatches": window}, **extra})
        self.notify("initialized", {})
        return answer

    def close_stdin(self):
        self.proc.stdin.close()

    def exit_status(self, timeout):
        return self.proc.wait(timeout=timeout)

    def sync(self, params, on_submit=None, timeout=10.0):
        """Run devices/sync; `on_submit(session, msg)` answers each batch (default: ack at once).
        Returns (answer, [submits], [progress values], [other messages])."""
        sync_id = self.request("devices/sync", {"deviceId": DEVICE, **params})
        submits, progress, other = [], [], []
        deadline = time.monotonic() + timeout
        while True:
            message = self.next(max(0.1, deadline - time.monotonic()))
            if message.get("id") == sync_id and "method" not in message:
                return message, submits, progress, other
            if message.get("method") == "measurements/submit":
                submits.append(message)
                (on_submit or Session.ack)(self, message)
            elif message.get("method") == "$/progress":
                progress.append(message["params"]["value"])
            else:
                other.append(message)


@pytest.fixture
def hub():
    session = Session()
    yield session
    if session.proc.poll() is None:
        session.proc.kill()
    session.proc.wait(timeout=5)
    assert session.problems == [], "\n".join(session.problems)
    assert session.max_unacked <= session.window, f"{session.max_unacked} batches unacknowledged at once"


def records_of(submits):
    return [r for s in submits for r in s["params"]["records"]]


def slots(records):
    return [int(r["sourceRecordId"].split("/")[1]) for r in records]


# ---------------------------------------------------------------------------------------------
# Manifest and handshake (§3, §9)

def test_manifest_and_executable():
    assert MANIFEST["id"] == "python-example"
    assert MANIFEST["executable"] == "./adapter.py"
    assert set(MANIFEST["kinds"]) == {"body_weight", "blood_pressure", "heart_rate"}
    assert SCHEMAS.errors("adapter-manifest.schema.json", MANIFEST) == []
    assert os.access(EXECUTABLE, os.X_OK)
    assert EXECUTABLE.read_text().startswith("#!/usr/bin/env python3\n")


def test_standard_library_only():
    source = EXECUTABLE.read_text()
    imports = {line.split()[1].split(".")[0] for line in source.splitlines()
               if line.startswith(("import ", "from "))}
    assert imports <= set(sys.stdlib_module_names), imports - set(sys.stdlib_module_names)


def test_handshake(hub):
    result = hub.initialize()["result"]
    assert result["protocolVersion"] == "1.0"
    assert result["adapterInfo"]["id"] == MANIFEST["id"]
    assert result["capabilities"] == {"discover": True, "pair": True, "sync": True, "attach": False,
                                      "import": False, "cancel": True}
    assert hub.call("ping")["result"] == {}
    assert hub.call("initialize", {"protocolVersions": ["1.0"], "hubInfo": {"name": "x", "version": "0"}})["error"]["code"] == -32600


def test_newest_shared_version_is_picked(hub):
    answer = hub.call("initialize", {"protocolVersions": ["3.1", "1.0", "0.9"], "hubInfo": {"name": "x", "version": "0"}})
    assert answer["result"]["protocolVersion"] == "1.0"


def test_unsupported_version(hub):
    answer = hub.call("initialize", {"protocolVersions": ["99.0"], "hubInfo": {"name": "x", "version": "0"}})
    assert answer["error"]["code"] == -32602
    assert answer["error"]["message"] == "Unsupported protocol version"
    assert answer["error"]["data"] == {"supported": ["1.0"], "requested": ["99.0"], "retryable": False}
    assert hub.call("ping")["error"]["code"] == -32002  # still running, still not initialized
    assert hub.initialize()["result"]["protocolVersion"] == "1.0"  # §3.4: another initialize is accepted
    hub.notify("exit")
    assert hub.exit_status(2) == 1


def test_not_initialized(hub):
    hub.notify("initialized")  # ignored before initialize
    assert hub.call("ping")["error"]["code"] == -32002
    assert hub.call("devices/sync", {"deviceId": DEVICE})["error"]["code"] == -32002
    assert hub.initialize()["result"]["protocolVersion"] == "1.0"


def test_unknown_methods_and_notifications(hub):
    hub.initialize()
    answer = hub.call("devices/frobnicate", {"now": True})
    assert answer["error"]["code"] == -32601
    hub.notify("$/setTrace", {"value": "verbose"})
    hub.notify("something/else")
    hub.notify("$/cancelRequest", {"id": 999})  # unknown id: ignored
    assert hub.call("ping")["result"] == {}  # and nothing else came in between


def test_framing_errors(hub):
    hub.send_raw(b"this is not json\n")
    answer = hub.next()
    assert answer["id"] is None and answer["error"]["code"] == -32700
    hub.send_raw(b'[{"jsonrpc":"2.0","id":1,"method":"ping"}]\n')
    answer = hub.next()
    assert answer["id"] is None and answer["error"]["code"] == -32600
    hub.send({"jsonrpc": "2.0", "id": "crlf", "method": "ping"}, end=b"\r\n")  # a trailing CR is tolerated
    assert hub.next()["error"]["code"] == -32002


# ---------------------------------------------------------------------------------------------
# Devices (§4)

def test_discover_and_pair(hub):
    hub.initialize()
    started = time.monotonic()
    discover = hub.request("devices/discover", {"seconds": 0.4})
    found = hub.next()
    assert found["method"] == "devices/found" and found["params"]["device"]["deviceId"] == DEVICE
    answer = hub.response(discover)
    assert time.monotonic() - started >= 0.35, "answers when the time is up"
    assert [d["deviceId"] for d in answer["result"]["devices"]] == [DEVICE]
    assert hub.call("devices/pair", {"deviceId": "nope"})["error"]["code"] == -32000
    paired = hub.call("devices/pair", {"deviceId": DEVICE})["result"]["device"]
    assert paired["paired"] is True and paired["name"] == "Example Scale"


def test_cancel_discover(hub):
    hub.initialize()
    discover = hub.request("devices/discover", {"seconds": 30})
    assert hub.next()["method"] == "devices/found"
    hub.notify("$/cancelRequest", {"id": discover})
    assert hub.response(discover, timeout=2)["error"]["code"] == -32800


def test_sync_errors(hub):
    hub.initialize()
    assert hub.call("devices/sync", {"deviceId": "nope"})["error"]["code"] == -32000
    assert hub.call("devices/sync", {"deviceId": DEVICE, "cursor": "not-mine"})["error"]["code"] == -32602
    assert hub.call("devices/attach", {"deviceId": DEVICE})["error"]["code"] == -32601  # capability false


# ---------------------------------------------------------------------------------------------
# Sync and batches (§5)

def test_full_sync_respects_window_then_resyncs_from_cursor(hub):
    hub.initialize(batch=3, window=2)
    sync_id = hub.request("devices/sync", {"deviceId": DEVICE, "progressToken": "p-1"})
    begin = hub.next()
    assert begin["method"] == "$/progress" and begin["params"]["value"]["kind"] == "begin"
    held = [hub.next(), hub.next()]
    assert [m["method"] for m in held] == ["measurements/submit"] * 2
    assert hub.silent_for(0.4), "a third batch while two are unacknowledged"
    submits, progress = list(held), [begin["params"]["value"]]
    while True:  # keep the window busy: answer the oldest batch only when the adapter goes quiet
        message = hub.poll(0.2) if held else hub.next()
        if message is None:
            hub.ack(held.pop(0))
        elif message.get("id") == sync_id:
            break
        elif message["method"] == "measurements/submit":
            submits.append(message)
            held.append(message)
        elif message["method"] == "$/progress":
            progress.append(message["params"]["value"])
    assert message["result"] == {"submitted": MEMORY}
    records = records_of(submits)
    assert slots(records) == list(range(MEMORY))
    assert len({r["sourceRecordId"] for r in records}) == MEMORY
    assert all(len(s["params"]["records"]) <= 3 for s in submits)
    assert [s["params"]["cursor"] for s in submits] == [str(slots(s["params"]["records"])[-1]) for s in submits]
    assert {r["kind"] for r in records} == {"body_weight", "blood_pressure", "heart_rate"}
    assert [p["kind"] for p in progress][0] == "begin" and progress[-1]["kind"] == "end"
    assert progress[-1]["done"] == MEMORY and progress[-1]["percentage"] == 100
    assert len({s["params"]["batchId"] for s in submits}) == len(submits)

    # Re-sync from the last cursor: nothing new.
    answer, again, _, _ = hub.sync({"cursor": submits[-1]["params"]["cursor"]})
    assert answer["result"] == {"submitted": 0} and again == []
    # From an older cursor: only the newer records.
    answer, newer, _, _ = hub.sync({"cursor": "11"})
    assert answer["result"] == {"submitted": 8}
    assert slots(records_of(newer)) == list(range(12, MEMORY))


def test_no_own_requests_before_initialized(hub):
    hub.call("initialize", {"protocolVersions": ["1.0"], "hubInfo": {"name": "x", "version": "0"},
                            "ingest": {"maxBatchRecords": 50, "maxUnacknowledgedBatches": 1}})
    hub.window, hub.batch_limit = 1, 50
    sync_id = hub.request("devices/sync", {"deviceId": DEVICE})
    assert hub.silent_for(0.4), "submitted before `initialized`"
    hub.notify("initialized")
    submit = hub.next()
    assert submit["method"] == "measurements/submit" and len(submit["params"]["records"]) == MEMORY
    hub.ack(submit)
    assert hub.response(sync_id)["result"] == {"submitted": MEMORY}


def test_retryable_error_resends_the_same_batch(hub):
    hub.initialize(batch=5, window=1)
    refused = []

    def on_submit(session, message):
        if not refused:
            refused.append(message)
            refused.append(time.monotonic())
            session.refuse(message["id"], -32010, "Too many unacknowledged batches", True)
        else:
            session.ack(message)

    answer, submits, _, _ = hub.sync({}, on_submit)
    assert answer["result"] == {"submitted": MEMORY}
    first, second = submits[0], submits[1]
    assert second["id"] != first["id"]
    assert second["params"] == first["params"], "the same batch again"
    assert slots(records_of(submits[1:])) == list(range(MEMORY))


def test_invalid_records_are_dropped_and_the_rest_resent(hub):
    hub.initialize(batch=5, window=2)
    refused = []

    def on_submit(session, message):
        if not refused:
            refused.append(message)
            bad = message["params"]["records"][1]
            session.refuse(message["id"], -32602, "Invalid measurement records", False, errors=[
                {"index": 1, "sourceRecordId": bad["sourceRecordId"], "field": "unit", "reason": "pretend it is wrong"}])
        else:
            session.ack(message)

    answer, submits, _, other = hub.sync({}, on_submit)
    assert answer["result"] == {"submitted": MEMORY - 1}
    first = refused[0]["params"]
    resent = next(s["params"] for s in submits[1:] if s["params"]["batchId"] == first["batchId"])
    assert resent["records"] == [r for i, r in enumerate(first["records"]) if i != 1]
    assert resent["cursor"] == first["cursor"]
    assert any(m.get("method") == "log" and m["params"]["level"] == "warning" for m in other)
    assert sorted(slots(records_of(submits[1:]))) == [i for i in range(MEMORY) if i != 1]


def test_cancelled_sync_then_resume_from_cursor(hub):
    hub.initialize(batch=4, window=2)
    sync_id = hub.request("devices/sync", {"deviceId": DEVICE, "progressToken": "p"})
    assert hub.next()["params"]["value"]["kind"] == "begin"
    first, second = hub.next(), hub.next()
    hub.ack(first)
    messages = [hub.next()]  # progress report, then a third batch fills the window again
    messages.append(hub.next())
    hub.notify("$/cancelRequest", {"id": sync_id})
    while True:
        message = hub.next()
        messages.append(message)
        if message.get("id") == sync_id:
            break
    assert message["error"]["code"] == -32800
    assert hub.call("ping")["result"] == {}  # still responsive
    for late in [second] + [m for m in messages if m.get("method") == "measurements/submit"]:
        hub.ack(late)  # late answers are absorbed
    acked = [first, second] + [m for m in messages if m.get("method") == "measurements/submit"]
    last_cursor = max(int(s["params"]["cursor"]) for s in acked)
    answer, rest, _, _ = hub.sync({"cursor": str(last_cursor)})
    assert slots(records_of(rest)) == list(range(last_cursor + 1, MEMORY))
    assert answer["result"]["submitted"] == MEMORY - 1 - last_cursor


def test_second_sync_while_busy(hub):
    hub.initialize(batch=3, window=1)
    sync_id = hub.request("devices/sync", {"deviceId": DEVICE})
    held = hub.next()
    assert held["method"] == "measurements/submit"
    busy = hub.call("devices/sync", {"deviceId": DEVICE})
    assert busy["error"]["code"] == -32001 and busy["error"]["data"]["retryable"] is True
    hub.notify("$/cancelRequest", {"id": sync_id})
    assert hub.response(sync_id)["error"]["code"] == -32800
    hub.ack(held)


# ---------------------------------------------------------------------------------------------
# Shutdown and exit (§3.6, §3.7)

def test_shutdown_then_exit(hub):
    hub.initialize()
    started = time.monotonic()
    assert hub.call("shutdown")["result"] is None
    assert time.monotonic() - started < 5
    assert hub.call("ping")["error"]["code"] == -32600
    assert hub.call("devices/sync", {"deviceId": DEVICE})["error"]["code"] == -32600
    hub.notify("exit")
    assert hub.exit_status(2) == 0


def test_shutdown_during_sync(hub):
    hub.initialize(batch=3, window=2)
    sync_id = hub.request("devices/sync", {"deviceId": DEVICE})
    held = [hub.next(), hub.next()]
    shutdown_id = hub.request("shutdown")
    assert hub.response(sync_id, timeout=2)["error"]["code"] == -32800
    for message in held:
        hub.ack(message)  # the adapter waits for batches it can still deliver
    assert hub.response(shutdown_id, timeout=5)["result"] is None
    hub.notify("exit")
    assert hub.exit_status(2) == 0


def test_exit_without_shutdown(hub):
    hub.initialize()
    hub.notify("exit")
    assert hub.exit_status(2) == 1


def test_eof_after_initialize(hub):
    hub.initialize()
    hub.close_stdin()
    assert hub.exit_status(2) == 1


def test_eof_after_shutdown(hub):
    hub.initialize()
    assert hub.call("shutdown")["result"] is None
    hub.close_stdin()
    assert hub.exit_status(2) == 0


def test_eof_during_sync(hub):
    hub.initialize(batch=3, window=1)
    hub.request("devices/sync", {"deviceId": DEVICE})
    assert hub.next()["method"] == "measurements/submit"
    hub.close_stdin()
    assert hub.exit_status(2) == 1


def test_exits_when_hub_process_is_gone(hub):
    fake_hub = subprocess.Popen(["sleep", "60"])
    hub.call("initialize", {"protocolVersions": ["1.0"], "hubInfo": {"name": "x", "version": "0"}, "hubPid": fake_hub.pid})
    fake_hub.kill()
    fake_hub.wait()
    assert hub.exit_status(3) == 1


def test_logs_go_to_stderr(hub):
    hub.initialize()
    hub.call("shutdown")
    hub.close_stdin()
    hub.exit_status(2)
    time.sleep(0.1)
    assert any(line.startswith("I! ") for line in hub.stderr)

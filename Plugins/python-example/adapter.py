#!/usr/bin/env python3
"""KidneyHub example adapter: one pretend home device, Python 3.11, standard library only.

Written from Protocols/adapter-protocol.md (protocol 1.0) alone; the § numbers below point into
it. The hub starts this program, writes JSON-RPC requests to its stdin and reads answers from its
stdout, one compact JSON object per line. Try it by hand:

    echo '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersions":["1.0"],
          "hubInfo":{"name":"me","version":"0"}}}' | tr -d '\n ' | ./adapter.py

Threads: the main thread only reads stdin and dispatches. Long-running requests (discover, sync,
shutdown) run on worker threads, so the reader can answer ping and $/cancelRequest and route the
hub's acknowledgements while a sync waits for them. All writes to stdout go through one lock.
"""

import json
import os
import sys
import threading
import time
import traceback
from collections import deque

PROTOCOL_VERSIONS = ["1.0"]  # the versions this adapter speaks, newest first (§3)
ADAPTER_INFO = {"id": "python-example", "name": "Python example adapter", "version": "0.1.0"}
CAPABILITIES = {"discover": True, "pair": True, "sync": True, "attach": False, "import": False, "cancel": True}
LEVELS = ["debug", "info", "notice", "warning", "error", "critical"]  # §7
RETRY_DELAY = 0.5  # seconds before re-sending a batch refused with a retryable error; doubles, max 5 s
MAX_ATTEMPTS = 8  # give up on a batch after this many retryable refusals

# §1: stdout carries protocol messages only. Keep the real stdout for protocol lines and point
# sys.stdout at stderr, so a stray print() can never corrupt the protocol stream.
PROTOCOL_OUT = sys.stdout.buffer
sys.stdout = sys.stderr


def note(level, text):
    """A free-form log line on stderr, with the level prefix of §1 (E!, W!, I!, D!)."""
    prefix = {"debug": "D!", "warning": "W!", "error": "E!", "critical": "E!"}.get(level, "I!")
    print(f"{prefix} python-example: {text}", file=sys.stderr, flush=True)


# ----------------------------------------------------------------------------------------------
# The pretend device and its memory

DEVICE = {"deviceId": "py-scale-1", "name": "Example Scale", "kinds": ["body_weight", "blood_pressure", "heart_rate"],
          "manufacturer": "KidneyHub examples", "model": "PyScale 1", "serial": "PY-0001"}


def device_memory():
    """The device's fixed memory, oldest first: 20 readings over four days (§5.2 records).

    The list index is the memory slot; it makes the sourceRecordId (serial + slot) and the cursor.
    """
    records = []
    for day in range(4):
        date = f"2026-11-{10 + day:02d}"

        def add(kind, clock, unit, **fields):
            slot = len(records)
            records.append({"sourceRecordId": f"PY-0001/{slot}", "kind": kind, "unit": unit,
                            "effectiveTime": f"{date}T{clock}:00+01:00", **fields})

        add("body_weight", "07:02", "kg", value=round(80.8 + 0.3 * (day % 3) + 0.1 * day, 1),
            context={"dialysisPhase": "pre"})
        add("blood_pressure", "07:10", "mm[Hg]", context={"bodyPosition": "sitting"},
            components={"systolic": 136 + 3 * day, "diastolic": 84 + day % 2, "mean": 101 + day})
        add("heart_rate", "07:10", "/min", value=70 + 2 * day)
        add("blood_pressure", "19:40", "mm[Hg]", context={"bodyPosition": "sitting"},
            components={"systolic": 128 + 2 * day, "diastolic": 80 - day % 2})
        add("heart_rate", "19:40", "/min", value=66 + day)
    return records


# ----------------------------------------------------------------------------------------------
# JSON-RPC plumbing

class RpcError(Exception):
    """An error answer (§8): code, message and data with retryable."""

    def __init__(self, code, message, retryable=False, **data):
        super().__init__(message)
        self.code, self.message, self.data = code, message, {"retryable": retryable, **data}


class Cancelled(Exception):
    """The hub cancelled the request we are working on (§6)."""


class Call:
    """One of our own requests, waiting for the hub's answer."""

    def __init__(self, on_done=None):
        self.response = None
        self._done = threading.Event()
        self._on_done = on_done

    @property
    def answered(self):
        return self._done.is_set()

    def finish(self, response):
        self.response = response
        self._done.set()
        if self._on_done:
            self._on_done()

    def wait(self, cancel):
        while not self._done.wait(0.05):
            if cancel.is_set():
                raise Cancelled()
        return self.response


class Connection:
    """Writes NDJSON messages (§1) and matches the hub's answers to our requests (§2)."""

    def __init__(self):
        self._write_lock = threading.Lock()
        self._pending_lock = threading.Lock()
        self._pending = {}  # our request id -> Call
        self._last_id = 0

    def send(self, message):
        line = json.dumps(message, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
        with self._write_lock:
            try:
                PROTOCOL_OUT.write(line.encode("utf-8") + b"\n")
                PROTOCOL_OUT.flush()  # §1: flush after every message
            except BrokenPipeError:
                os._exit(1)  # the hub is gone

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def answer(self, request_id, result):
        self.send({"jsonrpc": "2.0", "id": request_id, "result": result})

    def answer_error(self, request_id, error):
        self.send({"jsonrpc": "2.0", "id": request_id,
                   "error": {"code": error.code, "message": error.message, "data": error.data}})

    def request(self, method, params, on_done=None):
        call = Call(on_done)
        with self._pending_lock:
            self._last_id += 1
            request_id = f"a-{self._last_id}"  # unique among our unanswered requests
            self._pending[request_id] = call
        self.send({"jsonrpc": "2.0", "id": request_id, "method": method, "params": params})
        return call

    def resolve(self, response):
        with self._pending_lock:
            call = self._pending.pop(response.get("id"), None)
        if call:  # answers to ids we do not know are ignored
            call.finish(response)


class Window:
    """At most ingest.maxUnacknowledgedBatches batches unanswered on the connection (§5.1)."""

    def __init__(self, size=4):
        self.size, self.in_flight = size, 0
        self._cond = threading.Condition()

    def has_room(self):
        with self._cond:
            return self.in_flight < self.size

    def acquire(self, cancel):
        with self._cond:
            while self.in_flight >= self.size:
                if cancel.is_set():
                    raise Cancelled()
                self._cond.wait(0.05)
            self.in_flight += 1

    def release(self):
        with self._cond:
            self.in_flight -= 1
            self._cond.notify_all()


# ----------------------------------------------------------------------------------------------
# The adapter

class Adapter:
    def __init__(self, conn):
        self.conn = conn
        self.state = "new"  # "new" until initialize succeeds, then "ready", then "shut-down"
        self.initialized = threading.Event()  # set by the hub's `initialized` notification
        self.log_level = "info"
        self.max_batch = 500  # ingest defaults (§5.1)
        self.window = Window(4)
        self.active = {}  # id of a long-running request -> its cancel Event (§6)
        self.memory = device_memory()
        self.paired = False
        self.busy = threading.Lock()  # one sync of the device at a time
        self.batches = 0
        self.requests = {"initialize": self.initialize, "ping": self.ping, "shutdown": self.shutdown,
                         "devices/discover": self.discover, "devices/pair": self.pair,
                         "devices/sync": self.sync}
        self.long_running = {"devices/discover", "devices/sync", "shutdown"}

    # -- dispatch (main thread) ------------------------------------------------------------

    def handle(self, msg):
        if not isinstance(msg, dict):  # batch arrays are not used in version 1 (§1)
            return self.conn.answer_error(None, RpcError(-32600, "Invalid request: not an object"))
        has_id, msg_id = "id" in msg, msg.get("id")
        valid_id = isinstance(msg_id, (int, str)) and not isinstance(msg_id, bool)
        if msg.get("jsonrpc") != "2.0" or (has_id and not valid_id):
            return self.conn.answer_error(msg_id if valid_id else None,
                                          RpcError(-32600, "Invalid request: not JSON-RPC 2.0"))
        method, params = msg.get("method"), msg.get("params", {})
        if method is None:
            if has_id and ("result" in msg or "error" in msg):
                return self.conn.resolve(msg)  # the hub answered one of our requests
            return self.conn.answer_error(msg_id, RpcError(-32600, "Invalid request"))
        if not has_id:
            return self.on_notification(method, params if isinstance(params, dict) else {})
        self.on_request(msg_id, method, params)

    def on_request(self, request_id, method, params):
        if self.state == "shut-down":
            return self.conn.answer_error(request_id, RpcError(-32600, "Request after shutdown"))
        if self.state == "new" and method != "initialize":
            return self.conn.answer_error(request_id, RpcError(-32002, "Not initialized"))
        handler = self.requests.get(method)
        if handler is None:
            return self.conn.answer_error(request_id, RpcError(-32601, f"Method not found: {method}"))
        if not isinstance(params, dict):
            return self.conn.answer_error(request_id, RpcError(-32602, "params must be an object"))
        if method == "shutdown":
            self.state = "shut-down"  # from now on every request gets -32600 (§3.6)
        cancel = threading.Event()
        if method in self.long_running:
            self.active[request_id] = cancel
            threading.Thread(target=self.run, args=(request_id, handler, params, cancel), daemon=True).start()
        else:
            self.run(request_id, handler, params, cancel)

    def run(self, request_id, handler, params, cancel):
        """Run one request handler and send its answer, whatever happens."""
        error = None
        try:
            result = handler(params, cancel)
        except Cancelled:
            error = RpcError(-32800, "Request cancelled")
        except RpcError as failure:
            error = failure
        except Exception as failure:  # a bug here must not kill the session
            note("error", traceback.format_exc().rstrip())
            error = RpcError(-32603, f"Internal error: {failure}")
        self.active.pop(request_id, None)  # before answering: the hub may reuse the id at once
        if error:
            self.conn.answer_error(request_id, error)
        else:
            self.conn.answer(request_id, result)

    def on_notification(self, method, params):
        if method == "exit":  # §3.6: status 0 after shutdown, 1 otherwise
            raise SystemExit(0 if self.state == "shut-down" else 1)
        if method == "initialized" and self.state != "new":
            self.initialized.set()
        elif method == "$/cancelRequest":
            cancel = self.active.get(params.get("id"))
            if cancel:
                cancel.set()
        # Any other notification, including $/ ones we do not implement, is ignored (§2).

    def log(self, level, message, **data):
        """Log to stderr and, at or above the hub's logLevel, as a `log` notification (§7)."""
        note(level, message)
        if LEVELS.index(level) >= LEVELS.index(self.log_level):
            self.conn.notify("log", {"level": level, "message": message, "logger": "python-example",
                                     **({"data": data} if data else {})})

    # -- requests ----------------------------------------------------------------------------

    def initialize(self, params, cancel):
        """§3: pick the newest version both sides speak; read the hub's limits."""
        if self.state != "new":
            raise RpcError(-32600, "Already initialized")
        offered = params.get("protocolVersions")
        if not isinstance(offered, list) or not all(isinstance(v, str) for v in offered):
            raise RpcError(-32602, "protocolVersions must be a list of strings")
        shared = [v for v in PROTOCOL_VERSIONS if v in offered]
        if not shared:
            raise RpcError(-32602, "Unsupported protocol version", supported=PROTOCOL_VERSIONS,
                           requested=offered)
        ingest = params.get("ingest") or {}
        self.max_batch = ingest.get("maxBatchRecords", 500)
        self.window.size = ingest.get("maxUnacknowledgedBatches", 4)
        if not all(isinstance(n, int) and n >= 1 for n in (self.max_batch, self.window.size)):
            raise RpcError(-32602, "ingest limits must be positive integers")
        if params.get("logLevel") in LEVELS:
            self.log_level = params["logLevel"]
        if isinstance(params.get("hubPid"), int):
            threading.Thread(target=watch_hub, args=(params["hubPid"],), daemon=True).start()
        self.state = "ready"
        note("info", f"initialized: protocol {shared[0]}, batches of {self.max_batch}, window {self.window.size}")
        return {"protocolVersion": shared[0], "adapterInfo": ADAPTER_INFO, "capabilities": CAPABILITIES}

    def ping(self, params, cancel):
        return {}

    def descriptor(self):
        return {**DEVICE, "paired": self.paired}

    def require_device(self, params):
        if params.get("deviceId") != DEVICE["deviceId"]:
            raise RpcError(-32000, f"Device not found: {params.get('deviceId')!r}")

    def discover(self, params, cancel):
        """§4: announce each device with devices/found, answer when the time is up."""
        seconds = params.get("seconds", 10)
        if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or seconds < 0:
            raise RpcError(-32602, "seconds must be a non-negative number")
        deadline = time.monotonic() + seconds
        if cancel.wait(min(0.1, seconds)):  # the pretend device answers after a moment
            raise Cancelled()
        self.conn.notify("devices/found", {"device": self.descriptor()})
        if cancel.wait(max(0.0, deadline - time.monotonic())):
            raise Cancelled()
        return {"devices": [self.descriptor()]}

    def pair(self, params, cancel):
        self.require_device(params)  # this device needs no passkey
        self.paired = True
        return {"device": self.descriptor()}

    def sync(self, params, cancel):
        """§4: submit every record newer than the cursor, wait for the acks, answer the count."""
        self.require_device(params)
        cursor = params.get("cursor")
        if cursor is not None and not (isinstance(cursor, str) and cursor.isdigit()):
            raise RpcError(-32602, f"cursor {cursor!r} was not written by this adapter")
        first = 0 if cursor is None else int(cursor) + 1  # our cursor: slot of the last record sent
        if not self.busy.acquire(blocking=False):
            raise RpcError(-32001, "Device busy: a sync is already running", retryable=True)
        try:
            return {"submitted": self.submit_from(first, params.get("progressToken"), cancel)}
        finally:
            self.busy.release()

    def shutdown(self, params, cancel):
        """§3.6: cancel work in progress, wait briefly for unacknowledged batches, answer null."""
        for other in list(self.active.values()):
            if other is not cancel:
                other.set()
        deadline = time.monotonic() + 3  # the hub waits 5 s for the answer
        while (len(self.active) > 1 or self.window.in_flight) and time.monotonic() < deadline:
            time.sleep(0.05)
        self.paired = False  # release the device
        return None

    # -- submitting measurements (§5) -------------------------------------------------------

    def submit_from(self, first, token, cancel):
        """Submit memory[first:] in acknowledged batches; return how many records were acknowledged."""
        while not self.initialized.wait(0.05):  # §3.5: no requests of our own before `initialized`
            if cancel.is_set():
                raise Cancelled()
        records = self.memory[first:]
        todo = deque()
        for start in range(0, len(records), self.max_batch):
            chunk = records[start:start + self.max_batch]
            self.batches += 1
            todo.append({"batchId": f"py-{os.getpid()}-{self.batches}",
                         "device": {k: DEVICE[k] for k in ("deviceId", "manufacturer", "model", "serial")},
                         "cursor": str(first + start + len(chunk) - 1), "records": chunk})
        total = len(records)
        self.progress(token, "begin", 0, total, f"Reading {DEVICE['name']}: {total} new records")
        in_flight, attempts, done = deque(), {}, 0  # in_flight: (batch, Call), oldest first
        try:
            while todo or in_flight:
                if cancel.is_set():
                    raise Cancelled()
                # Handle answers that are already in before sending more: a refused batch goes out
                # again before any newer one, so cursors reach the hub in order where possible.
                answered = any(call.answered for _, call in in_flight)
                if todo and not answered and (not in_flight or self.window.has_room()):
                    self.window.acquire(cancel)  # blocks only while others' batches fill the window
                    batch = todo.popleft()
                    in_flight.append((batch, self.conn.request("measurements/submit", batch,
                                                               on_done=self.window.release)))
                    continue
                batch, call = in_flight.popleft()
                error = call.wait(cancel).get("error")
                if error is None:
                    done += len(batch["records"])
                    self.progress(token, "report", done, total)
                elif (error.get("data") or {}).get("retryable"):
                    todo.appendleft(self.retry(batch, error, attempts, cancel))
                elif error.get("code") == -32602 and (error.get("data") or {}).get("errors"):
                    rest = self.drop_invalid(batch, error["data"]["errors"])
                    if rest:
                        todo.appendleft(rest)
                else:
                    raise RpcError(-32803, f"The hub refused batch {batch['batchId']}: {error.get('message')}")
        finally:
            self.progress(token, "end", done, total, f"{done} of {total} records acknowledged")
        return done

    def progress(self, token, kind, done, total, message=None):
        """$/progress for a request that carried a progressToken (§7); nothing without one."""
        if token is not None:
            value = {"kind": kind, "done": done, "total": total,
                     "percentage": round(100 * done / total) if total else 100}
            self.conn.notify("$/progress", {"token": token, "value": value | ({"message": message} if message else {})})

    def retry(self, batch, error, attempts, cancel):
        """A retryable refusal (-32010, -32011, ...): wait, then send the same batch again."""
        batch_id, reason = batch["batchId"], f"{error.get('code')} {error.get('message')}"
        n = attempts[batch_id] = attempts.get(batch_id, 0) + 1
        if n >= MAX_ATTEMPTS:
            raise RpcError(-32803, f"Batch {batch_id} refused {n} times ({reason})", retryable=True)
        delay = min(5.0, RETRY_DELAY * 2 ** (n - 1))
        note("warning", f"batch {batch_id} refused ({reason}); sending it again in {delay} s")
        if cancel.wait(delay):
            raise Cancelled()
        return batch

    def drop_invalid(self, batch, errors):
        """§5.4: the hub stored nothing; drop the records it named, log them, return the rest.

        A batch left with no records still goes back when it carries a cursor (§5.1, a
        cursor-only batch), so the hub stores the cursor and stops holding back later ones (§5.3).
        """
        bad = {e.get("index") for e in errors}
        for e in errors:
            self.log("warning", f"dropping invalid record {e.get('sourceRecordId')}: {e.get('reason')}",
                     batchId=batch["batchId"], index=e.get("index"), field=e.get("field"))
        rest = [r for i, r in enumerate(batch["records"]) if i not in bad]
        if len(rest) == len(batch["records"]):  # the hub named no record of ours: do not loop forever
            raise RpcError(-32803, f"The hub refused batch {batch['batchId']} without naming a record of it")
        return {**batch, "records": rest} if rest or "cursor" in batch else None


def watch_hub(pid):
    """§3.7: exit when the hub process is gone, even if nobody closed our stdin."""
    while True:
        time.sleep(0.5)
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            note("warning", f"hub process {pid} is gone; exiting")
            os._exit(1)
        except PermissionError:
            pass  # it exists but belongs to another user


def main():
    conn = Connection()
    adapter = Adapter(conn)
    note("info", f"started, pid {os.getpid()}, hub speaks {os.environ.get('KIDNEYHUB_PROTOCOL_VERSIONS', '?')}")
    for raw in iter(sys.stdin.buffer.readline, b""):  # split on 0x0A only (§1)
        line = raw[:-1] if raw.endswith(b"\n") else raw
        if line.endswith(b"\r"):
            line = line[:-1]
        if not line.strip():
            continue
        try:
            message = json.loads(line)
        except ValueError:
            conn.answer_error(None, RpcError(-32700, "Parse error"))
            continue
        adapter.handle(message)
    # §3.7: end of standard input means exit.
    note("info", "stdin closed; exiting")
    return 0 if adapter.state == "shut-down" else 1


if __name__ == "__main__":
    sys.exit(main())

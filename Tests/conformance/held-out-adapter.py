#!/usr/bin/env python3
"""A held-out adapter for `kidneyhub adapters check` (Protocols/adapter-protocol.md §10).

Written from the protocol document, apart from the shipped adapters. Without arguments it follows
the protocol and passes every check; `--break CHECK` breaks exactly the behaviour that check is
about, so each check is shown to fail (Tests/EndToEndTests/ConformanceTests.swift):

  handshake               answers initialize with a version the hub did not offer
  unsupported-version     accepts an offer of ["99.0"]
  not-initialized         answers ping before initialize
  unknown-method          answers an unknown method with a result
  ping                    answers ping with null instead of {}
  stdout-purity           prints a line that is not JSON-RPC on stdout
  cancellation            ignores $/cancelRequest and finishes the sync
  batch-window            sends every batch at once, ignoring maxUnacknowledgedBatches
  batch-size              sends batches of 10 records, ignoring maxBatchRecords
  invalid-records         sends a batch refused under §5.4 again unchanged
  cursor-only-batch       drops a batch whose every record was refused instead of sending it empty
  progress                never sends $/progress
  shutdown                answers shutdown with {} instead of null
  request-after-shutdown  answers a ping after shutdown
  batch-array             runs the requests inside a batch array
  parse-error             ignores a line that is not JSON
  exit-on-eof             keeps running when stdin closes
"""

import json
import sys
import threading
import time
from collections import deque

BREAK = sys.argv[sys.argv.index("--break") + 1] if "--break" in sys.argv else None
OUT = sys.stdout.buffer
sys.stdout = sys.stderr  # a stray print() goes to stderr (§1)
WRITE = threading.Lock()
DEVICE = {"deviceId": "held-out-scale", "name": "Held-out scale", "kinds": ["body_weight"]}
# 30 weights, one a day: enough for ten batches of 3, so a cancelled sync has work left (§10).
MEMORY = [{"sourceRecordId": f"HO/{i}", "kind": "body_weight", "unit": "kg", "value": 80 + i / 10,
           "effectiveTime": f"2026-10-{1 + i:02d}T07:00:00+01:00"} for i in range(30)]


def send(message):
    with WRITE:
        OUT.write(json.dumps(message, separators=(",", ":")).encode() + b"\n")
        OUT.flush()


def error(request_id, code, message, retryable=False):
    send({"jsonrpc": "2.0", "id": request_id,
          "error": {"code": code, "message": message, "data": {"retryable": retryable}}})


class Cancelled(Exception):
    pass


class Refused(Exception):
    def __init__(self, message):
        super().__init__(message)
        self.message = message


class Adapter:
    def __init__(self):
        self.state = "new"
        self.max_batch, self.window = 500, 4
        self.calls, self.next_id, self.lock = {}, 0, threading.Lock()
        self.active = {}
        self.in_flight = 0

    # -- our requests to the hub ---------------------------------------------------------------

    def request(self, method, params):
        with self.lock:
            self.next_id += 1
            call_id = f"ho-{self.next_id}"
            event = threading.Event()
            self.calls[call_id] = [event, None]
        send({"jsonrpc": "2.0", "id": call_id, "method": method, "params": params})
        return call_id

    def wait(self, call_id, cancel):
        event = self.calls[call_id][0]
        while not event.wait(0.02):
            if cancel.is_set() and BREAK != "cancellation":
                raise Cancelled()
        return self.calls.pop(call_id)[1]

    # -- dispatch --------------------------------------------------------------------------------

    def handle(self, message):
        if isinstance(message, list):
            if BREAK == "batch-array":
                for element in message:
                    self.handle(element)
                return
            return error(None, -32600, "Invalid request: a batch array")
        if not isinstance(message, dict) or message.get("jsonrpc") != "2.0":
            return error(None, -32600, "Invalid request")
        method, request_id = message.get("method"), message.get("id")
        if method is None:
            slot = self.calls.get(request_id)
            if slot:
                slot[1] = message
                slot[0].set()
            return
        params = message.get("params", {})
        if "id" not in message:
            return self.notification(method, params if isinstance(params, dict) else {})
        if self.state == "shut-down" and BREAK != "request-after-shutdown":
            return error(request_id, -32600, "Invalid request: after shutdown")
        if self.state == "new" and method != "initialize" and not (method == "ping" and BREAK == "not-initialized"):
            return error(request_id, -32002, "Not initialized")
        if not isinstance(params, dict):
            return error(request_id, -32602, "params must be an object")
        handler = {"initialize": self.initialize, "ping": self.ping, "shutdown": self.shutdown,
                   "devices/discover": self.discover, "devices/sync": self.sync}.get(method)
        if handler is None:
            if BREAK == "unknown-method":
                return send({"jsonrpc": "2.0", "id": request_id, "result": {}})
            return error(request_id, -32601, f"Method not found: {method}")
        if method == "shutdown":
            self.state = "shut-down"
        cancel = threading.Event()
        self.active[request_id] = cancel
        threading.Thread(target=self.run, args=(request_id, handler, params, cancel), daemon=True).start()

    def run(self, request_id, handler, params, cancel):
        try:
            result = handler(params, cancel)
        except Cancelled:
            return self.finish(request_id, lambda: error(request_id, -32800, "Request cancelled"))
        except Refused as refused:
            return self.finish(request_id, lambda: error(request_id, -32803, refused.message))
        self.finish(request_id, lambda: send({"jsonrpc": "2.0", "id": request_id, "result": result}))

    def finish(self, request_id, answer):
        self.active.pop(request_id, None)
        answer()

    def notification(self, method, params):
        if method == "exit":
            sys.exit(0 if self.state == "shut-down" else 1)
        if method == "$/cancelRequest" and params.get("id") in self.active:
            self.active[params["id"]].set()

    # -- requests --------------------------------------------------------------------------------

    def initialize(self, params, cancel):
        offered = params.get("protocolVersions") or []
        if "1.0" not in offered and BREAK != "unsupported-version":
            raise_error = {"code": -32602, "message": "Unsupported protocol version",
                           "data": {"retryable": False, "supported": ["1.0"], "requested": offered}}
            raise ProtocolError(raise_error)
        ingest = params.get("ingest") or {}
        self.max_batch = 10 if BREAK == "batch-size" else ingest.get("maxBatchRecords", 500)
        self.window = ingest.get("maxUnacknowledgedBatches", 4)
        self.state = "ready"
        version = "0.9" if BREAK == "handshake" else "1.0"
        return {"protocolVersion": version, "adapterInfo": {"id": "held-out", "name": "Held-out", "version": "1"},
                "capabilities": {"discover": True, "sync": True, "cancel": True}}

    def ping(self, params, cancel):
        return None if BREAK == "ping" else {}

    def discover(self, params, cancel):
        send({"jsonrpc": "2.0", "method": "devices/found", "params": {"device": DEVICE}})
        if cancel.wait(min(float(params.get("seconds", 1)), 0.2)) and BREAK != "cancellation":
            raise Cancelled()
        return {"devices": [DEVICE]}

    def shutdown(self, params, cancel):
        for other in list(self.active.values()):
            if other is not cancel:
                other.set()
        deadline = time.monotonic() + 3
        while (len(self.active) > 1 or self.in_flight) and time.monotonic() < deadline:
            time.sleep(0.02)
        return {} if BREAK == "shutdown" else None

    def sync(self, params, cancel):
        token = params.get("progressToken")
        todo = deque({"batchId": f"ho-b{start}", "device": {"deviceId": DEVICE["deviceId"]},
                      "cursor": str(start + len(MEMORY[start:start + self.max_batch]) - 1),
                      "records": MEMORY[start:start + self.max_batch]}
                     for start in range(0, len(MEMORY), self.max_batch))
        pending, done = deque(), 0
        self.progress(token, "begin", 0)
        while todo or pending:
            if cancel.is_set() and BREAK != "cancellation":
                raise Cancelled()
            if todo and (len(pending) < self.window or BREAK == "batch-window"):
                batch = todo.popleft()
                self.in_flight += 1
                pending.append((batch, self.request("measurements/submit", batch)))
                continue
            batch, call_id = pending.popleft()
            try:
                answer = self.wait(call_id, cancel)
            finally:
                self.in_flight -= 1
            failure = answer.get("error")
            if failure is None:
                done += len(batch["records"])
                self.progress(token, "report", done)
            elif (failure.get("data") or {}).get("retryable"):
                time.sleep(0.05)
                todo.appendleft(batch)
            elif failure.get("code") == -32602 and (failure.get("data") or {}).get("errors"):
                if BREAK == "invalid-records":
                    todo.appendleft(batch)
                    continue
                bad = {entry.get("index") for entry in failure["data"]["errors"]}
                rest = [record for i, record in enumerate(batch["records"]) if i not in bad]
                if rest or BREAK != "cursor-only-batch":
                    todo.appendleft({**batch, "records": rest})
            else:
                raise Refused(f"the hub refused batch {batch['batchId']}: {failure.get('message')}")
        self.progress(token, "end", done)
        return {"submitted": done}

    def progress(self, token, kind, done):
        if token is not None and BREAK != "progress":
            send({"jsonrpc": "2.0", "method": "$/progress",
                  "params": {"token": token, "value": {"kind": kind, "done": done, "total": len(MEMORY)}}})


class ProtocolError(Exception):
    def __init__(self, payload):
        super().__init__(payload["message"])
        self.payload = payload


def main():
    adapter = Adapter()
    original_run = adapter.run

    def run(request_id, handler, params, cancel):
        try:
            original_run(request_id, handler, params, cancel)
        except ProtocolError as failure:
            adapter.active.pop(request_id, None)
            send({"jsonrpc": "2.0", "id": request_id, "error": failure.payload})
    adapter.run = run
    if BREAK == "stdout-purity":
        OUT.write(b"held-out adapter starting\n")
        OUT.flush()
    for raw in iter(sys.stdin.buffer.readline, b""):
        if not raw.strip():
            continue
        try:
            message = json.loads(raw)
        except ValueError:
            if BREAK != "parse-error":
                error(None, -32700, "Parse error")
            continue
        adapter.handle(message)
    if BREAK == "exit-on-eof":
        while True:
            time.sleep(1)
    return 0 if adapter.state == "shut-down" else 1


if __name__ == "__main__":
    sys.exit(main())

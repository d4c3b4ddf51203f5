#!/usr/bin/env python3
"""An import adapter that dies in the middle of an import (issue 21, drill finding 6).

Written from Protocols/adapter-protocol.md: it answers initialize, and on files/import submits one batch of two
weights, waits for the hub's acknowledgement, and exits with status 3 without answering the import.
"""
import json
import sys


def send(message):
    sys.stdout.write(json.dumps(message, separators=(",", ":")) + "\n")
    sys.stdout.flush()


for line in sys.stdin:
    message = json.loads(line)
    method = message.get("method")
    if method == "initialize":
        send({"jsonrpc": "2.0", "id": message["id"], "result": {
            "protocolVersion": "1.0",
            "adapterInfo": {"id": "dying-importer", "name": "Dying importer", "version": "1"},
            "capabilities": {"import": True}}})
    elif method == "files/import":
        records = [{"sourceRecordId": f"dying/{day}", "kind": "body_weight", "value": 80 + day, "unit": "kg",
                    "effectiveTime": f"2026-11-1{day}T07:00:00+01:00"} for day in (1, 2)]
        send({"jsonrpc": "2.0", "id": "a-1", "method": "measurements/submit",
              "params": {"batchId": "b-1", "device": {"deviceId": "file-scale"}, "records": records}})
    elif message.get("id") == "a-1":
        print("W! dying-importer: stopping on purpose after the first batch", file=sys.stderr, flush=True)
        sys.exit(3)
    elif method == "ping":
        send({"jsonrpc": "2.0", "id": message["id"], "result": {}})

#!/usr/bin/env python3
"""A third-party file adapter for the end-to-end tests: the Python example adapter (Plugins/python-example,
copied beside this file as adapter.py) taught `files/import` for a CSV of weights, `time,kg` with a header line.

It sends `measurements/submit` only in the plain JSON form of adapter-protocol.md §5.1 and asks for no optional
capability in `initialize`: whatever denser forms a hub offers, an adapter written this way must still pass
`kidneyhub adapters check` and import correctly (issue 22).
"""
import csv
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import adapter as example  # noqa: E402  (the example adapter, beside this file)

example.ADAPTER_INFO = {"id": "plain-csv", "name": "Plain CSV weights (test)", "version": "0.1.0"}
example.CAPABILITIES = {"discover": True, "pair": True, "sync": True, "attach": False, "import": True,
                        "cancel": True}
CSV_DEVICE = {"deviceId": "csv-scale", "manufacturer": "KidneyHub tests", "model": "CSV", "serial": "CSV-1"}


class CSVImporter(example.Adapter):
    def __init__(self, conn):
        super().__init__(conn)
        self.requests["files/import"] = self.import_file
        self.long_running.add("files/import")

    def import_file(self, params, cancel):
        """§4: read every row, submit them in acknowledged plain batches, answer the count and problems."""
        path = params.get("path")
        if not isinstance(path, str) or not os.path.isabs(path):
            raise example.RpcError(-32602, "path must be an absolute path")
        records, problems = [], []
        try:
            with open(path, newline="", encoding="utf-8") as handle:
                for line, row in enumerate(csv.reader(handle), start=1):
                    if line == 1:
                        continue  # the header
                    try:
                        moment, kilograms = row[0], float(row[1])
                    except (IndexError, ValueError):
                        problems.append({"location": f"{os.path.basename(path)}:{line}",
                                         "reason": "not time,kg", "kind": "body_weight"})
                        continue
                    records.append({"sourceRecordId": f"csv/{moment}", "kind": "body_weight", "unit": "kg",
                                    "value": kilograms, "effectiveTime": moment})
        except OSError as error:
            raise example.RpcError(-32007, f"cannot read {path}: {error.strerror}", location=path, submitted=0)
        self.memory = records
        saved, example.DEVICE = example.DEVICE, {**example.DEVICE, **CSV_DEVICE}
        try:
            return {"submitted": self.submit_from(0, params.get("progressToken"), cancel), "problems": problems}
        finally:
            example.DEVICE = saved


example.Adapter = CSVImporter

if __name__ == "__main__":
    sys.exit(example.main())

"""The JSON Schemas of Protocols/schemas, the example transcripts and the adapter manifests.

Run: cd /work/main && python3 -m pytest -q Tests/protocol
"""

import copy
import json

import pytest
from jsonschema import Draft202012Validator

from protocol_schemas import ADAPTER, BASE, EXAMPLE_DIR, HUB, ROOT, Checker, Schemas, load_schemas

SCHEMAS = Schemas()
TRANSCRIPTS = sorted(EXAMPLE_DIR.glob("*.transcript.ndjson"))

# The table of adapter-protocol.md §5.2, written out again here so the schema is checked against it.
UNITS = {
    "body_weight": ["kg", "g", "[lb_av]"],
    "body_height": ["cm", "m", "[in_i]", "[ft_i]"],
    "body_fat": ["%"],
    "blood_pressure": ["mm[Hg]", "kPa"],
    "heart_rate": ["/min", "{beats}/min"],
    "resting_heart_rate": ["/min", "{beats}/min"],
    "blood_glucose": ["mg/dL", "mmol/L"],
    "blood_ketone": ["mmol/L"],
    "oxygen_saturation": ["%"],
    "body_temperature": ["Cel", "[degF]"],
    "steps": ["{steps}", "1"],
    "distance": ["m", "km", "[mi_i]", "[ft_i]", "cm"],
    "active_energy": ["kcal", "kJ"],
    "sleep": ["min", "h", "s"],
    "dietary_water": ["mL", "L", "[foz_us]"],
    "dietary_potassium": ["mg", "g"],
    "dietary_sodium": ["mg", "g"],
    "dietary_phosphorus": ["mg", "g"],
    "dietary_protein": ["g", "mg"],
    "total_energy": ["kcal", "kJ"],
    "workout": ["min", "h", "s"],
}
ALL_UNITS = sorted({u for units in UNITS.values() for u in units})
METHODS = ["initialize", "initialized", "devices/discover", "devices/found", "devices/pair", "devices/sync",
           "devices/attach", "files/import", "ping", "$/cancelRequest", "$/progress", "log", "shutdown", "exit",
           "measurements/submit"]


def record_errors(record):
    return SCHEMAS.errors("measurement-record.schema.json", record)


def record_for(kind, unit):
    """A valid-looking record of `kind` in `unit`."""
    record = {"sourceRecordId": "X-1/7", "kind": kind, "unit": unit, "effectiveTime": "2026-11-17T07:10:00+01:00"}
    if kind == "blood_pressure":
        record["components"] = {"systolic": 120, "diastolic": 80}
    else:
        record["value"] = 42.5
    if kind == "sleep":
        del record["effectiveTime"]
        record["effectivePeriod"] = {"start": "2026-11-16T23:10:00+01:00", "end": "2026-11-17T06:40:00+01:00"}
    return record


# ---------------------------------------------------------------------------------------------
# The schemas themselves

@pytest.mark.parametrize("name", sorted(load_schemas()))
def test_schema_is_valid_2020_12(name):
    schema = SCHEMAS.files[name]
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["$id"] == BASE + name
    assert schema.get("title"), "every schema has a title"
    Draft202012Validator.check_schema(schema)


def _refs(node):
    if isinstance(node, dict):
        if isinstance(node.get("$ref"), str):
            yield node["$ref"]
        for value in node.values():
            yield from _refs(value)
    elif isinstance(node, list):
        for value in node:
            yield from _refs(value)


@pytest.mark.parametrize("name", sorted(load_schemas()))
def test_every_ref_resolves(name):
    resolver = SCHEMAS.registry.resolver(base_uri=BASE + name)
    for ref in _refs(SCHEMAS.files[name]):
        resolver.lookup(ref)  # raises if the reference is dangling


def test_one_schema_per_method():
    assert sorted(SCHEMAS.methods) == sorted(METHODS)
    for method, name in SCHEMAS.methods.items():
        assert SCHEMAS.files[name]["x-direction"] in (HUB, ADAPTER, "both"), name
        is_request = SCHEMAS.files[name]["$ref"] == "jsonrpc-request.schema.json"
        assert ("response" in SCHEMAS.files[name]["$defs"]) == is_request, f"{name}: requests define $defs/response"


def test_kind_and_unit_lists_match_the_spec_table():
    definitions = SCHEMAS.files["definitions.schema.json"]["$defs"]
    assert sorted(definitions["kind"]["enum"]) == sorted(UNITS)
    assert sorted(definitions["unit"]["enum"]) == ALL_UNITS


@pytest.mark.parametrize("kind", sorted(UNITS))
def test_each_kind_accepts_exactly_its_units(kind):
    for unit in ALL_UNITS:
        problems = record_errors(record_for(kind, unit))
        if unit in UNITS[kind]:
            assert problems == [], f"{kind} in {unit}"
        else:
            assert problems, f"{kind} must not accept {unit}"


# ---------------------------------------------------------------------------------------------
# Measurement records

GOOD = {"sourceRecordId": "SC-0001/42", "kind": "body_weight", "value": 82.4, "unit": "kg",
        "effectiveTime": "2026-11-17T07:10:00+01:00", "context": {"dialysisPhase": "pre"}}
GOOD_BP = {"sourceRecordId": "SC-0001/43", "kind": "blood_pressure", "unit": "mm[Hg]",
           "components": {"systolic": 142, "diastolic": 88}, "effectiveTime": "2026-11-17T07:14:00Z"}


def changed(base, **changes):
    record = copy.deepcopy(base)
    for key, value in changes.items():
        if value is None:
            record.pop(key, None)
        else:
            record[key] = value
    return record


@pytest.mark.parametrize("record", [
    GOOD,
    GOOD_BP,
    changed(GOOD_BP, components={"systolic": 18.9, "diastolic": 11.7, "mean": 14.1}, unit="kPa"),
    changed(GOOD, effectiveTime="2026-11-17T07:10:00.123456-05:30"),
    changed(GOOD, value=82),
    changed(GOOD, device={"deviceId": "other-scale", "model": "BF 720"}),
    changed(GOOD, context={"mealRelation": "fasting", "bodyPosition": "standing", "userIndex": 255,
                           "measurementStatus": ["body_movement"], "dialysisPhase": "none", "sampleSite": "arm"}),
    changed(GOOD, kind="steps", unit="{steps}", value=8042, effectiveTime=None,
            effectivePeriod={"start": "2026-11-17T00:00:00+01:00", "end": "2026-11-18T00:00:00+01:00"}),
    changed(GOOD, sourceRecordId="x" * 256),
    changed(GOOD, effectiveTime="2026-11-17t07:10:00z"),
    changed(GOOD, kind="body_temperature", unit="Cel", value=-1.5),
    changed(GOOD, kind="sleep", unit="h", value=7.5),
    changed(GOOD, kind="distance", unit="km", value=4.2, effectiveTime=None,
            effectivePeriod={"start": "2026-11-17T18:00:00+01:00", "end": "2026-11-17T18:45:00+01:00"}),
], ids=lambda r: r["sourceRecordId"][:12] + "/" + r["unit"])
def test_good_records_pass(record):
    assert record_errors(record) == []


BAD_RECORDS = {
    "unknown kind": changed(GOOD, kind="blood_ketones"),
    "missing unit": changed(GOOD, unit=None),
    "unit not fitting kind": changed(GOOD, unit="mmol/L"),
    "unknown unit": changed(GOOD, unit="stone"),
    "value as string": changed(GOOD, value="82.4"),
    "value missing": changed(GOOD, value=None),
    "value null": changed(GOOD, value=None) | {"value": None},
    "time without offset": changed(GOOD, effectiveTime="2026-11-17T07:10:00"),
    "date only": changed(GOOD, effectiveTime="2026-11-17"),
    "time with month 13": changed(GOOD, effectiveTime="2026-13-17T07:10:00Z"),
    "time with offset without colon": changed(GOOD, effectiveTime="2026-11-17T07:10:00+0100"),
    "leap second (the hub stores epoch milliseconds)": changed(GOOD, effectiveTime="2026-12-31T23:59:60Z"),
    "both effectiveTime and effectivePeriod": changed(
        GOOD, kind="steps", unit="{steps}", value=800,
        effectivePeriod={"start": "2026-11-17T07:00:00Z", "end": "2026-11-17T07:10:00Z"}),
    "neither effectiveTime nor effectivePeriod": changed(GOOD, effectiveTime=None),
    "period without end": changed(GOOD, kind="steps", unit="{steps}", value=800, effectiveTime=None,
                                  effectivePeriod={"start": "2026-11-17T07:00:00Z"}),
    "blood_pressure without diastolic": changed(GOOD_BP, components={"systolic": 142}),
    "blood_pressure without components": changed(GOOD_BP, components=None),
    "blood_pressure with value": changed(GOOD_BP, components=None, value=142),
    "blood_pressure with unknown component": changed(GOOD_BP, components={"systolic": 142, "diastolic": 88, "pulse": 70}),
    "components on a single-valued kind": changed(GOOD, components={"a": 1}),
    "empty sourceRecordId": changed(GOOD, sourceRecordId=""),
    "sourceRecordId over 256 chars": changed(GOOD, sourceRecordId="x" * 257),
    "missing sourceRecordId": changed(GOOD, sourceRecordId=None),
    "unknown dialysisPhase": changed(GOOD, context={"dialysisPhase": "during"}),
    "unknown mealRelation": changed(GOOD, context={"mealRelation": "lunch"}),
    "userIndex out of range": changed(GOOD, context={"userIndex": 256}),
    "unknown context field": changed(GOOD, context={"posture": "sitting"}),
    "unknown record field": changed(GOOD, note="after coffee"),
    "period on an instant kind": changed(GOOD, effectiveTime=None,
                                         effectivePeriod={"start": "2026-11-17T07:00:00Z", "end": "2026-11-17T07:10:00Z"}),
    "negative weight": changed(GOOD, value=-82.4),
    "negative systolic": changed(GOOD_BP, components={"systolic": -1, "diastolic": 80}),
    "empty measurementStatus entry": changed(GOOD, context={"measurementStatus": [""]}),
    "device without deviceId": changed(GOOD, device={"model": "x"}),
}


@pytest.mark.parametrize("name", sorted(BAD_RECORDS))
def test_bad_record_fails(name):
    assert record_errors(BAD_RECORDS[name]), f"{name} should be invalid"


# ---------------------------------------------------------------------------------------------
# Envelopes and error objects

@pytest.mark.parametrize("message,valid", [
    ({"jsonrpc": "2.0", "id": 1, "method": "ping"}, True),
    ({"jsonrpc": "2.0", "id": "a-1", "result": {}}, True),
    ({"jsonrpc": "2.0", "id": None, "error": {"code": -32700, "message": "Parse error", "data": {"retryable": False}}}, True),
    ({"jsonrpc": "2.0", "method": "exit"}, True),
    ({"jsonrpc": "1.0", "id": 1, "method": "ping"}, False),
    ({"jsonrpc": "2.0", "id": 1, "method": "ping", "params": [1, 2]}, False),
    ({"jsonrpc": "2.0", "id": 1.5, "method": "ping"}, False),
    ({"jsonrpc": "2.0", "id": 1, "result": {}, "error": {"code": 1, "message": "x", "data": {"retryable": False}}}, False),
    ({"jsonrpc": "2.0", "id": 1, "error": {"code": -32601, "message": "Method not found"}}, False),
    ({"jsonrpc": "2.0", "id": 1, "error": {"code": -32601, "message": "Method not found", "data": {}}}, False),
    ({"jsonrpc": "2.0", "id": 1, "error": {"code": -32010, "message": "Too many", "data": {"retryable": False}}}, False),
    ({"jsonrpc": "2.0", "id": 1, "error": {"code": -32007, "message": "File unreadable", "data": {"retryable": False}}}, False),
    # §8: retryable is fixed for most codes; -32603 and -32803 may be either.
    ({"jsonrpc": "2.0", "id": 1, "error": {"code": -32602, "message": "Invalid params", "data": {"retryable": True}}}, False),
    ({"jsonrpc": "2.0", "id": 1, "error": {"code": -32800, "message": "Request cancelled", "data": {"retryable": True}}}, False),
    ({"jsonrpc": "2.0", "id": 1, "error": {"code": -32001, "message": "Device busy", "data": {"retryable": False}}}, False),
    ({"jsonrpc": "2.0", "id": 1, "error": {"code": -32603, "message": "Internal error", "data": {"retryable": True}}}, True),
    ({"jsonrpc": "2.0", "id": 1, "error": {"code": -32603, "message": "Internal error", "data": {"retryable": False}}}, True),
    ({"jsonrpc": "2.0", "id": 1, "error": {"code": -32803, "message": "Request failed", "data": {"retryable": True}}}, True),
    ({"jsonrpc": "2.0", "id": None, "error": {"code": -32600, "message": "Invalid request", "data": {"retryable": False}}}, True),
    ({"jsonrpc": "2.0", "method": "initialized"}, True),
    ({"jsonrpc": "2.0", "id": 1}, False),
    ([{"jsonrpc": "2.0", "id": 1, "method": "ping"}], False),
])
def test_envelope(message, valid):
    assert (SCHEMAS.errors("jsonrpc-message.schema.json", message) == []) == valid


def test_unsupported_version_error_needs_supported_and_requested():
    ref = "initialize.schema.json#/$defs/response"
    good = {"jsonrpc": "2.0", "id": 1, "error": {"code": -32602, "message": "Unsupported protocol version",
                                                 "data": {"supported": ["1.0"], "requested": ["9.0"], "retryable": False}}}
    assert SCHEMAS.errors(ref, good) == []
    bad = copy.deepcopy(good)
    del bad["error"]["data"]["supported"]
    assert SCHEMAS.errors(ref, bad)


def test_invalid_records_error_needs_errors():
    ref = "measurements-submit.schema.json#/$defs/response"
    good = {"jsonrpc": "2.0", "id": "a-1", "error": {"code": -32602, "message": "Invalid measurement records",
                                                     "data": {"retryable": False, "errors": [
                                                         {"index": 0, "field": "kind", "reason": "unknown kind"}]}}}
    assert SCHEMAS.errors(ref, good) == []
    bad = copy.deepcopy(good)
    bad["error"]["data"]["errors"] = []
    assert SCHEMAS.errors(ref, bad)
    for member in ["index", "field", "reason"]:  # §5.4: sourceRecordId only when the record had one
        bad = copy.deepcopy(good)
        del bad["error"]["data"]["errors"][0][member]
        assert SCHEMAS.errors(ref, bad), member


def submit_with(**params):
    message = {"jsonrpc": "2.0", "id": "a-1", "method": "measurements/submit",
               "params": {"batchId": "b-1", "device": {"deviceId": "d"}, "records": [GOOD]}}
    for key, value in params.items():
        if value is None:
            del message["params"][key]
        else:
            message["params"][key] = value
    return SCHEMAS.errors("measurements-submit.schema.json", message)


OTHER_DEVICE = {"deviceId": "other-scale"}


@pytest.mark.parametrize("params,valid", [
    ({}, True),
    ({"records": [], "cursor": "48"}, True),  # §5.1: a cursor-only batch
    ({"records": []}, True),
    ({"device": None, "records": [changed(GOOD, device=OTHER_DEVICE)]}, True),  # every record names its device
    ({"device": None, "records": [changed(GOOD, device=OTHER_DEVICE), GOOD]}, False),  # record 1 has no device
    ({"device": None, "records": [], "cursor": "48"}, False),  # no records needs a device
    ({"device": {}}, False),
    ({"batchId": ""}, False),
    ({"batchId": None}, False),
    ({"records": None}, False),
    ({"cursor": 48}, False),
], ids=str)
def test_submit_device_and_records(params, valid):
    assert (submit_with(**params) == []) == valid


def test_initialize_ingest_has_both_limits():
    ref = "initialize.schema.json#/$defs/params"
    base = {"protocolVersions": ["1.0"], "hubInfo": {"name": "kidneyhub", "version": "0.1.0"}}
    assert SCHEMAS.errors(ref, base) == []  # §3: only protocolVersions and hubInfo are required
    assert SCHEMAS.errors(ref, base | {"ingest": {"maxBatchRecords": 3, "maxUnacknowledgedBatches": 2}}) == []
    assert SCHEMAS.errors(ref, base | {"ingest": {"maxBatchRecords": 3}})
    assert SCHEMAS.errors(ref, base | {"ingest": {"maxBatchRecords": 0, "maxUnacknowledgedBatches": 2}})
    for member in ["protocolVersions", "hubInfo"]:
        assert SCHEMAS.errors(ref, {k: v for k, v in base.items() if k != member}), member


@pytest.mark.parametrize("location,valid", [
    ("export.csv:17", True),
    ("/home/pat/export 2.csv:1", True),
    ("export.bin@0", True),
    ("export.bin@4096", True),
    ("export.csv", False),
    ("export.csv:0", False),
    ("line 17", False),
    (":17", False),
])
def test_import_problem_location(location, valid):
    ref = "files-import.schema.json#/$defs/result"
    result = {"submitted": 0, "problems": [{"location": location, "reason": "unreadable"}]}
    assert (SCHEMAS.errors(ref, result) == []) == valid


def test_attach_names_its_device():
    ref = "devices-attach.schema.json#/$defs/params"
    assert SCHEMAS.errors(ref, {"node": "/dev/hidraw3"}) == []
    assert SCHEMAS.errors(ref, {"usb": {"vendorId": "1a79", "productId": "6210", "bus": 1, "port": "1-1.2"}}) == []
    assert SCHEMAS.errors(ref, {"cursor": "311"})
    assert SCHEMAS.errors(ref, {"usb": {"vendorId": "1a79", "productId": "6210", "bus": "1"}})


# ---------------------------------------------------------------------------------------------
# Example transcripts

def read_transcript(path):
    lines = []
    for number, text in enumerate(path.read_text().splitlines(), 1):
        line = json.loads(text)
        assert set(line) <= {"direction", "message", "valid"}, f"{path.name}:{number}: unknown keys"
        assert line["direction"] in (HUB, ADAPTER), f"{path.name}:{number}"
        lines.append((number, line))
    return lines


@pytest.mark.parametrize("path", TRANSCRIPTS, ids=lambda p: p.name)
def test_transcript_messages_validate(path):
    checker = Checker(SCHEMAS)
    checked = []
    for number, line in read_transcript(path):
        category, method, problems = checker.check(line["direction"], line["message"])
        if line.get("valid", True):
            assert problems == [], f"{path.name}:{number}: {problems}"
        else:
            assert problems, f"{path.name}:{number} is marked invalid but validates"
        checked.append((number, line, category, method))
    assert checker.pending == {}, f"{path.name}: unanswered requests {list(checker.pending)}"

    # A submit marked invalid must be refused with -32602 naming exactly the records the schema rejects.
    for number, line, category, method in checked:
        if line.get("valid", True) or method != "measurements/submit":
            continue
        message = line["message"]
        rejected = {i for i, r in enumerate(message["params"]["records"]) if record_errors(r)}
        answer = next(l["message"] for _, l, _, _ in checked
                      if l["direction"] == HUB and isinstance(l["message"], dict)
                      and l["message"].get("id") == message["id"] and "method" not in l["message"])
        assert answer["error"]["code"] == -32602
        assert {e["index"] for e in answer["error"]["data"]["errors"]} == rejected


@pytest.mark.parametrize("path", TRANSCRIPTS, ids=lambda p: p.name)
def test_transcript_lifecycle_rules(path):
    """§3: before answering initialize only `log`; no adapter requests before `initialized`;
    batch sizes within the limits the hub gave."""
    lines = [line for _, line in read_transcript(path) if isinstance(line["message"], dict)]  # not a batch array
    first = lines[0]["message"]
    if first.get("method") != "initialize":
        return  # a scenario that starts in the middle of a session
    init_id, answered, initialized = first["id"], False, False
    limit = first["params"].get("ingest", {}).get("maxBatchRecords", 500)
    for line in lines[1:]:
        message = line["message"]
        if line["direction"] == ADAPTER:
            if not answered and message.get("id") != init_id:
                assert message.get("method") == "log", f"{path.name}: {message} before the initialize answer"
            if "method" in message and "id" in message:
                assert initialized, f"{path.name}: adapter request before `initialized`"
            if message.get("method") == "measurements/submit":
                assert len(message["params"]["records"]) <= limit
            if message.get("id") == init_id:
                answered = True
        elif message.get("method") == "initialized":
            initialized = True


@pytest.mark.parametrize("path", TRANSCRIPTS, ids=lambda p: p.name)
def test_empty_batches_are_cursor_only_resends(path):
    """§5.1: a batch with no records carries a device and a cursor, and sends again a batch whose
    records the hub all refused, under the same batchId."""
    refused = set()
    lines = [line for _, line in read_transcript(path) if isinstance(line["message"], dict)]
    submits = {line["message"]["id"]: line["message"]["params"] for line in lines
               if line["message"].get("method") == "measurements/submit"}
    for line in lines:
        message = line["message"]
        if line["direction"] == HUB and message.get("id") in submits and "error" in message:
            refused.add(submits[message["id"]]["batchId"])
        if message.get("method") == "measurements/submit" and message["params"]["records"] == []:
            params = message["params"]
            assert "device" in params and "cursor" in params, f"{path.name}: {message}"
            assert params["batchId"] in refused, f"{path.name}: empty batch {params['batchId']} was never refused"


def test_transcripts_cover_every_method():
    seen = set()
    for path in TRANSCRIPTS:
        seen |= {line["message"].get("method") for _, line in read_transcript(path) if isinstance(line["message"], dict)}
    assert set(METHODS) <= seen, f"no example for {set(METHODS) - seen}"


def test_required_scenarios_exist():
    names = {p.name for p in TRANSCRIPTS}
    for scenario in ["full-session", "unsupported-version", "invalid-batch", "cancelled-sync", "back-pressure",
                     "files-import", "cursor-only-batch"]:
        assert f"{scenario}.transcript.ndjson" in names


# ---------------------------------------------------------------------------------------------
# Manifests

MANIFESTS = sorted(ROOT.glob("Plugins/*/adapter.json")) + sorted(EXAMPLE_DIR.glob("*.adapter.json"))


@pytest.mark.parametrize("path", MANIFESTS, ids=lambda p: str(p.relative_to(ROOT)))
def test_manifest_validates(path):
    manifest = json.loads(path.read_text())
    if manifest == {}:
        pytest.skip(f"{path.relative_to(ROOT)} is still a placeholder")
    assert SCHEMAS.errors("adapter-manifest.schema.json", manifest) == []


GOOD_MANIFEST = json.loads((EXAMPLE_DIR / "simulator.adapter.json").read_text())


@pytest.mark.parametrize("change", [
    {"id": "Simulator"},
    {"id": "sim_ulator"},
    {"executable": None},
    {"protocolVersions": ["1"]},
    {"kinds": ["blood_ketones"]},
    {"matches": {"usb": [{"vendorId": "1A61"}]}},
    {"matches": {"usb": [{"productId": "3850"}]}},
    {"matches": {"bluetooth": [{"serviceUuid": "181d"}]}},
    {"matches": {"bluetooth": [{}]}},
    {"matches": {"files": [{"contentSniff": "x"}]}},
    {"arguments": "--verbose"},
], ids=str)
def test_bad_manifest_fails(change):
    assert SCHEMAS.errors("adapter-manifest.schema.json", changed(GOOD_MANIFEST, **change))

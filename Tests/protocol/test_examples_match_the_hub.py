"""The examples of Protocols/ say what the hub really sends (issue 21 item 3).

test_schemas.py checks that every example validates; this file checks that the examples, the JSON in the protocol
document and its READMEs, and the lists they state agree with the schemas and with the hub's own values, read
from its Swift sources: the request ids it makes (`"h-N"` strings), the `initialize` params and version it sends,
the `progressToken` of every sync, the kinds, and the kinds that may carry `effectivePeriod`.
"""

import json
import re

import pytest

from protocol_schemas import ADAPTER, EXAMPLE_DIR, HUB, ROOT, Checker, Schemas

SCHEMAS = Schemas()
TRANSCRIPTS = sorted(EXAMPLE_DIR.glob("*.transcript.ndjson"))
DOCUMENT = ROOT / "Protocols" / "adapter-protocol.md"
READMES = [ROOT / "Protocols" / "examples" / "README.md", ROOT / "Protocols" / "schemas" / "README.md"]
SWIFT = [path for path in (ROOT / "Sources").rglob("*.swift")]


def swift_match(pattern):
    """The first group of `pattern` in the hub's Swift sources, wherever the file lives (modules move)."""
    found = {m.group(1) for path in SWIFT for m in re.finditer(pattern, path.read_text())}
    assert len(found) == 1, f"{pattern}: found {sorted(found)} in Sources/"
    return found.pop()


# What the hub sends, from its sources.
HUB_ID_PREFIX = swift_match(r'idPrefix:\s*"(h-)"')  # the adapter process connection (AdapterProcess.swift)
HUB_VERSION = swift_match(r'enum HubVersion[^}]*?static let current = "([^"]+)"')
INITIALIZE_PARAMS = {"protocolVersions", "hubInfo", "hubPid", "adapterConfig", "logLevel", "ingest"}


def transcript(path):
    return [(number, json.loads(text)) for number, text in enumerate(path.read_text().splitlines(), 1)]


def messages(path, direction=None):
    """(line number, message) of every object message (not the deliberate batch array), optionally of one side."""
    return [(n, line["message"]) for n, line in transcript(path)
            if isinstance(line["message"], dict) and direction in (None, line["direction"])]


def requests(path, direction):
    return [(n, m) for n, m in messages(path, direction) if "method" in m and "id" in m]


# ---------------------------------------------------------------------------------------------
# Ids


@pytest.mark.parametrize("path", TRANSCRIPTS, ids=lambda p: p.name)
def test_hub_request_ids_are_the_strings_the_hub_makes(path):
    # The requests inside a (deliberately invalid) batch array are counted too: they used up their ids.
    ids = [m["id"] for _, line in transcript(path) if line["direction"] == HUB
           for m in (line["message"] if isinstance(line["message"], list) else [line["message"]])
           if isinstance(m, dict) and "method" in m and "id" in m]
    assert ids, f"{path.name}: the hub sends no request"
    for request_id in ids:
        assert isinstance(request_id, str) and re.fullmatch(re.escape(HUB_ID_PREFIX) + r"[1-9][0-9]*", request_id), \
            f"{path.name}: hub request id {request_id!r} is not {HUB_ID_PREFIX}N"
    numbers = [int(request_id[len(HUB_ID_PREFIX):]) for request_id in ids]
    # One connection counts up by one per request; a transcript from the start of a session begins at 1.
    assert numbers == list(range(numbers[0], numbers[0] + len(numbers))), f"{path.name}: {ids}"
    first = requests(path, HUB)[0][1]
    if first["method"] == "initialize":
        assert first["id"] == HUB_ID_PREFIX + "1"


@pytest.mark.parametrize("path", TRANSCRIPTS, ids=lambda p: p.name)
def test_answers_echo_the_id_exactly_and_adapter_ids_are_its_own(path):
    sent = {(HUB, m["id"]) for _, m in requests(path, HUB)} | {(ADAPTER, m["id"]) for _, m in requests(path, ADAPTER)}
    for direction, other in [(HUB, ADAPTER), (ADAPTER, HUB)]:
        for number, message in messages(path, direction):
            if "method" in message or message.get("id") is None:
                continue
            # Same value and same JSON type: "h-7" is answered "h-7", never 7.
            assert (other, message["id"]) in sent, f"{path.name}:{number}: answer to an id {other} never sent"
    for _, message in requests(path, ADAPTER):
        assert isinstance(message["id"], str) and not message["id"].startswith(HUB_ID_PREFIX), message["id"]


@pytest.mark.parametrize("path", TRANSCRIPTS, ids=lambda p: p.name)
def test_cancellations_name_a_request_of_the_canceller(path):
    sent = {HUB: set(), ADAPTER: set()}
    for _, line in transcript(path):
        message = line["message"]
        if not isinstance(message, dict):
            continue
        if "method" in message and "id" in message:
            sent[line["direction"]].add(message["id"])
        if message.get("method") == "$/cancelRequest":
            assert message["params"]["id"] in sent[line["direction"]], f"{path.name}: cancels an id it never sent"


# ---------------------------------------------------------------------------------------------
# Fields the hub sends


def hub_requests(method):
    return [(path.name, n, m) for path in TRANSCRIPTS for n, m in requests(path, HUB) if m["method"] == method]


def test_initialize_carries_what_the_hub_sends():
    found = hub_requests("initialize")
    assert found
    for name, number, message in found:
        params = message["params"]
        assert set(params) == INITIALIZE_PARAMS, f"{name}:{number}: {sorted(params)}"
        assert params["hubInfo"]["name"] == "kidneyhub"
        # unsupported-version plays a future hub that speaks only 9.0; every other example is this hub.
        if params["protocolVersions"] == ["1.0"]:
            assert params["hubInfo"] == {"name": "kidneyhub", "version": HUB_VERSION}, f"{name}:{number}"
        assert set(params["ingest"]) == {"maxBatchRecords", "maxUnacknowledgedBatches"}


def test_every_sync_of_the_hub_carries_a_progress_token():
    found = hub_requests("devices/sync")
    assert found
    for name, number, message in found:
        assert isinstance(message["params"].get("progressToken"), str), f"{name}:{number}: the hub always sends one (§6)"


# ---------------------------------------------------------------------------------------------
# Kinds


SCHEMA_KINDS = set(SCHEMAS.files["definitions.schema.json"]["$defs"]["kind"]["enum"])


def period_kinds_of_schema():
    record = SCHEMAS.files["measurement-record.schema.json"]
    rule = next(part for part in record["allOf"] if "effectivePeriod" in json.dumps(part.get("then", {})))
    return set(rule["if"]["properties"]["kind"]["not"]["enum"])


def test_every_kind_in_the_examples_and_manifests_is_a_schema_kind():
    used = set()
    for path in TRANSCRIPTS:
        for _, message in messages(path):
            params, result = message.get("params") or {}, message.get("result") or {}
            used |= {record["kind"] for record in params.get("records", []) if "kind" in record}
            for holder in [params.get("device"), result.get("device"), *(result.get("devices") or [])]:
                used |= set((holder or {}).get("kinds", []))
    manifests = [EXAMPLE_DIR / "simulator.adapter.json", *sorted((ROOT / "Plugins").glob("*/adapter.json"))]
    for manifest in manifests:
        used |= set(json.loads(manifest.read_text())["kinds"])
    assert used and used <= SCHEMA_KINDS, f"kinds the schema does not know: {used - SCHEMA_KINDS}"


def test_the_effective_period_kinds_agree_in_schema_document_and_readme():
    schema = period_kinds_of_schema()
    assert len(schema) == 11
    table = re.findall(r"^\| `([a-z_]+)` \|.*\(`effectivePeriod` allowed\)", DOCUMENT.read_text(), re.MULTILINE)
    assert set(table) == schema, "adapter-protocol.md §5.2 marks other kinds than the schema"
    readme = (ROOT / "Protocols" / "schemas" / "README.md").read_text()
    paragraph = readme[readme.index("`effectivePeriod` is only for"):]
    paragraph = paragraph[:paragraph.index("(`measurement-record.schema.json`)")]
    assert set(re.findall(r"`([a-z_]+)`", paragraph)) == schema, "the schemas README lists other kinds"


# ---------------------------------------------------------------------------------------------
# JSON in the document and the READMEs


def json_blocks(path):
    return [block for block in re.findall(r"```json\n(.*?)```", path.read_text(), re.DOTALL)]


@pytest.mark.parametrize("path", [DOCUMENT, *READMES], ids=lambda p: p.parent.name + "/" + p.name)
def test_json_in_the_documents_validates_and_uses_the_hubs_ids(path):
    checker = Checker(SCHEMAS)
    checked = 0
    for block in json_blocks(path):
        value = json.loads(block)
        if "direction" in value:  # a transcript line
            direction, message = value["direction"], value["message"]
        elif "jsonrpc" in value:
            # The document's messages: the hub's requests carry "h-" ids, the adapter's "a-" ids.
            own = str(value.get("id", ""))
            direction = HUB if own.startswith(HUB_ID_PREFIX) == ("method" in value) else ADAPTER
            message = value
        elif "executable" in value:
            assert SCHEMAS.errors("adapter-manifest.schema.json", value) == [], block
            checked += 1
            continue
        else:
            continue
        category, method, problems = checker.check(direction, message)
        assert problems == [], f"{path.name}: {problems}"
        if category == "request" and direction == HUB:
            assert str(message["id"]).startswith(HUB_ID_PREFIX), f"{path.name}: hub request id {message['id']!r}"
        checked += 1
    # The Python snippet of the schemas README validates a sync answer by hand.
    for snippet in re.findall(r"validator\.validate\((\{.*\})\)", path.read_text()):
        answer = json.loads(snippet)
        assert SCHEMAS.errors("devices-sync.schema.json#/$defs/response", answer) == []
        assert str(answer["id"]).startswith(HUB_ID_PREFIX)
        checked += 1
    assert checked, f"{path.name}: no JSON example found"


def test_the_examples_readme_no_longer_calls_the_hub_ids_numeric():
    text = READMES[0].read_text()
    assert "numeric request ids" not in text
    assert f'"{HUB_ID_PREFIX}1"' in text

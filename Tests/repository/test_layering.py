"""The module map holds: each module imports only what `Package.swift` declares for it and what
`docs/architecture.md`'s map allows, `HubCore` depends on no package, and the command line holds no store and no SQL.

The map below is the one in docs/architecture.md ("Module map"); a change to either must change both. The checker is
run on small examples first, so a pass means "the sources follow the map", not "the checker saw nothing".
"""

import json
import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# System and toolchain modules any target may import.
SYSTEM = {"Foundation", "FoundationEssentials", "Dispatch", "Glibc", "Darwin", "Musl", "Synchronization", "Testing", "XCTest", "_Concurrency"}

# Our hub's modules, lowest first, and what each may import of them (besides packages declared in Package.swift).
HUB_BELOW = {
    "HubCore": {"CivilTime"},
    "Clinical": {"CivilTime", "HubCore"},
    "Care": {"HubCore", "Clinical"},
    "HubRecords": {"HubCore", "Clinical", "Care"},
    "HubStore": {"HubCore", "Clinical", "Care", "HubRecords"},
    "AdapterHost": {"AdapterProtocol", "HubCore", "HubRecords", "HubStore"},
    "LibUSBHotplug": {"AdapterHost", "USBTransport"},
    "CareEngine": {"HubCore", "Clinical", "Care", "HubRecords", "HubStore"},
    "Charts": {"HubCore", "Clinical"},
    "Reports": {"HubCore", "Clinical", "Care", "HubRecords", "HubStore", "Charts", "CCairo"},
    "TerminalOutput": {"HubCore", "Clinical"},
    "DesktopNotifications": {"HubCore", "Care", "HubRecords", "HubStore", "CareEngine", "DBus"},
    # The care-team server (issue 20): its own store on PostgreSQL, never the hub's SQLite store; the domain modules
    # only.
    "CareServerStore": {"HubCore", "Clinical"},
    # CareServer also reads clinicians' orders with Care's MedicationRequest reader (the hub's own rules).
    "CareServer": {"CareServerStore", "HubCore", "Clinical", "Care"},
    # The clinician portal (issue 20 item 8): the server's gate, the store's read values, and the hub's domain rules
    # and chart layout for its flags and trends.
    "CarePortal": {"CareServer", "CareServerStore", "HubCore", "Clinical", "Care", "Charts"},
    "KidneyHubServer": {"CarePortal", "CareServer", "CareServerStore"},
}
# The layers above may import anything below them, except what is named here.
FORBIDDEN = {
    "HubServices": {"kidneyhub", "HubDaemon", "HubWeb"},
    "HubDaemon": {"kidneyhub", "HubWeb"},
    # The web app (issue 18) calls the application layer only, like the command line.
    "HubWeb": {"HubStore", "GRDB", "GRDBSQLite", "CareEngine", "AdapterHost", "HubDaemon", "kidneyhub"},
    # The command line calls the application layer: no store, no database, no engine behind the services' back.
    "kidneyhub": {"HubStore", "GRDB", "GRDBSQLite", "CareEngine"},
    "CareServerStore": {"HubStore", "GRDB", "GRDBSQLite"},
    "CareServer": {"HubStore", "GRDB", "GRDBSQLite"},
    "CarePortal": {"HubStore", "GRDB", "GRDBSQLite", "PostgresNIO", "HubWeb"},
    "KidneyHubServer": {"HubStore", "GRDB", "GRDBSQLite", "PostgresNIO"},
}
# Modules whose SQL lives in their store: they hold none themselves.
NO_SQL = {"kidneyhub", "HubWeb", "CareServer", "CarePortal", "KidneyHubServer"}
# The adapters' side shares only AdapterProtocol with the hub.
ADAPTER_SIDE_MAY_NOT = {
    "HubCore", "Clinical", "Care", "HubRecords", "HubStore", "AdapterHost", "CareEngine", "HubServices", "HubDaemon",
}
# A statement of SQL in a string: what the command line and the web app must never hold (an HTML `<select>` is not).
SQL = re.compile(r"(?<!<)\b(SELECT\s+[\w*]|INSERT\s+INTO|UPDATE\s+\w+\s+SET|DELETE\s+FROM|CREATE\s+(TABLE|INDEX)|PRAGMA\s+\w)", re.I)
IMPORT = re.compile(r"^\s*(?:@testable\s+|@_exported\s+|@preconcurrency\s+)*import\s+(?:(?:struct|enum|class|func)\s+)?(\w+)", re.M)


def swift_without_comments(text):
    """Swift text with `//` and `/* */` comments removed (string literals kept), for finding imports and SQL."""
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return re.sub(r"//[^\n]*", "", text)


def violations(targets, sources):
    """Every broken rule, as sentences. `targets`: name -> {"deps": set, "products": set, "kind": str};
    `sources`: name -> {relative path: text}."""
    found = []
    core = targets.get("HubCore")
    if core and core["products"]:
        found.append(f"HubCore depends on packages {sorted(core['products'])}: it must depend on none")
    for name, files in sources.items():
        target = targets[name]
        declared = target["deps"] | target["products"]
        adapter_side = "AdapterKit" in declared or name in {"AdapterKit", "Importers", "Glucometers", "BLEAdapters"}
        for path, text in files.items():
            code = swift_without_comments(text)
            for module in set(IMPORT.findall(code)):
                if module in SYSTEM or module == name:
                    continue
                if module not in declared and not target["kind"] == "test":
                    found.append(f"{path} imports {module}, which Package.swift does not declare for {name}")
                if name in HUB_BELOW and module in targets and module not in HUB_BELOW[name] and module not in target["products"]:
                    found.append(f"{path} imports {module}: the module map does not let {name} import it")
                if module in FORBIDDEN.get(name, set()):
                    found.append(f"{path} imports {module}: the module map forbids it in {name}")
                if adapter_side and module in ADAPTER_SIDE_MAY_NOT:
                    found.append(f"{path} imports {module}: adapters share only AdapterProtocol with the hub")
            if name in NO_SQL:
                for match in SQL.finditer(code):
                    line = code.count("\n", 0, match.start()) + 1
                    found.append(f"{path}:{line} holds SQL ({match.group(0)!r}): {name} must not (its store does)")
            if name in {"kidneyhub", "HubWeb"}:
                if re.search(r"\bHubDatabase\b", code):
                    found.append(f"{path} names HubDatabase: a front end reaches the store only through HubServices")
    return found


def load_package():
    """The targets of Package.swift as SwiftPM reads them, and each target's Swift sources."""
    dump = json.loads(subprocess.run(["swift", "package", "dump-package"], cwd=ROOT, check=True,
                                     capture_output=True, text=True).stdout)
    targets, sources = {}, {}
    for target in dump["targets"]:
        deps, products = set(), set()
        for dep in target["dependencies"]:
            if "byName" in dep:
                deps.add(dep["byName"][0])
            elif "target" in dep:
                deps.add(dep["target"][0])
            elif "product" in dep:
                products.add(dep["product"][0])
        name = target["name"]
        targets[name] = {"deps": deps, "products": products, "kind": target["type"]}
        if target["type"] == "system":
            continue
        default = "Tests" if target["type"] == "test" else "Sources"
        folder = ROOT / (target.get("path") or f"{default}/{name}")
        sources[name] = {str(p.relative_to(ROOT)): p.read_text() for p in folder.rglob("*.swift")}
    return targets, sources


def test_the_sources_follow_the_module_map():
    targets, sources = load_package()
    for name in ["HubCore", "Clinical", "Care", "HubRecords", "HubStore", "AdapterHost", "CareEngine", "HubServices",
                 "kidneyhub", "HubWeb", "CareServerStore", "CareServer", "CarePortal", "KidneyHubServer"]:
        assert name in targets, f"{name} is missing from Package.swift"
    problems = violations(targets, sources)
    assert not problems, "the module map is broken:\n" + "\n".join(problems)


def example_targets():
    t = lambda deps=(), products=(), kind="regular": {"deps": set(deps), "products": set(products), "kind": kind}
    return {
        "HubCore": t(), "Clinical": t(["HubCore"]), "Care": t(["HubCore", "Clinical"]),
        "HubStore": t(["HubCore"], ["GRDB"]), "CareEngine": t(["HubStore"]), "GRDB": t(kind="package"),
        "HubServices": t(["HubStore"]), "kidneyhub": t(["HubServices", "HubStore"]), "AdapterKit": t(),
        "HubWeb": t(["HubServices", "HubStore"]),
        "Importers": t(["AdapterKit"]), "CareServer": t(["HubStore"]),
    }


@pytest.mark.parametrize("name, text, expected", [
    ("kidneyhub", "import HubStore\n", "forbids it in kidneyhub"),
    ("kidneyhub", "import GRDB\n", "does not declare"),
    ("kidneyhub", 'let q = "SELECT id FROM profile"\n', "holds SQL"),
    ("CareServer", 'let q = "INSERT INTO symptom_list VALUES (1)"\n', "holds SQL"),
    ("CareServer", "import HubStore\n", "forbids it in CareServer"),
    ("kidneyhub", "let s: HubDatabase\n", "names HubDatabase"),
    ("HubWeb", "import HubStore\n", "forbids it in HubWeb"),
    ("HubWeb", 'let q = "DELETE FROM intake"\n', "holds SQL"),
    ("HubWeb", 'let q = "select id from intake"\n', "holds SQL"),
    ("Clinical", "import Care\n", "does not let Clinical import it"),
    ("HubCore", "import Clinical\n", "does not declare"),
    ("Importers", "import HubCore\n", "share only AdapterProtocol"),
])
def test_the_checker_catches_each_kind_of_break(name, text, expected):
    targets = example_targets()
    found = violations(targets, {name: {f"Sources/{name}/Example.swift": text}})
    assert any(expected in sentence for sentence in found), found


def test_the_checker_passes_clean_code_and_ignores_comments():
    targets = example_targets()
    text = "import HubServices\n// import HubStore, SELECT * FROM x\n/* HubDatabase */\nlet x = 1\n"
    assert violations(targets, {"kidneyhub": {"Sources/kidneyhub/A.swift": text}}) == []


def test_a_package_under_hub_core_is_caught():
    targets = example_targets()
    targets["HubCore"]["products"].add("CSV")
    assert any("HubCore depends on packages" in s for s in violations(targets, {}))

"""The hub's /api/v1 against its own OpenAPI 3.1 document (issue 18's acceptance): the document validates as OpenAPI,
and schemathesis (PyPI) generates requests from it and checks every answer of `kidneyhub serve`, signed in through
the first run in Chromium, with a weight, a blood pressure, a lab, a drink, a medicine and a goal entered through the
pages' forms so that filled answers are checked too: no server error, no status, media type, header or body the
document does not allow, for every GET path the document has."""

import json
import re
import shutil
import subprocess
import urllib.parse
import urllib.request
from xml.etree import ElementTree

from test_web import first_run

CHECKS = ",".join(["not_a_server_error", "status_code_conformance", "content_type_conformance",
                   "response_schema_conformance", "response_headers_conformance"])


# What the pages' forms take, so that every page's data has something in it when schemathesis reads it.
FORMS = [
    ("/weight", {"value": "71.4", "unit": "kg", "phase": "post"}),
    ("/blood-pressure", {"systolic": "132", "diastolic": "84"}),
    ("/labs", {"analyte": "potassium", "value": "5.6", "unit": "mmol/L"}),
    ("/labs", {"analyte": "creatinine", "value": "6.1", "unit": "mg/dL"}),
    ("/fluid", {"amount": "250"}),
    ("/medications", {"name": "Amlodipine", "dose": "5", "unit": "mg", "route": "oral", "frequency": "1",
                      "period": "1", "periodUnit": "d", "time": "08:00"}),
    ("/goals", {"template": "hd-idwg"}),
]


def enter_data(base, cookie):
    """Posts each of `FORMS` as the signed-in browser would (its cookie and the page's CSRF token)."""
    headers = {"Cookie": f"kidneyhub_session={cookie}"}
    with urllib.request.urlopen(urllib.request.Request(f"{base}/today", headers=headers), timeout=60) as page:
        csrf = re.search(r'name="csrf" value="([^"]+)"', page.read().decode()).group(1)
    for path, fields in FORMS:
        body = urllib.parse.urlencode({**fields, "csrf": csrf}).encode()
        request = urllib.request.Request(f"{base}{path}", data=body, method="POST", headers={
            **headers, "Content-Type": "application/x-www-form-urlencoded"})
        # The answer is a redirect to the page that shows what was saved (followed as a GET); a refusal is a 422.
        with urllib.request.urlopen(request, timeout=60) as answer:
            assert answer.status == 200, (path, answer.status)
            assert "id=\"errors\" role=\"alert\" aria-live=\"assertive\"></div>" in answer.read().decode(), path


def api_get(base, cookie, path):
    request = urllib.request.Request(f"{base}/api/v1{path}", headers={"Cookie": f"kidneyhub_session={cookie}"})
    with urllib.request.urlopen(request, timeout=60) as answer:
        return json.loads(answer.read())


def test_schemathesis_finds_no_server_error_and_nothing_against_the_document(hub, browser, tmp_path):
    first_run(browser, hub, check=False)
    cookie = browser.get_cookie("kidneyhub_session")
    assert cookie, "the first run left no session cookie"
    document = api_get(hub.base, cookie["value"], "/openapi.json")
    assert document["openapi"].startswith("3.1"), document["openapi"]
    gets = {f"GET {path}" for path, operations in document["paths"].items() if "get" in operations}
    assert {"GET /foods", "GET /today", "GET /labs", "GET /trends/labs"} <= gets, gets
    enter_data(hub.base, cookie["value"])
    # The forms did store: the pages' data has them (schemathesis then checks these filled answers).
    assert [r["analyte"] for r in api_get(hub.base, cookie["value"], "/labs")["results"]] == ["creatinine", "potassium"]
    assert api_get(hub.base, cookie["value"], "/fluid")["total"] == 250
    assert len(api_get(hub.base, cookie["value"], "/medications")["medications"]) == 1
    assert len(api_get(hub.base, cookie["value"], "/goals")["goals"]) == 1
    schemathesis = shutil.which("schemathesis")
    assert schemathesis, "schemathesis is not installed (scripts/setup.sh installs it)"
    document_file = tmp_path / "openapi.json"
    document_file.write_text(json.dumps(document))
    run = subprocess.run(
        [schemathesis, "run", str(document_file), "--url", f"{hub.base}/api/v1",
         "-H", f"Cookie: kidneyhub_session={cookie['value']}", "--checks", CHECKS,
         "--max-examples", "25", "--seed", "18", "--workers", "1", "--request-timeout", "60",
         "--report", "junit", "--report-dir", str(tmp_path)],
        capture_output=True, text=True, timeout=1200, cwd=tmp_path)
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-2000:]
    # It did test: its report names every GET operation of the document, with no failure and no error.
    report = ElementTree.parse(next(tmp_path.glob("junit-*.xml"))).getroot()
    tested = {case.get("name") for case in report.iter("testcase")}
    assert gets <= tested, gets - tested
    assert report.get("failures") == "0" and report.get("errors") == "0", ElementTree.tostring(report)

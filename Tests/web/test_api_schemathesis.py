"""The hub's /api/v1 against its own OpenAPI 3.1 document (issue 18's acceptance): the document validates as OpenAPI,
and schemathesis (PyPI) generates requests from it and checks every answer of `kidneyhub serve`, signed in through
the first run in Chromium: no server error, no status, media type, header or body the document does not allow."""

import json
import shutil
import subprocess
import urllib.request
from xml.etree import ElementTree

from test_web import first_run

CHECKS = ",".join(["not_a_server_error", "status_code_conformance", "content_type_conformance",
                   "response_schema_conformance", "response_headers_conformance"])


def test_schemathesis_finds_no_server_error_and_nothing_against_the_document(hub, browser, tmp_path):
    first_run(browser, hub, check=False)
    cookie = browser.get_cookie("kidneyhub_session")
    assert cookie, "the first run left no session cookie"
    document_url = f"{hub.base}/api/v1/openapi.json"
    request = urllib.request.Request(document_url, headers={"Cookie": f"kidneyhub_session={cookie['value']}"})
    with urllib.request.urlopen(request, timeout=60) as answer:
        document = json.loads(answer.read())
    assert document["openapi"].startswith("3.1"), document["openapi"]
    schemathesis = shutil.which("schemathesis")
    assert schemathesis, "schemathesis is not installed (scripts/setup.sh installs it)"
    document_file = tmp_path / "openapi.json"
    document_file.write_text(json.dumps(document))
    run = subprocess.run(
        [schemathesis, "run", str(document_file), "--url", f"{hub.base}/api/v1",
         "-H", f"Cookie: kidneyhub_session={cookie['value']}", "--checks", CHECKS,
         "--max-examples", "60", "--seed", "18", "--workers", "1", "--request-timeout", "60",
         "--report", "junit", "--report-dir", str(tmp_path)],
        capture_output=True, text=True, timeout=1200, cwd=tmp_path)
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-2000:]
    # It did test: its report names every operation of the document, with no failure and no error.
    report = ElementTree.parse(next(tmp_path.glob("junit-*.xml"))).getroot()
    tested = {case.get("name") for case in report.iter("testcase")}
    assert {"GET /foods", "GET /today"} <= tested, tested
    assert report.get("failures") == "0" and report.get("errors") == "0", ElementTree.tostring(report)

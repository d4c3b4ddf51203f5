"""/api/v1 against its own OpenAPI 3.1 document: schemathesis (PyPI) generates requests from the document served at
/api/v1/openapi.json and checks every answer of a running kidneyhub-server on a throwaway cluster: no server error,
no status, media type, header or body the document does not allow. Refusals are RFC 9457 problem details naming the
field."""

import json
import shutil
import subprocess
import urllib.error
import urllib.request
from xml.etree import ElementTree

# The checks that hold the server to the document (issue 20's acceptance: no server error, no response that
# contradicts the document).
CHECKS = ",".join(["not_a_server_error", "status_code_conformance", "content_type_conformance",
                   "response_schema_conformance", "response_headers_conformance"])


def state_values(state):
    """The shell variables clinic.sh wrote (BASE_URL, tokens, ids)."""
    return dict(line.split("=", 1) for line in state.read_text().splitlines() if "=" in line)


def post(url, token, body):
    request = urllib.request.Request(url, data=body.encode(), method="POST", headers={
        "Authorization": f"Token {token}", "Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=60) as answer:
            return answer.status, answer.headers.get("Content-Type"), json.loads(answer.read())
    except urllib.error.HTTPError as refused:
        return refused.code, refused.headers.get("Content-Type"), json.loads(refused.read())


def test_schemathesis_finds_no_server_error_and_nothing_against_the_document(clinic, tmp_path):
    env, state, _ = clinic
    values = state_values(state)
    base = values["BASE_URL"].rstrip("/")
    with urllib.request.urlopen(f"{base}/api/v1/openapi.json", timeout=60) as answer:
        document = json.loads(answer.read())
    assert document["openapi"].startswith("3.1"), document["openapi"]
    assert "/api/v1/symptom-lists" in document["paths"]
    schemathesis = shutil.which("schemathesis")
    assert schemathesis, "schemathesis is not installed (scripts/setup.sh installs it)"
    # The patient's own operations, with her token.
    report, run = run_schemathesis(schemathesis, base, values["PATIENT1_TOKEN"], tmp_path / "patient",
                                   "--exclude-path-regex", SYNC_PATHS)
    tested = {case.get("name") for case in report.iter("testcase")}
    assert {"GET /api/v1/symptom-lists", "POST /api/v1/symptom-lists", "GET /api/v1/symptom-lists/{id}"} <= tested
    assert "No issues found" in run.stdout, run.stdout[-3000:]
    # The hub's enrollment and sync, with the clinician's token: her codes for any id (a patient of her clinic,
    # another's, none), codes nobody issued, and Bundles pushed without a device token. Schemathesis warns that most
    # of what it generates is refused (no device token, no valid code): the point here is that every answer is one
    # the document allows and none is a server error, so those warnings are off for this run.
    report, run = run_schemathesis(schemathesis, base, values["CLINICIAN_TOKEN"], tmp_path / "sync",
                                   "--include-path-regex", SYNC_PATHS, "--warnings", "off")
    tested = {case.get("name") for case in report.iter("testcase")}
    assert {"POST /api/v1/patients/{id}/enrollment-codes", "POST /api/v1/enrollments", "POST /api/v1/sync"} <= tested


# The operations of the hub's enrollment and sync (issue 20 item 7).
SYNC_PATHS = r"^/api/v1/(enrollments|sync|patients/)"


def run_schemathesis(schemathesis, base, token, folder, *options):
    """One schemathesis run with `token`; its JUnit report (every case passed, none errored) and its output."""
    folder.mkdir()
    run = subprocess.run(
        [schemathesis, "run", f"{base}/api/v1/openapi.json", "--url", base,
         "-H", f"Authorization: Token {token}", "--checks", CHECKS,
         "--max-examples", "40", "--seed", "20", "--workers", "1", "--request-timeout", "60",
         "--report", "junit", "--report-dir", str(folder), *options],
        capture_output=True, text=True, timeout=1200, cwd=folder)
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-2000:]
    # It did test: its report names the operations, with no failure and no error.
    report = ElementTree.parse(next(folder.glob("junit-*.xml"))).getroot()
    assert report.get("failures") == "0" and report.get("errors") == "0", ElementTree.tostring(report)
    return report, run


def test_a_refused_body_is_problem_details_naming_each_field(clinic):
    env, state, _ = clinic
    values = state_values(state)
    url = values["BASE_URL"].rstrip("/") + "/api/v1/symptom-lists"
    token = values["PATIENT1_TOKEN"]
    status, media, body = post(url, token, '{"symptoms": [{"symptom_no": 1, "scale": 11}], "colour": "red"}')
    assert status == 400 and media == "application/problem+json", (status, media, body)
    assert body["status"] == 400 and body["title"] == "Bad Request"
    pointers = {problem["pointer"]: problem["detail"] for problem in body["errors"]}
    assert set(pointers) == {"#/symptoms/0/scale", "#/colour"}, body
    assert "10" in pointers["#/symptoms/0/scale"], body
    assert "symptoms/0/scale" in body["detail"] and "colour" in body["detail"], body
    # A patient's valid list is stored; a clinician may not post one (403, also problem details).
    status, media, stored = post(url, token, '{"symptoms": [{"symptom_no": 3, "scale": 4}]}')
    assert status == 201 and stored["symptoms"] == [{"symptom_no": 3, "scale": 4}], stored
    status, media, body = post(url, values["CLINICIAN_TOKEN"], '{"symptoms": []}')
    assert status == 403 and media == "application/problem+json" and body["status"] == 403, body
    # Nothing of the refused bodies was written: the patient has the seed's 20 lists and the one above.
    request = urllib.request.Request(url, headers={"Authorization": f"Token {token}"})
    with urllib.request.urlopen(request, timeout=60) as answer:
        lists = json.loads(answer.read())
    assert len(lists) == 21, len(lists)

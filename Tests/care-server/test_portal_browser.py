"""The clinician portal in a real browser (issue 20, acceptance "Portal in a real browser"): a throwaway clinic from
scripts/clinic.sh, a patient's weights pushed through `POST /api/v1/sync` as her hub pushes them (a FHIR transaction
Bundle of conditional creates, the dialysis phase in the hub's extension), then headless Chromium: the clinician
signs in, sees her flagged for a 4.5 % gain, opens her page; axe-core finds no violation on either page, and
screenshots at 1280 and 360 pixels are saved in Tests/web/screenshots."""

import json
import sys
import urllib.request
import uuid
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from selenium.webdriver.common.keys import Keys

WEB = Path(__file__).resolve().parents[1] / "web"
sys.path.insert(0, str(WEB))
from pages import check_page, chromium, wait_for  # noqa: E402

PHASE = "https://kidneyhub.org/fhir/StructureDefinition/dialysis-phase"


@pytest.fixture
def browser():
    driver = chromium()
    yield driver
    driver.quit()


def call(base, path, body=None, token=None, scheme="Token"):
    request = urllib.request.Request(base + path, data=None if body is None else json.dumps(body).encode(),
                                     method="POST" if body is not None else "GET")
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"{scheme} {token}")
    with urllib.request.urlopen(request, timeout=60) as answer:
        return json.loads(answer.read() or b"null")


def observation(patient, key, code, display, when, value=None, unit=None, phase=None, components=None,
                category="vital-signs"):
    resource = {
        "resourceType": "Observation",
        "identifier": [{"system": "urn:kidneyhub:measurement", "value": key}],
        "status": "final",
        "category": [{"coding": [{"system": "http://terminology.hl7.org/CodeSystem/observation-category",
                                  "code": category}]}],
        "code": {"coding": [{"system": "http://loinc.org", "code": code, "display": display}]},
        "subject": {"reference": f"Patient/{patient}"},
        "effectiveDateTime": when.isoformat(timespec="seconds"),
    }
    if phase:
        resource["extension"] = [{"url": PHASE, "valueCode": phase}]
    if value is not None:
        resource["valueQuantity"] = {"value": value, "unit": unit, "system": "http://unitsofmeasure.org",
                                     "code": unit}
    if components:
        resource["component"] = [
            {"code": {"coding": [{"system": "http://loinc.org", "code": c}]},
             "valueQuantity": {"value": v, "unit": "mmHg", "system": "http://unitsofmeasure.org", "code": "mm[Hg]"}}
            for c, v in components]
    return {"fullUrl": f"urn:uuid:{uuid.uuid4()}", "resource": resource,
            "request": {"method": "POST", "url": "Observation",
                        "ifNoneExist": f"identifier=urn:kidneyhub:measurement|{key}"}}


def test_a_clinician_sees_a_patient_flagged_for_a_gain_and_opens_her_page(clinic, browser):
    env, state, _ = clinic
    values = dict(line.split("=", 1) for line in state.read_text().splitlines() if "=" in line)
    base, patient = values["BASE_URL"], values["PATIENT1_ID"]

    # Her hub enrolls with a code from the clinician, then pushes a session's weights: 70.0 kg after the last
    # session, 73.15 kg before today's (3.15 kg, 4.5 % of 70.0), with a pre-dialysis pressure and a potassium.
    code = call(base, f"/api/v1/patients/{patient}/enrollment-codes", {}, values["CLINICIAN_TOKEN"])["code"]
    device = call(base, "/api/v1/enrollments", {"code": code})["token"]
    now = datetime.now(timezone.utc).replace(microsecond=0)
    entries = [
        observation(patient, "w-post", "29463-7", "Body weight", now - timedelta(days=2), 70.0, "kg", "post"),
        observation(patient, "w-pre", "29463-7", "Body weight", now - timedelta(hours=1), 73.15, "kg", "pre"),
        observation(patient, "bp-pre", "85354-9", "Blood pressure panel", now - timedelta(minutes=55),
                    components=[("8480-6", 138), ("8462-4", 82)]),
        observation(patient, "k-1", "2823-3", "Potassium", now - timedelta(days=3), 5.1, "mmol/L",
                    category="laboratory"),
    ]
    stored = call(base, "/api/v1/sync", {"resourceType": "Bundle", "type": "transaction", "entry": entries},
                  device, scheme="Bearer")
    assert stored["resourceType"] == "Bundle" and len(stored["entry"]) == 4, stored

    browser.get(base + "/portal/")
    wait_for(browser, lambda d: d.find_elements("id", "username"))
    browser.find_element("id", "username").send_keys(values["CLINICIAN_USERNAME"])
    browser.find_element("id", "password").send_keys(values["CLINICIAN_PASSWORD"])
    browser.find_element("css selector", "form.stacked button[type=submit]").click()
    wait_for(browser, lambda d: d.current_url.endswith("/portal/patients"))

    flag = browser.find_element("css selector", f'tr[data-patient="{patient}"] li[data-flag="weight-gain"]')
    assert "4.5 %" in flag.text and "post-dialysis weight" in flag.text, flag.text
    row = browser.find_element("css selector", f'tr[data-patient="{patient}"]').text
    assert "138/82 mmHg" in row and "5.1 mmol/L" in row, row  # the pressure beside the pre-dialysis weight
    others = browser.find_elements("css selector", 'li[data-flag="weight-gain"]')
    assert len(others) == 1, [o.text for o in others]
    check_page(browser, "portal-patients")

    browser.find_element("css selector", f'tr[data-patient="{patient}"] th a').click()
    wait_for(browser, lambda d: d.current_url.endswith(f"/portal/patients/{patient}"))
    assert browser.find_element("css selector", 'li[data-flag="weight-gain"]')
    for chart in ["chart-weight", "chart-gain", "chart-pressure", "chart-potassium"]:
        assert browser.find_element("id", chart).get_attribute("role") == "img", chart
    labs = browser.find_element("id", "labs").text
    assert "Potassium" in labs and "5.10" in labs, labs
    check_page(browser, "portal-patient")

    # A unit's list comes fifty patients a page, the flagged ones first: 50 more patients make two pages, and the
    # pager is followed with the keyboard.
    for i in range(50):
        call(base, "/patients/", {"nhs_number": f"{9_000_000_000 + i}", "password": values["PATIENT_PASSWORD"],
                                  "first_name": f"Extra{i}", "drug_course_id": 1, "month_of_treatment": 1},
             values["CLINICIAN_TOKEN"])
    browser.get(base + "/portal/patients")
    pager = 'nav[aria-label="Pages of the patient list"]'
    assert "Page 1 of 2" in browser.find_element("css selector", pager).text
    assert len(browser.find_elements("css selector", "tbody tr")) == 50
    assert browser.find_elements("css selector", f'tr[data-patient="{patient}"] li[data-flag="weight-gain"]')
    check_page(browser, "portal-patients-pager")
    browser.find_element("css selector", f"{pager} a[rel=next]").send_keys(Keys.ENTER)
    wait_for(browser, lambda d: "page=2" in d.current_url)
    assert "Page 2 of 2" in browser.find_element("css selector", pager).text
    assert len(browser.find_elements("css selector", "tbody tr")) == 3
    assert browser.find_elements("css selector", f"{pager} a[rel=prev]")

"""The patient answers her care team's questionnaire in a real headless Chromium (issue 20, items 6 to 8): a
clinician assigns the symptom check on a throwaway clinic (scripts/clinic.sh, PostgreSQL), the hub connects with
an enrollment code and `kidneyhub care-team sync` pulls the assignment, the Questionnaires page (listed in the
navigation) shows it as a labelled form answered with the keyboard alone, a rating out of range is refused naming
the item, the saved answer is pushed by the next sync and the server holds it once with its symptom score. axe-core
checks the page; screenshots at 1280 and 360 pixels; the page reads in Spanish."""

import importlib.util
import json
import os
import subprocess
import urllib.request
from pathlib import Path

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from pages import check_page, switch_to_spanish, wait_for
from test_web import first_run

ROOT = Path(__file__).resolve().parents[2]
BINARY = ROOT / ".build" / "debug" / "kidneyhub"

# The clinic fixture of the care-server tests (a throwaway cluster and kidneyhub-server through scripts/clinic.sh).
_spec = importlib.util.spec_from_file_location("care_server_conftest", ROOT / "Tests" / "care-server" / "conftest.py")
_care = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_care)
clinic = _care.clinic

SYMPTOMS = ["tiredness", "itching", "breathlessness", "nausea", "appetite", "pain", "cramps", "sleep", "low-mood",
            "restless-legs"]


def api(base, path, token, body=None):
    request = urllib.request.Request(base + path, method="POST" if body is not None else "GET",
                                     data=None if body is None else json.dumps(body).encode(),
                                     headers={"Authorization": f"Token {token}", "Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=60) as answer:
        return answer.status, json.loads(answer.read())


def hub_command(hub, *arguments):
    run = subprocess.run([str(BINARY), *arguments, "--store", hub.store], capture_output=True, text=True,
                         timeout=300, env=dict(os.environ, XDG_DATA_HOME=str(Path(hub.store).parent)))
    assert run.returncode == 0, run.stdout + run.stderr
    return run.stdout


def test_the_patient_answers_the_assigned_symptom_check(hub, browser, clinic):
    env, state, _ = clinic
    values = dict(line.split("=", 1) for line in state.read_text().splitlines() if "=" in line)
    base, clinician, patient = values["BASE_URL"].rstrip("/"), values["CLINICIAN_TOKEN"], values["PATIENT1_ID"]
    first_run(browser, hub, check=False)

    # Nothing assigned yet: the page says so.
    browser.get(hub.base + "/questionnaires")
    assert "No questionnaire" in browser.find_element(By.TAG_NAME, "main").text

    # The clinician assigns the library's symptom check; the hub enrolls and pulls it.
    _, library = api(base, "/api/v1/questionnaires", clinician)
    symptom_check = next(q for q in library if q["url"].endswith("/symptom-check"))
    status, _ = api(base, f"/api/v1/patients/{patient}/questionnaires", clinician,
                    {"questionnaire": symptom_check["id"]})
    assert status == 201
    _, code = api(base, f"/api/v1/patients/{patient}/enrollment-codes", clinician, {})
    hub_command(hub, "care-team", "connect", base, "--code", code["code"])
    hub_command(hub, "care-team", "sync")

    # Reached from the navigation, with the keyboard.
    browser.get(hub.base + "/today")
    link = browser.find_element(By.CSS_SELECTOR, 'nav a[href="/questionnaires"]')
    link.send_keys(Keys.ENTER)
    wait_for(browser, lambda d: d.current_url.endswith("/questionnaires") and d.find_elements(By.TAG_NAME, "form"))
    assert browser.find_element(By.CSS_SELECTOR, 'nav a[aria-current="page"]').get_attribute("href").endswith(
        "/questionnaires")
    assert "Symptom check" in browser.find_element(By.TAG_NAME, "h2").text
    check_page(browser, "questionnaires")

    # Every rating typed with the keyboard; one out of range first: refused, naming the item, nothing saved.
    def fill(ratings):
        fields = browser.find_elements(By.CSS_SELECTOR, "main form input[type=number]")
        assert [f.get_attribute("name") for f in fields] == [f"answer-{s}" for s in SYMPTOMS]
        for field, rating in zip(fields, ratings):
            field.send_keys(Keys.CONTROL, "a")
            field.send_keys(str(rating))
        return fields

    # The browser's own range check would stop 11 before it is sent; the server-side one is what is tested here.
    browser.execute_script("document.querySelectorAll('main form input').forEach(i => i.removeAttribute('max'))")
    fields = fill([4, 11, 0, 1, 2, 3, 5, 2, 1, 0])
    fields[-1].send_keys(Keys.ENTER)
    wait_for(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#errors li"))
    error = browser.find_element(By.CSS_SELECTOR, "#errors li").text
    # Named by the question as the care team wrote it.
    assert "itching" in error.lower() and "0 to 10" in error, error
    assert browser.find_element(By.NAME, "answer-itching").get_attribute("value") == "11"
    check_page(browser, "questionnaires-refused")

    fields = fill([4, 6, 0, 1, 2, 3, 5, 2, 1, 0])
    browser.find_element(By.NAME, "answer-other").send_keys("Cramps on dialysis days")
    browser.find_element(By.NAME, "answer-other").send_keys(Keys.TAB, Keys.ENTER)
    wait_for(browser, lambda d: "done=questionnaireSaved" in d.current_url)
    assert "Answered once; symptom score 24." in browser.find_element(By.TAG_NAME, "main").text
    check_page(browser, "questionnaires-saved")

    # The next sync pushes it; a second sync sends nothing again; the server holds it once, scored.
    hub_command(hub, "care-team", "sync")
    hub_command(hub, "care-team", "sync")
    _, scores = api(base, f"/api/v1/patients/{patient}/symptom-scores", clinician)
    assert [point["score"] for point in scores["points"]] == [24], scores

    switch_to_spanish(browser, hub)
    browser.get(hub.base + "/questionnaires")
    assert browser.find_element(By.TAG_NAME, "h1").text == "Cuestionarios"
    assert "puntuación de síntomas 24" in browser.find_element(By.TAG_NAME, "main").text
    check_page(browser, "questionnaires-es")

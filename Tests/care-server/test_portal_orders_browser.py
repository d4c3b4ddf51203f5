"""The clinician writes a medication order in a real browser (issue 20 item 3): headless Chromium on a throwaway clinic
from scripts/clinic.sh; the clinician signs in, opens a patient's page, fills in "Write an order" by keyboard alone
(Tab between fields, typed values, Enter to send), sees the order listed with its instructions and a Stop button, and
a refused dose named beside its field; axe-core finds no violation on the page with orders, doses and the symptom
score chart, and screenshots at 1280 and 360 pixels are saved in Tests/web/screenshots."""

import sys
from pathlib import Path

import pytest
from selenium.webdriver.common.keys import Keys

WEB = Path(__file__).resolve().parents[1] / "web"
sys.path.insert(0, str(WEB))
from pages import check_page, chromium, wait_for  # noqa: E402


@pytest.fixture
def browser():
    driver = chromium()
    yield driver
    driver.quit()


def type_order(browser, medication, dose, times, moment_keys):
    """Fills in the form from its first field by keyboard: each value typed, Tab to the next field."""
    field = browser.find_element("id", "order-medication")
    field.click()
    active = browser.switch_to.active_element
    active.send_keys(medication, Keys.TAB)
    browser.switch_to.active_element.send_keys(dose, Keys.TAB)
    times_field = browser.switch_to.active_element
    times_field.send_keys(Keys.CONTROL, "a")
    times_field.send_keys(times, Keys.TAB)
    browser.switch_to.active_element.send_keys(*moment_keys)
    browser.switch_to.active_element.send_keys(Keys.TAB)
    # The start date stays empty (from today). Chromium's date field takes one Tab per part (month, day, year), so
    # Tab on until the button has the focus, then Enter sends the form.
    for _ in range(5):
        if browser.switch_to.active_element.text == "Write the order":
            break
        browser.switch_to.active_element.send_keys(Keys.TAB)
    assert browser.switch_to.active_element.text == "Write the order"
    browser.switch_to.active_element.send_keys(Keys.ENTER)


def test_a_clinician_writes_an_order_by_keyboard(clinic, browser):
    env, state, _ = clinic
    values = dict(line.split("=", 1) for line in state.read_text().splitlines() if "=" in line)
    base, patient = values["BASE_URL"], values["PATIENT1_ID"]

    browser.get(base + "/portal/")
    wait_for(browser, lambda d: d.find_elements("id", "username"))
    browser.find_element("id", "username").send_keys(values["CLINICIAN_USERNAME"])
    browser.find_element("id", "password").send_keys(values["CLINICIAN_PASSWORD"], Keys.ENTER)
    wait_for(browser, lambda d: d.current_url.endswith("/portal/patients"))
    browser.get(f"{base}/portal/patients/{patient}")
    wait_for(browser, lambda d: d.find_elements("id", "order-medication"))
    # The seed's symptom lists make the score chart, with its description saying how a score is made.
    chart = browser.find_element("id", "chart-symptom-score")
    assert chart.get_attribute("role") == "img"
    assert "sum of its symptoms" in browser.find_element("id", "caption-symptom-score").find_element(
        "xpath", "..").get_attribute("innerHTML")

    # A dose in a unit the hub does not know is refused, named beside the dose field, the values kept.
    type_order(browser, "calcitriol 0.25 microgram capsule", "1 spoonful", "1", ["Morning"])
    wait_for(browser, lambda d: d.find_elements("id", "order-dose-error"))
    assert "spoonful" in browser.find_element("id", "order-dose-error").text
    assert browser.find_element("id", "order-dose").get_attribute("aria-invalid") == "true"
    assert browser.find_element("id", "order-medication").get_attribute("value") == \
        "calcitriol 0.25 microgram capsule"
    check_page(browser, "portal-order-refused")

    browser.get(f"{base}/portal/patients/{patient}")
    wait_for(browser, lambda d: d.find_elements("id", "order-medication"))
    type_order(browser, "sevelamer carbonate 800 mg tablet", "1 tablet", "3", ["With meals"])
    wait_for(browser, lambda d: d.find_elements("css selector", "#orders tbody tr"))
    row = browser.find_element("css selector", "#orders tbody tr")
    assert "sevelamer carbonate 800 mg tablet" in row.text and "Active" in row.text, row.text
    assert row.find_element("css selector", "button").get_attribute("aria-label") == \
        "Stop sevelamer carbonate 800 mg tablet"
    assert browser.find_element("id", "doses-heading")
    check_page(browser, "portal-patient-orders")

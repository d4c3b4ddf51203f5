"""The medicines pages in a real headless Chromium (issue 19's browser acceptance): an order entered with the
structured form reads back as instructions, its dose is marked taken from Today with the keyboard only, the
medicine's chart and log show it, bad input is refused naming the field with nothing stored, stopping it takes it
off Today, a name is shown as text and never run as markup, and the pages read in Spanish. axe-core checks every
page."""

from datetime import datetime, timedelta, timezone

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from pages import check_page, switch_to_spanish, wait_for
from test_web import first_run


def add_medication(browser, hub, name, dose, unit, time_of_day, route="oral"):
    browser.get(hub.base + "/medications")
    browser.find_element(By.ID, "name").send_keys(name)
    browser.find_element(By.ID, "dose").send_keys(dose)
    Select(browser.find_element(By.ID, "unit")).select_by_value(unit)
    Select(browser.find_element(By.ID, "route")).select_by_value(route)
    browser.find_element(By.ID, "frequency").send_keys("1")
    # Typed as a person does into Chromium's en-US time field: hour, minute, AM or PM.
    typed = datetime.strptime(time_of_day, "%H:%M").strftime("%I%M%p")
    browser.find_element(By.ID, "time").send_keys(typed)
    browser.find_element(By.CSS_SELECTOR, "#medication-form button[type=submit]").click()


def errors_shown(driver):
    """The refused form's errors once its answer has loaded (read by script: the old page may be gone meanwhile)."""
    return driver.execute_script("return document.getElementById('errors')?.textContent.trim() || ''")


def a_time_already_due():
    """A time of day earlier today (UTC, the profile's zone), so the dose counts as due in the adherence figures."""
    now = datetime.now(timezone.utc)
    earlier = max(now - timedelta(minutes=2), now.replace(hour=0, minute=0))
    return earlier.strftime("%H:%M")


def test_a_dose_is_marked_taken_from_today_with_the_keyboard_and_the_chart_shows_it(hub, browser):
    first_run(browser, hub, check=False)
    browser.get(hub.base + "/medications")
    check_page(browser, "medications-empty")
    due = a_time_already_due()
    add_medication(browser, hub, "Amlodipine", "5", "mg", due)
    wait_for(browser, lambda d: "/medications/" in d.current_url and "done=medicationAdded" in d.current_url)
    instructions = browser.find_element(By.ID, "instructions").text
    assert instructions.startswith("5 mg by mouth"), instructions
    assert due in instructions, instructions
    # Its first dose is already due and not yet answered.
    assert browser.find_element(By.ID, "adherence-summary").text.startswith("0 of 1 doses")
    check_page(browser, "medication-new")

    browser.get(hub.base + "/today")
    dose = browser.find_element(By.CSS_SELECTOR, "#doses li")
    assert "Amlodipine" in dose.text and due in dose.text
    # Keyboard only: Tab to the dose's "Taken" button, Enter.
    label = f"Mark Amlodipine due at {due} as taken"
    for _ in range(60):
        ActionChains(browser).send_keys(Keys.TAB).perform()
        if browser.execute_script("return document.activeElement.getAttribute('aria-label')") == label:
            break
    else:
        raise AssertionError("the dose's Taken button was not reached with Tab")
    ActionChains(browser).send_keys(Keys.ENTER).perform()
    wait_for(browser, lambda d: "done=doseTaken" in d.current_url)
    assert "Taken at" in browser.find_element(By.CSS_SELECTOR, "#doses li").text
    assert not browser.find_elements(By.CSS_SELECTOR, "#doses li form")
    check_page(browser, "today-dose-taken")

    browser.find_element(By.LINK_TEXT, "Medicines").click()
    browser.find_element(By.LINK_TEXT, "Amlodipine").click()
    wait_for(browser, lambda d: d.find_elements(By.ID, "adherence-chart"))
    assert browser.find_element(By.ID, "adherence-summary").text.startswith("1 of 1 doses")
    today = datetime.now(timezone.utc).date().isoformat()
    rows = browser.execute_script(
        "return [...document.querySelectorAll('#adherence-days tbody tr')].map(r => [...r.cells].map(c => c.textContent))")
    assert [today, "1", "1"] in rows, rows
    # The taken bar is drawn: one dose, 20 px high.
    heights = browser.execute_script(
        "return [...document.querySelectorAll('#adherence-chart rect.taken')].map(r => r.getAttribute('height'))")
    assert heights.count("20") == 1, heights
    statuses = [row.get_attribute("data-status") for row in browser.find_elements(By.CSS_SELECTOR, "#dose-log tbody tr")]
    assert statuses == ["completed"]
    check_page(browser, "medication-taken")


def test_bad_input_names_the_field_and_stores_nothing_and_a_stopped_medicine_leaves_today(hub, browser):
    first_run(browser, hub, check=False)
    add_medication(browser, hub, "Calcitriol", "-1", "ug", "08:00")
    errors = wait_for(browser, errors_shown)
    assert "Amount per dose" in errors, errors
    # The form keeps what was typed, and nothing was stored.
    assert browser.find_element(By.ID, "name").get_attribute("value") == "Calcitriol"
    assert not browser.find_elements(By.CSS_SELECTOR, "#medications tbody tr")
    check_page(browser, "medications-refused")
    add_medication(browser, hub, "Calcitriol", "one", "ug", "08:00")
    assert "Amount per dose" in wait_for(browser, errors_shown)
    assert not browser.find_elements(By.CSS_SELECTOR, "#medications tbody tr")

    add_medication(browser, hub, "Calcitriol", "0.25", "ug", "08:00")
    wait_for(browser, lambda d: "done=medicationAdded" in d.current_url)
    browser.get(hub.base + "/today")
    assert "Calcitriol" in browser.find_element(By.ID, "doses").text
    browser.get(hub.base + "/medications")
    browser.find_element(By.LINK_TEXT, "Calcitriol").click()
    browser.find_element(By.CSS_SELECTOR, "form[action$='/stop'] button").click()
    wait_for(browser, lambda d: "done=medicationStopped" in d.current_url)
    assert not browser.find_elements(By.CSS_SELECTOR, "#medications tbody tr")
    browser.find_element(By.LINK_TEXT, "Show stopped medicines too").click()
    row = browser.find_element(By.CSS_SELECTOR, "#medications tbody tr")
    assert "Calcitriol" in row.text and "Stopped" in row.text
    browser.get(hub.base + "/today")
    assert not browser.find_elements(By.ID, "doses")

    # A name is text, never markup: shown as typed on the list, the medicine's page and Today.
    add_medication(browser, hub, "<img src=x onerror=alert(1)>", "1", "{tablet}", "09:00")
    wait_for(browser, lambda d: "done=medicationAdded" in d.current_url)
    assert browser.find_element(By.TAG_NAME, "h1").text == "<img src=x onerror=alert(1)>"
    browser.get(hub.base + "/today")
    assert "<img src=x onerror=alert(1)>" in browser.find_element(By.ID, "doses").text
    assert not browser.find_elements(By.CSS_SELECTOR, "main img")


def test_medicines_read_in_spanish(hub, browser):
    first_run(browser, hub, check=False)
    add_medication(browser, hub, "Sevelamer", "2", "{tablet}", "13:00")
    wait_for(browser, lambda d: "done=medicationAdded" in d.current_url)
    switch_to_spanish(browser, hub)
    browser.get(hub.base + "/medications")
    assert browser.find_element(By.TAG_NAME, "h1").text == "Medicamentos"
    instructions = browser.find_element(By.CSS_SELECTOR, "#medications tbody td").text
    assert instructions.startswith("2 comprimidos por vía oral"), instructions
    labels = [label.text for label in browser.find_elements(By.CSS_SELECTOR, "#medication-form label")]
    assert "Antes del desayuno" in labels, labels
    check_page(browser, "medications-es")

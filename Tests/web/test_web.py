"""The web app in a real headless Chromium against `kidneyhub serve` on a fresh store (issue 18's acceptance):
the first run, logging a banana found by typing "ban", a drink, the dialysis day's weights and gain, Spanish, and a
flow done with the keyboard only. Every page is checked by axe-core and photographed at 1280 and 360 pixels."""

from datetime import datetime, timedelta, timezone
from pathlib import Path

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.support.ui import Select

from pages import check_page, switch_to_spanish, wait_for, value_of

PASSPHRASE = "kidney beans 42"


def first_run(driver, hub, check=True):
    """Through the sign-in link, the passphrase, the terms and the profile, to Today."""
    driver.get(hub.sign_in)
    wait_for(driver, lambda d: d.current_url.endswith("/setup/passphrase"))
    if check:
        check_page(driver, "setup-passphrase")
    driver.find_element(By.ID, "passphrase").send_keys(PASSPHRASE)
    driver.find_element(By.ID, "confirmation").send_keys(PASSPHRASE)
    driver.find_element(By.CSS_SELECTOR, "main form button[type=submit]").click()
    wait_for(driver, lambda d: d.current_url.endswith("/setup/terms"))
    if check:
        check_page(driver, "setup-terms")
    driver.find_element(By.ID, "accept-terms").click()
    wait_for(driver, lambda d: d.current_url.endswith("/setup/profile"))
    if check:
        check_page(driver, "setup-profile")
    driver.find_element(By.ID, "name").send_keys("Ana")
    Select(driver.find_element(By.ID, "category")).select_by_value("hemodialysis")
    driver.find_element(By.ID, "schedule").send_keys("mon,tue,wed,thu,fri,sat,sun 08:00-12:00")
    driver.find_element(By.ID, "dry_weight").send_keys("70")
    time_zone = driver.find_element(By.ID, "time_zone")
    time_zone.clear()
    time_zone.send_keys("UTC")
    driver.find_element(By.CSS_SELECTOR, "main form button[type=submit]").click()
    wait_for(driver, lambda d: d.current_url.endswith("/today"))


def test_first_run_then_today_is_empty_and_accessible(hub, browser):
    first_run(browser, hub)
    assert browser.find_element(By.TAG_NAME, "html").get_attribute("lang") == "en"
    assert value_of(browser, "potassium") == 0
    check_page(browser, "today-empty")


def test_a_banana_found_by_typing_ban_raises_todays_potassium_by_its_amount(hub, browser):
    first_run(browser, hub, check=False)
    before = value_of(browser, "potassium")
    browser.get(hub.base + "/food")
    check_page(browser, "food-empty")
    browser.find_element(By.ID, "q").send_keys("ban")
    # The page's own script fills the results as the letters are typed (no form submitted).
    link = wait_for(browser, lambda d: next(
        (a for a in d.find_elements(By.CSS_SELECTOR, "#food-results a") if a.text.lower().startswith("bananas, raw")),
        None), timeout=120)
    assert browser.current_url.endswith("/food")
    link.click()
    wait_for(browser, lambda d: d.find_elements(By.ID, "portion-form"))
    Select(browser.find_element(By.ID, "unit")).select_by_value("medium")
    amount = browser.find_element(By.ID, "amount")
    amount.clear()
    amount.send_keys("1")
    Select(browser.find_element(By.ID, "meal")).select_by_value("breakfast")
    browser.find_element(By.CSS_SELECTOR, "#portion-form button").click()
    cell = wait_for(browser, lambda d: d.find_elements(
        By.CSS_SELECTOR, '#portion-nutrients tr[data-subject="potassium"] td[data-value]'))[0]
    portion = float(cell.get_attribute("data-value"))
    # USDA SR Legacy 09040: 358 mg potassium per 100 g, a medium banana 118 g: about 422 mg.
    assert 380 < portion < 460
    check_page(browser, "food-portion")
    browser.find_element(By.ID, "log-food").click()
    wait_for(browser, lambda d: "/today" in d.current_url)
    assert abs(value_of(browser, "potassium") - (before + portion)) < 0.01
    check_page(browser, "today-after-banana")


def test_one_tap_fluid_and_keyboard_only(hub, browser):
    first_run(browser, hub, check=False)
    browser.get(hub.base + "/fluid")
    check_page(browser, "fluid")
    browser.find_element(By.CSS_SELECTOR, 'button[data-amount="250"]').click()
    wait_for(browser, lambda d: "/today" in d.current_url)
    assert value_of(browser, "fluid") == 250
    # The same with the keyboard only: Tab to the 150 mL button, Enter.
    browser.get(hub.base + "/fluid")
    actions = ActionChains(browser)
    for _ in range(40):
        actions.send_keys(Keys.TAB).perform()
        if browser.execute_script("return document.activeElement.dataset.amount") == "150":
            break
    else:
        raise AssertionError("the 150 mL button was not reached with Tab")
    ActionChains(browser).send_keys(Keys.ENTER).perform()
    wait_for(browser, lambda d: "/today" in d.current_url)
    assert value_of(browser, "fluid") == 400
    for page in ["blood-pressure", "notifications", "profiles"]:
        browser.get(hub.base + "/" + page)
        check_page(browser, page)


def test_pre_and_post_weights_on_a_dialysis_day_show_the_gain(hub, browser):
    first_run(browser, hub, check=False)
    now = datetime.now(timezone.utc)
    entries = [("72.0", "post", (now - timedelta(days=1)).replace(hour=12, minute=30)),
               ("74.1", "pre", now.replace(hour=7, minute=30))]
    if now.hour < 8:
        entries[1] = ("74.1", "pre", now - timedelta(minutes=5))
    for value, phase, when in entries:
        browser.get(hub.base + "/weight")
        browser.find_element(By.ID, "value").send_keys(value)
        Select(browser.find_element(By.ID, "phase")).select_by_value(phase)
        browser.execute_script("arguments[0].value = arguments[1]", browser.find_element(By.ID, "at"),
                               when.strftime("%Y-%m-%dT%H:%M"))
        browser.find_element(By.CSS_SELECTOR, "main form button[type=submit]").click()
        wait_for(browser, lambda d: "/today" in d.current_url)
    gain = browser.find_element(By.ID, "gain")
    assert abs(float(gain.get_attribute("data-kilograms")) - 2.1) < 1e-6
    assert "3" in gain.text and "4 %" in gain.text
    check_page(browser, "today-dialysis")
    browser.get(hub.base + "/weight")
    check_page(browser, "weight")


def test_spanish_everywhere_once_chosen(hub, browser):
    first_run(browser, hub, check=False)
    browser.get(hub.base + "/settings")
    check_page(browser, "settings")
    switch_to_spanish(browser, hub)
    browser.get(hub.base + "/today")
    assert browser.find_element(By.TAG_NAME, "html").get_attribute("lang") == "es"
    assert browser.find_element(By.CSS_SELECTOR, 'nav a[href="/today"]').text == "Hoy"
    assert browser.find_element(By.TAG_NAME, "h1").text.startswith("Hoy")
    check_page(browser, "today-es")
    browser.get(hub.base + "/profiles")
    check_page(browser, "profiles-es")


def tab_to(browser, element_id, presses=80):
    """Moves the focus with Tab until the element `element_id` has it, as a keyboard user does."""
    for _ in range(presses):
        ActionChains(browser).send_keys(Keys.TAB).perform()
        if browser.execute_script("return document.activeElement.id") == element_id:
            return
    raise AssertionError(f"#{element_id} was not reached with Tab")


def test_notification_settings_are_chosen_with_the_keyboard_only(hub, browser):
    first_run(browser, hub, check=False)
    browser.get(hub.base + "/settings")
    # Rewards off, quiet from 10 pm to 7 am, desktop off: Tab, Space, typed times, Enter.
    tab_to(browser, "type-reward")
    ActionChains(browser).send_keys(Keys.SPACE).perform()
    tab_to(browser, "quietStart")
    ActionChains(browser).send_keys("1000P").perform()
    tab_to(browser, "quietEnd")
    ActionChains(browser).send_keys("0700A").perform()
    tab_to(browser, "desktop")
    ActionChains(browser).send_keys(Keys.SPACE).perform()
    ActionChains(browser).send_keys(Keys.TAB).send_keys(Keys.ENTER).perform()
    wait_for(browser, lambda d: "done=notificationSettingsSaved" in d.current_url)
    assert "Notification settings saved." in browser.find_element(By.ID, "notice").text
    checked = {box.get_attribute("value"): box.is_selected()
               for box in browser.find_elements(By.CSS_SELECTOR, 'input[name="type"]')}
    assert checked == {"alert": True, "reminder": True, "progress": True, "reward": False, "device": True,
                       "import": True}, checked
    # Alerts on a value that needs attention cannot be switched off here.
    assert browser.find_element(By.ID, "type-alert").get_attribute("disabled") is not None
    assert browser.find_element(By.ID, "quietStart").get_attribute("value") == "22:00"
    assert browser.find_element(By.ID, "quietEnd").get_attribute("value") == "07:00"
    assert not browser.find_element(By.ID, "desktop").is_selected()
    check_page(browser, "settings-notifications")
    # One end alone is refused on the page, announced, with what was typed.
    browser.execute_script("document.getElementById('quietEnd').value = ''")
    browser.find_element(By.CSS_SELECTOR, 'form[action="/settings/notifications"] button').click()
    # Read by script: the element found before the answer goes stale when the answer replaces the page.
    wait_for(browser, lambda d: "Give both the start and the end" in d.execute_script(
        "const e = document.getElementById('errors'); return e ? e.textContent : ''"))
    assert browser.find_element(By.ID, "quietStart").get_attribute("value") == "22:00"
    assert browser.find_element(By.ID, "quietEnd").get_attribute("value") == ""
    check_page(browser, "settings-notifications-refused")


def test_an_address_beyond_loopback_is_refused_without_tls(tmp_path):
    import subprocess

    # Not `from conftest import`: with several test folders in one run, another folder's conftest may own the name.
    BINARY = Path(__file__).resolve().parents[2] / ".build" / "debug" / "kidneyhub"
    result = subprocess.run([str(BINARY), "serve", "--store", str(tmp_path / "hub.sqlite"), "--http", "0.0.0.0:8470"],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode != 0
    assert "refusing to serve beyond this machine without TLS" in result.stderr
    assert not (tmp_path / "hub.sqlite").exists()


def add_lab(driver, hub, lab, value, unit="", day=None):
    driver.get(hub.base + "/labs")
    Select(driver.find_element(By.ID, "analyte")).select_by_value(lab)
    driver.find_element(By.ID, "value").send_keys(value)
    Select(driver.find_element(By.ID, "unit")).select_by_value(unit)
    if day:
        driver.execute_script("arguments[0].value = arguments[1]", driver.find_element(By.ID, "date"), day)
    driver.find_element(By.CSS_SELECTOR, "#lab-form button[type=submit]").click()


def latest_lab(driver, lab):
    return driver.find_element(By.CSS_SELECTOR, f'#lab-latest tr[data-lab="{lab}"]')


def test_labs_entered_in_their_units_show_the_trend_against_the_target(hub, browser):
    first_run(browser, hub, check=False)
    browser.get(hub.base + "/labs")
    assert browser.find_elements(By.ID, "lab-latest") == []
    check_page(browser, "labs-empty")
    today = datetime.now(timezone.utc).date()
    # 5.8 mEq/L is 5.8 mmol/L (monovalent): stored in mmol/L, shown with its display name.
    add_lab(browser, hub, "potassium", "5.8", "meq/L", (today - timedelta(days=30)).isoformat())
    wait_for(browser, lambda d: "/labs?done=savedLab" in d.current_url)
    assert "saved" in browser.find_element(By.ID, "notice").text
    row = latest_lab(browser, "potassium")
    assert float(row.find_element(By.CSS_SELECTOR, "td[data-value]").get_attribute("data-value")) == 5.8
    assert "mmol/L" in row.text
    assert row.find_element(By.CSS_SELECTOR, "td.standing").get_attribute("data-flag") == "high"
    add_lab(browser, hub, "potassium", "4.6", "", today.isoformat())
    wait_for(browser, lambda d: "/labs?done=savedLab" in d.current_url)
    row = latest_lab(browser, "potassium")
    assert float(row.find_element(By.CSS_SELECTOR, "td[data-value]").get_attribute("data-value")) == 4.6
    assert "down 1.2" in row.text
    assert "3.5–5.0" in row.text and "KDOQI 2020" in row.text
    assert row.find_element(By.CSS_SELECTOR, "td.standing").get_attribute("data-flag") == "ok"
    # Two eGFR values 120 days apart give a slope.
    add_lab(browser, hub, "egfr", "14", "", (today - timedelta(days=120)).isoformat())
    wait_for(browser, lambda d: "done=savedLab" in d.current_url)
    add_lab(browser, hub, "egfr", "11", "", today.isoformat())
    wait_for(browser, lambda d: "done=savedLab" in d.current_url)
    assert "per year" in browser.find_element(By.ID, "egfr-slope").text
    assert len(browser.find_elements(By.CSS_SELECTOR, "#lab-results tbody tr")) == 4
    check_page(browser, "labs-filled")
    # A slipped decimal is refused with the field named, and nothing is stored.
    add_lab(browser, hub, "potassium", "46")
    wait_for(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#errors li"))
    assert "value" in browser.find_element(By.CSS_SELECTOR, "#errors li").text.lower()
    assert len(browser.find_elements(By.CSS_SELECTOR, "#lab-results tbody tr")) == 4
    check_page(browser, "labs-error")
    # The keyboard only: Tab to the test, type its name, Tab to the value, type it, Enter.
    browser.get(hub.base + "/labs")
    for _ in range(40):
        ActionChains(browser).send_keys(Keys.TAB).perform()
        if browser.execute_script("return document.activeElement.id") == "analyte":
            break
    else:
        raise AssertionError("the test's select was not reached with Tab")
    ActionChains(browser).send_keys("phosph").perform()
    assert Select(browser.find_element(By.ID, "analyte")).first_selected_option.get_attribute("value") == "phosphorus"
    ActionChains(browser).send_keys(Keys.TAB).send_keys("5.9").send_keys(Keys.ENTER).perform()
    wait_for(browser, lambda d: "done=savedLab" in d.current_url)
    assert latest_lab(browser, "phosphorus").find_element(By.CSS_SELECTOR, "td.standing").get_attribute(
        "data-flag") == "high"
    # In Spanish, the labs and the words are Spanish.
    switch_to_spanish(browser, hub)
    browser.get(hub.base + "/labs")
    assert "Potasio" in latest_lab(browser, "potassium").text
    assert "baja 1,2" in latest_lab(browser, "potassium").text
    check_page(browser, "labs-es")


def chart(driver, name):
    return driver.find_element(By.CSS_SELECTOR, f'section[data-chart="{name}"]')


# The trends' parts beyond /trends, reached from its own navigation rather than the main one.
TREND_PARTS = ["/trends/labs", "/trends/intake"]


def trends_part(browser, name):
    """Opens a part of the trends from the trends page's own navigation, as a person does."""
    links = {a.text: a for a in browser.find_elements(By.CSS_SELECTOR, 'main nav a[href^="/trends"]')}
    links[name].click()
    wait_for(browser, lambda d: d.find_element(By.CSS_SELECTOR, 'main nav a[aria-current="page"]').text == name)


def test_trends_draw_each_subject_with_a_title_a_description_and_a_table(hub, browser):
    first_run(browser, hub, check=False)
    for path, name in [("/trends", "trends-empty"), ("/trends/labs", "trends-labs-empty"),
                       ("/trends/intake", "trends-intake-empty")]:
        browser.get(hub.base + path)
        assert browser.find_elements(By.CSS_SELECTOR, "svg.chart") == [], path
        check_page(browser, name)
    today = datetime.now(timezone.utc).date()
    add_lab(browser, hub, "potassium", "5.8", "", (today - timedelta(days=20)).isoformat())
    add_lab(browser, hub, "potassium", "4.6", "", today.isoformat())
    wait_for(browser, lambda d: "done=savedLab" in d.current_url)
    day = lambda back, hour: datetime.combine(today - timedelta(days=back), datetime.min.time()).replace(hour=hour)
    for value, phase, when in [("72.0", "post", day(2, 12)), ("74.1", "pre", day(1, 7)), ("71.8", "post", day(1, 12))]:
        browser.get(hub.base + "/weight")
        browser.find_element(By.ID, "value").send_keys(value)
        Select(browser.find_element(By.ID, "phase")).select_by_value(phase)
        browser.execute_script("arguments[0].value = arguments[1]", browser.find_element(By.ID, "at"),
                               when.strftime("%Y-%m-%dT%H:%M"))
        browser.find_element(By.CSS_SELECTOR, "main form button[type=submit]").click()
        wait_for(browser, lambda d: "/today" in d.current_url)
    browser.get(hub.base + "/blood-pressure")
    browser.find_element(By.ID, "systolic").send_keys("142")
    browser.find_element(By.ID, "diastolic").send_keys("88")
    browser.find_element(By.CSS_SELECTOR, "main form button[type=submit]").click()
    wait_for(browser, lambda d: "/today" in d.current_url)
    browser.get(hub.base + "/fluid")
    browser.find_element(By.CSS_SELECTOR, 'button[data-amount="250"]').click()
    wait_for(browser, lambda d: "/today" in d.current_url)

    browser.get(hub.base + "/trends")
    # The readings first, then the labs and the intake, each a page of its own in the trends' navigation.
    assert browser.title.startswith("Trends: Weight, blood pressure, glucose")
    assert browser.find_elements(By.CSS_SELECTOR, '[data-chart^="lab-"], [data-chart^="intake-"]') == []
    # Pre and post weights by day: the day before yesterday only a post weight, yesterday both.
    rows = chart(browser, "weights").find_elements(By.CSS_SELECTOR, "tbody tr")
    assert [[c.get_attribute("textContent") for c in r.find_elements(By.TAG_NAME, "td")] for r in rows] == [
        ["–", "72"], ["74.1", "71.8"]]
    assert "Blood pressure" in chart(browser, "blood-pressure").text
    # One value is said as one, on its one day.
    gain = chart(browser, "gain").find_element(By.CLASS_NAME, "chart-desc").text
    assert "since the last session: 1 value, 2.1 kg." in gain and gain.startswith("On "), gain
    bp = [c.get_attribute("textContent") for c in chart(browser, "blood-pressure").find_elements(By.CSS_SELECTOR, "tbody td")]
    assert bp == ["142", "88"]
    assert "No data" in chart(browser, "glucose").text
    check_page(browser, "trends-filled")
    # The data table opens with the keyboard: Tab to its summary, Enter.
    for _ in range(60):
        ActionChains(browser).send_keys(Keys.TAB).perform()
        if browser.execute_script("return document.activeElement.tagName") == "SUMMARY":
            break
    else:
        raise AssertionError("no data table's summary was reached with Tab")
    ActionChains(browser).send_keys(Keys.ENTER).perform()
    assert browser.execute_script("return document.activeElement.parentElement.open") is True

    trends_part(browser, "Labs")
    assert browser.current_url.endswith("/trends/labs")
    potassium = chart(browser, "lab-potassium")
    assert potassium.find_element(By.CSS_SELECTOR, "svg title").get_attribute("textContent") == "Potassium"
    assert "2 values, lowest 4.6, highest 5.8 mmol/L" in potassium.find_element(By.CLASS_NAME, "chart-desc").text
    # The target band (3.5–5.0 mmol/L) is drawn and named in the legend.
    assert "Target" in potassium.find_element(By.TAG_NAME, "svg").get_attribute("textContent")
    cells = [c.get_attribute("textContent") for c in potassium.find_elements(By.CSS_SELECTOR, "tbody td")]
    assert cells == ["5.8", "4.6"]
    check_page(browser, "trends-labs-filled")
    trends_part(browser, "Intake and limits")
    fluid = chart(browser, "intake-fluid")
    # Only the day something was drunk has a bar (a day with nothing logged is not a day of zero intake).
    days = fluid.find_elements(By.CSS_SELECTOR, "tbody tr")
    assert [d.find_element(By.TAG_NAME, "td").get_attribute("textContent") for d in days] == ["250"]
    assert "Daily limit" in fluid.find_element(By.TAG_NAME, "svg").get_attribute("textContent")
    check_page(browser, "trends-intake-filled")
    # A week, chosen on the labs: the potassium of 20 days ago is still charted (labs are sparse: every result is
    # drawn), and the week stays chosen from one part to the next.
    trends_part(browser, "Labs")
    Select(browser.find_element(By.ID, "days")).select_by_value("7")
    browser.find_element(By.CSS_SELECTOR, "form.period button").click()
    wait_for(browser, lambda d: d.current_url.endswith("/trends/labs?days=7"))
    assert len(chart(browser, "lab-potassium").find_elements(By.CSS_SELECTOR, "tbody tr")) == 2
    trends_part(browser, "Weight, blood pressure, glucose")
    assert browser.current_url.endswith("/trends?days=7")
    assert len(chart(browser, "weights").find_elements(By.CSS_SELECTOR, "tbody tr")) == 2
    switch_to_spanish(browser, hub)
    browser.get(hub.base + "/trends/labs")
    assert chart(browser, "lab-potassium").find_element(By.TAG_NAME, "h2").text == "Potasio"
    assert browser.title.startswith("Evolución: Análisis")
    check_page(browser, "trends-es")


def test_a_pdf_report_for_a_period_is_made_and_downloaded(hub, browser):
    first_run(browser, hub, check=False)
    today = datetime.now(timezone.utc).date()
    add_lab(browser, hub, "potassium", "5.4", "", (today - timedelta(days=3)).isoformat())
    wait_for(browser, lambda d: "done=savedLab" in d.current_url)
    browser.get(hub.base + "/reports")
    assert browser.find_elements(By.ID, "reports") == []
    check_page(browser, "reports-empty")
    browser.execute_script("arguments[0].value = arguments[1]", browser.find_element(By.ID, "from"),
                           (today - timedelta(days=13)).isoformat())
    browser.execute_script("arguments[0].value = arguments[1]", browser.find_element(By.ID, "through"),
                           today.isoformat())
    browser.find_element(By.CSS_SELECTOR, "#report-form button[type=submit]").click()
    wait_for(browser, lambda d: "done=reportMade" in d.current_url, timeout=180)
    rows = browser.find_elements(By.CSS_SELECTOR, "#reports tbody tr")
    assert len(rows) == 1
    assert f"{today - timedelta(days=13)} – {today}" in rows[0].text
    link = rows[0].find_element(By.TAG_NAME, "a")
    assert link.get_attribute("download").endswith(".pdf")
    # The browser downloads it with its session: the bytes are a PDF.
    head = browser.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "fetch(arguments[0]).then(r => r.arrayBuffer().then(b => done([r.status, r.headers.get('content-type'),"
        " String.fromCharCode(...new Uint8Array(b).slice(0, 5)), b.byteLength])));",
        link.get_attribute("href"))
    assert head[0] == 200 and head[1] == "application/pdf"
    assert head[2] == "%PDF-" and head[3] > 1000
    check_page(browser, "reports-filled")
    # A report number that is not this profile's is not found; a day that is no date is named.
    missing = browser.execute_async_script(
        "const done = arguments[arguments.length - 1]; fetch('/reports/99.pdf').then(r => done(r.status));")
    assert missing == 404
    browser.execute_script("arguments[0].type = 'text'; arguments[0].value = 'yesterday'",
                           browser.find_element(By.ID, "from"))
    browser.find_element(By.CSS_SELECTOR, "#report-form button[type=submit]").click()
    wait_for(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#errors li"))
    assert "First day" in browser.find_element(By.CSS_SELECTOR, "#errors li").text
    assert len(browser.find_elements(By.CSS_SELECTOR, "#reports tbody tr")) == 1
    # Sent by email: handed to the configured mail program with the address; an address the program would read as
    # one of its options is refused and nothing is made.
    browser.get(hub.base + "/reports")
    browser.find_element(By.ID, "mailTo").send_keys("-oQ/tmp/x@example.org")
    browser.find_element(By.CSS_SELECTOR, "#report-form button[type=submit]").click()
    wait_for(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#errors li"))
    assert "is not an email address" in browser.find_element(By.CSS_SELECTOR, "#errors li").text
    assert browser.find_element(By.ID, "mailTo").get_attribute("value") == "-oQ/tmp/x@example.org"
    assert len(browser.find_elements(By.CSS_SELECTOR, "#reports tbody tr")) == 1
    browser.find_element(By.ID, "mailTo").clear()
    browser.find_element(By.ID, "mailTo").send_keys("care@clinic.example")
    browser.find_element(By.CSS_SELECTOR, "#report-form button[type=submit]").click()
    wait_for(browser, lambda d: "done=reportMailed" in d.current_url, timeout=180)
    assert "handed to the mail program" in browser.find_element(By.ID, "notice").text
    assert len(browser.find_elements(By.CSS_SELECTOR, "#reports tbody tr")) == 2
    handed = Path(hub.folder, "mailed.txt").read_text().splitlines()
    assert len(handed) == 2 and handed[0].endswith(".pdf") and handed[1] == "care@clinic.example", handed


def test_a_goal_added_from_a_template_shows_its_progress(hub, browser):
    first_run(browser, hub, check=False)
    browser.get(hub.base + "/goals")
    assert browser.find_elements(By.ID, "goals") == []
    assert "0 points" in browser.find_element(By.ID, "points").text
    check_page(browser, "goals-empty")
    options = [o.get_attribute("value") for o in Select(browser.find_element(By.ID, "template")).options]
    # A hemodialysis profile with a dry weight is offered the dialysis templates.
    assert "hd-idwg" in options and "bp-dialysis" in options
    Select(browser.find_element(By.ID, "template")).select_by_value("hd-idwg")
    browser.find_element(By.CSS_SELECTOR, "#goal-form button[type=submit]").click()
    wait_for(browser, lambda d: "done=goalAdded" in d.current_url)
    rows = browser.find_elements(By.CSS_SELECTOR, "#goals tbody tr")
    assert len(rows) == 1
    assert rows[0].find_element(By.CSS_SELECTOR, "td[data-status]").get_attribute("data-status") in {"none", "open", "met"}
    check_page(browser, "goals-filled")
    switch_to_spanish(browser, hub)
    browser.get(hub.base + "/goals")
    assert browser.find_element(By.TAG_NAME, "h1").text == "Metas y premios"
    check_page(browser, "goals-es")


def catalogue(language):
    """A message catalogue as the Swift sources hold it: key → its literal text (the first literal of a value
    written in parts)."""
    import re

    folder = Path(__file__).resolve().parents[2] / "Sources" / "HubWeb" / "Language"
    entries = {}
    for path in folder.glob(f"{language}*.swift"):
        for key, value in re.findall(r'\.(\w+):\s*"((?:[^"\\]|\\.)*)"', path.read_text()):
            entries.setdefault(key, value)
    return entries


def english_phrases():
    """Every phrase of two words or more of the English catalogue whose Spanish differs, split at its placeholders:
    what a page in Spanish must not show."""
    import re

    english, spanish = catalogue("English"), catalogue("Spanish")
    spanish_text = " ".join(spanish.values())
    phrases = set()
    for key, value in english.items():
        if spanish.get(key) == value:
            continue
        for part in re.split(r"%@|%d|\\\(.*?\)", value):
            part = part.strip(" .,:;()")
            if " " in part and part not in spanish_text:
                phrases.add(part)
    return phrases


def test_every_page_in_spanish_shows_no_english_catalogue_phrase_nor_english_goal_titles(hub, browser):
    import re

    first_run(browser, hub, check=False)
    # Filled states: a goal from a template, a lab, a weight, a drink.
    browser.get(hub.base + "/goals")
    english_titles = [o.text for o in Select(browser.find_element(By.ID, "template")).options if o.get_attribute("value")]
    Select(browser.find_element(By.ID, "template")).select_by_value("bp-dialysis")
    browser.find_element(By.CSS_SELECTOR, "#goal-form button[type=submit]").click()
    wait_for(browser, lambda d: "done=goalAdded" in d.current_url)
    add_lab(browser, hub, "potassium", "5.1", "mmol/L")
    # The lab form's answer must have loaded: a page asked for before then is replaced by its redirect.
    wait_for(browser, lambda d: "done=savedLab" in d.current_url)
    browser.get(hub.base + "/weight")
    browser.find_element(By.ID, "value").send_keys("71.5")
    browser.find_element(By.CSS_SELECTOR, "main form button[type=submit]").click()
    wait_for(browser, lambda d: "/today" in d.current_url)
    # A critical potassium raises an alert the moment it is stored (in the command line's English words).
    yesterday = (datetime.now(timezone.utc).date() - timedelta(days=1)).isoformat()
    add_lab(browser, hub, "potassium", "6.6", "mmol/L", day=yesterday)
    wait_for(browser, lambda d: "done=savedLab" in d.current_url)
    switch_to_spanish(browser, hub)
    browser.get(hub.base + "/today")
    # Written again in Spanish on Today and in the feed: nothing of the stored English shows.
    alert_words = ["Potasio 6,6 mmol/L: nivel peligrosamente alto", "Qué hacer:"]
    alerts = browser.find_element(By.ID, "alerts").text
    assert all(words in alerts for words in alert_words), alerts
    check_page(browser, "today-spanish-alert")
    browser.get(hub.base + "/notifications")
    feed = browser.find_element(By.CSS_SELECTOR, ".feed").text
    assert all(words in feed for words in alert_words), feed
    check_page(browser, "notifications-spanish-alert")
    english = ["Potassium", "dangerously", "Taken ", "What to do", "Contact your", "not yet reviewed"]
    assert [words for words in english if words in alerts + feed] == [], alerts + feed
    # Each notification opens the page it concerns: the potassium alert, the labs (from the keyboard: its title is
    # a link).
    link = next(a for a in browser.find_elements(By.CSS_SELECTOR, ".feed h2 a") if "Potasio 6,6" in a.text)
    link.send_keys(Keys.ENTER)
    wait_for(browser, lambda d: d.current_url.endswith("/labs"))
    browser.get(hub.base + "/today")
    pages = sorted({a.get_attribute("href") for a in browser.find_elements(By.CSS_SELECTOR, "nav a[href]")})
    browser.get(hub.base + "/goals")
    pages += [a.get_attribute("href") for a in browser.find_elements(By.CSS_SELECTOR, "#goals a[href*='/edit']")]
    pages += [hub.base + path for path in TREND_PARTS]
    assert len(pages) >= 12, pages
    phrases = english_phrases()
    assert len(phrases) > 100, len(phrases)
    found = {}
    for page in pages:
        browser.get(page)
        assert browser.execute_script("return document.documentElement.lang") == "es", page
        # What a reader meets: the text, the labels read out and the options of every list.
        text = browser.execute_script(
            "return [document.title, document.body.innerText,"
            " ...[...document.querySelectorAll('[aria-label],[title],option,[placeholder]')].map(e =>"
            "   [e.getAttribute('aria-label'), e.getAttribute('title'), e.textContent, e.getAttribute('placeholder')]"
            "   .filter(Boolean).join(' '))].join('\\n')")
        english = [p for p in phrases if re.search(r"(?<!\w)" + re.escape(p) + r"(?!\w)", text)]
        english += [title for title in english_titles if title in text]
        if english:
            found[page] = sorted(english)[:8]
    assert found == {}, found

    # Refused forms: the application layer's reasons are written in Spanish too, not in the command line's English.
    def refusal(path, fill):
        browser.get(hub.base + path)
        fill()
        # As a browser that does not check the fields itself would send it: the hub must refuse it by itself.
        browser.execute_script("document.querySelectorAll('main form').forEach(f => f.noValidate = true)")
        browser.find_element(By.CSS_SELECTOR, "main form button[type=submit]").click()
        wait_for(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#errors li"))
        text = browser.find_element(By.ID, "errors").text
        english = [p for p in phrases if re.search(r"(?<!\w)" + re.escape(p) + r"(?!\w)", text)]
        english += [w for w in ["out of range", "accepted", "plausible range", "is not", "in the future"] if w in text]
        assert english == [], (path, text, english)
        return text

    def weight():
        browser.find_element(By.ID, "value").send_keys("400")

    text = refusal("/weight", weight)
    assert "fuera del intervalo admitido" in text and "350" in text, text
    check_page(browser, "weight-refused-es")

    def pressure():
        browser.find_element(By.ID, "systolic").send_keys("90")
        browser.find_element(By.ID, "diastolic").send_keys("120")

    text = refusal("/blood-pressure", pressure)
    assert "debe ser menor que la sistólica" in text, text
    check_page(browser, "blood-pressure-refused-es")

    def lab_in_a_wrong_unit():
        Select(browser.find_element(By.ID, "analyte")).select_by_value("potassium")
        browser.find_element(By.ID, "value").send_keys("4.6")
        Select(browser.find_element(By.ID, "unit")).select_by_value("mg/dL")

    text = refusal("/labs", lab_in_a_wrong_unit)
    assert "Potasio no se mide en «mg/dL»" in text, text
    check_page(browser, "labs-refused-unit-es")

    def slipped_decimal():
        Select(browser.find_element(By.ID, "analyte")).select_by_value("potassium")
        browser.find_element(By.ID, "value").send_keys("46")

    text = refusal("/labs", slipped_decimal)
    assert "fuera del intervalo plausible" in text, text


def test_refused_forms_in_spanish_keep_what_was_typed_and_an_unusual_pressure_is_confirmed_by_keyboard(hub, browser):
    import re

    first_run(browser, hub, check=False)
    switch_to_spanish(browser, hub)
    phrases = english_phrases()

    def errors_without_english():
        wait_for(browser, lambda d: d.execute_script("return document.querySelectorAll('#errors li').length"))
        text = browser.find_element(By.ID, "errors").text
        english = [p for p in phrases if re.search(r"(?<!\w)" + re.escape(p) + r"(?!\w)", text)]
        english += [w for w in ["is not", "needs", "must be", "accepted", "not stored", "no template"] if w in text]
        assert english == [], (text, english)
        return text

    # A medicine with a dose below zero: the field named in Spanish, what was typed still there.
    browser.get(hub.base + "/medications")
    browser.find_element(By.ID, "name").send_keys("Calcitriol")
    browser.find_element(By.ID, "dose").send_keys("-1")
    Select(browser.find_element(By.ID, "unit")).select_by_value("ug")
    browser.find_element(By.ID, "frequency").send_keys("1")
    browser.find_element(By.ID, "time").send_keys("0800AM")
    browser.find_element(By.CSS_SELECTOR, "#medication-form button[type=submit]").click()
    text = errors_without_english()
    assert "Cantidad por dosis: este valor no se admite" in text, text
    assert browser.find_element(By.ID, "name").get_attribute("value") == "Calcitriol"
    assert browser.find_element(By.ID, "dose").get_attribute("value") == "-1"
    assert Select(browser.find_element(By.ID, "unit")).first_selected_option.get_attribute("value") == "ug"

    # A refused weight keeps the number, the phase and the time typed.
    browser.get(hub.base + "/weight")
    browser.execute_script("document.querySelectorAll('main form').forEach(f => f.noValidate = true)")
    browser.find_element(By.ID, "value").send_keys("400")
    Select(browser.find_element(By.ID, "phase")).select_by_value("pre")
    browser.find_element(By.CSS_SELECTOR, "main form button[type=submit]").click()
    text = errors_without_english()
    assert "400" in text, text
    assert browser.find_element(By.ID, "value").get_attribute("value") == "400"
    assert Select(browser.find_element(By.ID, "phase")).first_selected_option.get_attribute("value") == "pre"

    # An unusual blood pressure (285 mmHg is above what home cuffs measure), with the keyboard only: it is refused
    # with the numbers kept and a confirmation offered; Enter in a field saves without confirming; the confirmation
    # reached with Tab stores it.
    browser.get(hub.base + "/blood-pressure")

    def tab_to(element_id):
        for _ in range(80):
            ActionChains(browser).send_keys(Keys.TAB).perform()
            if browser.execute_script("return document.activeElement.id") == element_id:
                return
        raise AssertionError(f"#{element_id} was not reached with Tab")

    tab_to("systolic")
    ActionChains(browser).send_keys("285").perform()
    tab_to("diastolic")
    ActionChains(browser).send_keys("95").send_keys(Keys.ENTER).perform()
    wait_for(browser, lambda d: d.find_elements(By.ID, "confirm-unusual"))
    text = errors_without_english()
    assert "fuera del intervalo habitual" in text, text
    assert browser.find_element(By.ID, "systolic").get_attribute("value") == "285"
    assert browser.find_element(By.ID, "diastolic").get_attribute("value") == "95"
    assert browser.find_element(By.ID, "confirm-unusual").text == "Sí, es correcta: guardarla"
    check_page(browser, "blood-pressure-confirm-es")
    tab_to("confirm-unusual")
    ActionChains(browser).send_keys(Keys.ENTER).perform()
    wait_for(browser, lambda d: "done=savedBloodPressure" in d.current_url)
    assert "Presión arterial guardada." in browser.find_element(By.ID, "notice").text


def test_no_page_asks_another_host_for_anything(hub, browser):
    """Every page of the navigation, loaded in Chromium: the page and every resource it loaded (resource timing) come
    from the hub itself; the app works offline."""
    import urllib.parse

    first_run(browser, hub, check=False)
    pages = sorted({a.get_attribute("href") for a in browser.find_elements(By.CSS_SELECTOR, "nav a[href]")})
    assert len(pages) >= 12, pages
    pages += [hub.base + path for path in TREND_PARTS]
    own = urllib.parse.urlsplit(hub.base).netloc
    for page in pages:
        browser.get(page)
        urls = browser.execute_script(
            "return [location.href, ...performance.getEntriesByType('resource').map(e => e.name)]")
        assert len(urls) >= 3, (page, urls)  # the page, its stylesheet and its script
        foreign = [url for url in urls if urllib.parse.urlsplit(url).netloc != own]
        assert foreign == [], (page, foreign)

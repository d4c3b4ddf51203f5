"""The web app in a real headless Chromium against `kidneyhub serve` on a fresh store (issue 18's acceptance):
the first run, logging a banana found by typing "ban", a drink, the dialysis day's weights and gain, Spanish, and a
flow done with the keyboard only. Every page is checked by axe-core and photographed at 1280 and 360 pixels."""

from datetime import datetime, timedelta, timezone

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.support.ui import Select

from pages import check_page, wait_for, value_of

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
    Select(browser.find_element(By.ID, "language")).select_by_value("es")
    browser.find_element(By.CSS_SELECTOR, "main form button[type=submit]").click()
    browser.get(hub.base + "/today")
    assert browser.find_element(By.TAG_NAME, "html").get_attribute("lang") == "es"
    assert browser.find_element(By.CSS_SELECTOR, 'nav a[href="/today"]').text == "Hoy"
    assert browser.find_element(By.TAG_NAME, "h1").text.startswith("Hoy")
    check_page(browser, "today-es")
    browser.get(hub.base + "/profiles")
    check_page(browser, "profiles-es")


def test_an_address_beyond_loopback_is_refused_without_tls(tmp_path):
    import subprocess
    from conftest import BINARY

    result = subprocess.run([str(BINARY), "serve", "--store", str(tmp_path / "hub.sqlite"), "--http", "0.0.0.0:8470"],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode != 0
    assert "refusing to serve beyond this machine without TLS" in result.stderr
    assert not (tmp_path / "hub.sqlite").exists()

"""The devices page in a real headless Chromium (issue 18): the simulator's devices are found by a scan, a device
that shows a passkey is paired once the passkey is typed, a device is synced with its progress shown live (the
simulator's slow-sync fault makes the sync last long enough to see), with the keyboard only, its readings are given to
the profile, and the page works without the script too. axe-core checks the page empty and filled; it reads in
Spanish."""

import urllib.parse
import urllib.request

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from pages import check_page, switch_to_spanish, wait_for
from test_web import first_run

# Every text the progress region shows, recorded as it changes: the region is replaced by the answer when the
# sync ends, so the test cannot rely on catching it on screen at one moment.
RECORD_PROGRESS = """
window.progressSeen = [];
new MutationObserver(() => {
  const text = document.getElementById('sync-progress-text');
  const region = document.getElementById('sync-progress');
  if (text && region && !region.hidden && text.textContent) { window.progressSeen.push(text.textContent); }
}).observe(document.body, {subtree: true, childList: true, characterData: true, attributes: true});
"""


def notice(driver):
    return driver.execute_script("return document.getElementById('notice')?.textContent.trim() || ''")


def errors(driver):
    return driver.execute_script("return document.getElementById('errors')?.textContent.trim() || ''")


def scan(browser):
    browser.find_element(By.CSS_SELECTOR, "#scan-form button").click()
    wait_for(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#found tr[data-found], #none-found"), timeout=90)


def tab_to(browser, label):
    """Tab until the focused element's accessible label is `label`."""
    for _ in range(120):
        ActionChains(browser).send_keys(Keys.TAB).perform()
        if browser.execute_script("return document.activeElement.getAttribute('aria-label')") == label:
            return
    raise AssertionError(f"{label!r} was not reached with Tab")


def pair(browser, device_id, passkey=""):
    row = browser.find_element(By.CSS_SELECTOR, f'#found tr[data-found="{device_id}"]')
    if passkey:
        row.find_element(By.CSS_SELECTOR, "input[name=passkey]").send_keys(passkey)
    row.find_element(By.CSS_SELECTOR, "button").click()


def test_a_device_is_found_paired_and_synced_with_live_progress_using_the_keyboard(simulated_hub, browser):
    hub = simulated_hub
    first_run(browser, hub, check=False)
    browser.find_element(By.LINK_TEXT, "Devices").click()
    wait_for(browser, lambda d: d.current_url.endswith("/devices"))
    assert browser.find_element(By.ID, "no-devices").text.startswith("No device yet")
    simulator = browser.find_element(By.CSS_SELECTOR, '#adapters tr[data-adapter="simulator"]')
    assert "Ready" in simulator.text and "Devices" in simulator.text
    check_page(browser, "devices-empty")

    scan(browser)
    found = {row.get_attribute("data-found") for row in browser.find_elements(By.CSS_SELECTOR, "#found tr")}
    assert {"sim-scale-1", "sim-cuff-1"} <= found, found
    check_page(browser, "devices-scanned")

    # The cuff shows a passkey: pairing without it asks for it, naming the device; with it, it pairs.
    pair(browser, "sim-cuff-1")
    wait_for(browser, lambda d: d.find_elements(By.ID, "passkey-form"))
    assert "sim-cuff-1 shows a passkey" in errors(browser)
    check_page(browser, "devices-passkey")
    browser.find_element(By.ID, "passkey").send_keys("123456")
    browser.find_element(By.CSS_SELECTOR, "#passkey-form button").click()
    wait_for(browser, lambda d: "paired=sim-cuff-1" in d.current_url)
    assert notice(browser) == "sim-cuff-1 is paired. The hub reads it from now on."

    scan(browser)
    pair(browser, "sim-scale-1")
    wait_for(browser, lambda d: "paired=sim-scale-1" in d.current_url)
    known = {row.get_attribute("data-device") for row in browser.find_elements(By.CSS_SELECTOR, "#devices tr")}
    assert {"sim-scale-1", "sim-cuff-1"} <= known, known

    # Sync now, with the keyboard only: Tab to the scale's button, Enter; the progress shows while it runs.
    browser.execute_script(RECORD_PROGRESS)
    tab_to(browser, "Sync sim-scale-1 now")
    ActionChains(browser).send_keys(Keys.ENTER).perform()
    wait_for(browser, lambda d: "new readings stored" in notice(d), timeout=120)
    seen = browser.execute_script("return window.progressSeen")
    assert "0 of 3 records read" in seen, seen
    assert notice(browser) == "sim-scale-1: 3 new readings stored, 0 already stored."
    assert "synced=sim-scale-1" in browser.current_url
    # The answer replaced the main content: the stream ended and focus went to the content.
    assert browser.execute_script("return document.activeElement.id") == "main"

    # The scale's readings go to Ana.
    browser.find_element(By.CSS_SELECTOR, '#device option[value="simulator/sim-scale-1"]').click()
    browser.find_element(By.CSS_SELECTOR, "#assign-form button").click()
    wait_for(browser, lambda d: "assigned=sim-scale-1" in d.current_url)
    assert notice(browser) == "The readings of sim-scale-1 now go to Ana."
    row = browser.find_element(By.CSS_SELECTOR, '#devices tr[data-device="sim-scale-1"]')
    assert "Ana (every user)" in row.text
    check_page(browser, "devices-filled")

    # A second sync finds nothing new: the cursor moved.
    browser.find_element(By.CSS_SELECTOR, '#devices tr[data-device="sim-scale-1"] button').click()
    wait_for(browser, lambda d: "already stored" in notice(d) and "sim-scale-1: 0 new" in notice(d), timeout=120)


def test_the_page_works_without_the_script_and_a_bad_user_number_is_refused(simulated_hub, browser):
    hub = simulated_hub
    first_run(browser, hub, check=False)
    browser.get(hub.base + "/devices")
    token = browser.find_element(By.CSS_SELECTOR, "#scan-form input[name=csrf]").get_attribute("value")
    cookie = browser.get_cookie("kidneyhub_session")["value"]

    def post(path, fields):
        request = urllib.request.Request(
            hub.base + path, data=urllib.parse.urlencode({"csrf": token, **fields}).encode(),
            headers={"Cookie": f"kidneyhub_session={cookie}",
                     "Content-Type": "application/x-www-form-urlencoded"})
        try:
            with urllib.request.urlopen(request, timeout=120) as answer:
                return answer.status, answer.geturl(), answer.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.geturl(), error.read().decode()

    status, _, page = post("/devices/pair", {"device": "sim-scale-1", "adapter": "simulator"})
    assert status == 200, page
    # The form posts, the answer redirects, and the page states the result: no script was run.
    status, url, page = post("/devices/sync", {"device": "sim-scale-1", "adapter": "simulator"})
    assert status == 200 and "synced=sim-scale-1" in url, (status, url)
    assert "sim-scale-1: 3 new readings stored, 0 already stored." in page
    status, _, page = post("/devices/assign", {"device": "simulator/sim-scale-1", "profile": "Ana",
                                               "userIndex": "300"})
    assert status == 422
    assert "User number on the device: “300” is not a whole number from 0 to 255." in page
    # Nothing was assigned.
    browser.get(hub.base + "/devices")
    assert "Nobody yet" in browser.find_element(By.CSS_SELECTOR, '#devices tr[data-device="sim-scale-1"]').text


def test_devices_page_reads_in_spanish(simulated_hub, browser):
    hub = simulated_hub
    first_run(browser, hub, check=False)
    switch_to_spanish(browser, hub)
    browser.get(hub.base + "/devices")
    assert browser.find_element(By.TAG_NAME, "h1").text == "Dispositivos"
    assert browser.find_element(By.ID, "no-devices").text.startswith("Todavía no hay dispositivos")
    assert browser.find_element(By.CSS_SELECTOR, "#scan-form button").text == "Buscar dispositivos"
    scan(browser)
    assert browser.find_element(By.ID, "found-heading").text == "Dispositivos encontrados"
    pair(browser, "sim-cuff-1")
    wait_for(browser, lambda d: d.find_elements(By.ID, "passkey-form"))
    assert "sim-cuff-1 muestra una clave" in errors(browser)
    check_page(browser, "devices-es")


def test_a_failed_adapter_is_retried_from_the_devices_page_with_the_keyboard(crashing_adapter_hub, browser):
    hub = crashing_adapter_hub
    first_run(browser, hub, check=False)
    browser.get(hub.base + "/devices")
    # The scan starts the adapter, which crashes on each of its first 5 starts: the hub's breaker marks it failed.
    scan(browser)
    browser.get(hub.base + "/devices")
    wait_for(browser, lambda d: d.find_elements(By.CSS_SELECTOR, '#adapters tr[data-adapter="simulator"]'))
    row = browser.find_element(By.CSS_SELECTOR, '#adapters tr[data-adapter="simulator"]')
    assert row.get_attribute("data-state") == "failed", row.get_attribute("outerHTML")
    assert "Failed" in row.text
    check_page(browser, "devices-adapter-failed")

    tab_to(browser, "Retry the adapter Device simulator")
    ActionChains(browser).send_keys(Keys.ENTER).perform()
    wait_for(browser, lambda d: "may start again" in notice(d))
    row = browser.find_element(By.CSS_SELECTOR, '#adapters tr[data-adapter="simulator"]')
    assert row.get_attribute("data-state") != "failed"
    assert not row.find_elements(By.CSS_SELECTOR, "button")
    # Its sixth start works: the scan finds the simulator's devices.
    scan(browser)
    assert browser.find_elements(By.CSS_SELECTOR, "#found tr[data-found]"), errors(browser)

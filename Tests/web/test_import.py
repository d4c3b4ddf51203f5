"""The import page in a real headless Chromium (issue 18): a generated Apple Health export (the repository's own
generator, with one unreadable record added) is uploaded with the keyboard only, its progress is shown, and its report
lists per kind what was stored and the rejected record with where and why; importing it again stores nothing twice. A
file that is not an export and an oversized upload are refused naming the field, and nothing is stored. axe-core
checks the page empty and filled; it reads in Spanish."""

import http.client
import subprocess
import sys
from pathlib import Path

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from pages import check_page, switch_to_spanish, wait_for
from test_web import first_run

ROOT = Path(__file__).resolve().parents[2]
UNREADABLE = ('<Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Watch" unit="count/min" '
              'creationDate="2026-11-17 07:00:00 +0100" startDate="2026-11-17 07:00:00 +0100" '
              'endDate="2026-11-17 07:00:00 +0100" value="fast"/>\n')


def export_file(folder):
    """A small Apple Health export.xml from scripts/bench/generate_apple_health.py, with one unreadable record."""
    path = Path(folder) / "export.xml"
    subprocess.run([sys.executable, str(ROOT / "scripts" / "bench" / "generate_apple_health.py"), "0.03", str(path)],
                   check=True, capture_output=True)
    text = path.read_text()
    path.write_text(text.replace("</HealthData>", UNREADABLE + "</HealthData>"))
    return path


def errors(driver):
    return driver.execute_script("return document.getElementById('errors')?.textContent.trim() || ''")


def kinds(driver):
    """The report's table: kind → (stored, already stored, rejected)."""
    rows = driver.execute_script(
        "return [...document.querySelectorAll('#import-kinds tbody tr')]"
        ".map(r => [r.dataset.kind, ...[...r.cells].slice(1).map(c => c.textContent)])")
    return {row[0]: tuple(int(value.replace(",", "")) for value in row[1:]) for row in rows}


def upload_with_keyboard(browser, path):
    """The file is set on the field (a native file dialog cannot be driven), then Tab to Import and Enter."""
    browser.execute_script(
        "window.progressSeen = [];"
        "new MutationObserver(() => { const t = document.getElementById('import-progress-text');"
        " const r = document.getElementById('import-progress');"
        " if (t && r && !r.hidden && t.textContent) { window.progressSeen.push(t.textContent); } })"
        ".observe(document.body, {subtree: true, childList: true, characterData: true, attributes: true});")
    field = browser.find_element(By.ID, "export")
    field.send_keys(str(path))
    browser.execute_script("arguments[0].focus()", field)
    ActionChains(browser).send_keys(Keys.TAB).perform()
    assert browser.execute_script("return document.activeElement.textContent") == "Import"
    ActionChains(browser).send_keys(Keys.ENTER).perform()


def test_an_apple_health_export_is_uploaded_with_the_keyboard_and_its_report_shown(hub, browser, tmp_path):
    first_run(browser, hub, check=False)
    browser.find_element(By.LINK_TEXT, "Import").click()
    wait_for(browser, lambda d: d.current_url.endswith("/import"))
    check_page(browser, "import-empty")

    upload_with_keyboard(browser, export_file(tmp_path))
    wait_for(browser, lambda d: d.find_elements(By.ID, "import-report"), timeout=180)
    # The progress region showed while the import ran.
    assert browser.execute_script("return window.progressSeen").__len__() > 0
    first = kinds(browser)
    assert first["heart_rate"][0] > 0, first
    assert first["blood_pressure"][0] > 0, first
    assert first["heart_rate"][2] >= 1, first
    # Kinds are named in words, never by their codes.
    names = browser.execute_script(
        "return [...document.querySelectorAll('#import-kinds tbody th')].map(c => c.textContent)")
    assert "Heart rate" in names and "Blood pressure" in names, names
    assert not any("_" in name for name in names), names
    stored = sum(counts[0] for counts in first.values())
    assert browser.find_element(By.ID, "import-stored").text == f"{stored} readings stored from export.xml."
    rejected = browser.find_elements(By.CSS_SELECTOR, "#import-rejected tbody tr")
    assert any("fast" in row.text or "value" in row.text for row in rejected), [row.text for row in rejected]
    check_page(browser, "import-report")

    # The same export again: every reading is found already stored, none stored twice.
    browser.get(hub.base + "/import")
    upload_with_keyboard(browser, tmp_path / "export.xml")
    wait_for(browser, lambda d: d.find_elements(By.ID, "import-report"), timeout=180)
    again = kinds(browser)
    assert sum(counts[0] for counts in again.values()) == 0, again
    assert again["heart_rate"][1] == first["heart_rate"][0], (first, again)


def test_a_file_that_is_not_an_export_and_an_oversized_upload_are_refused(hub, browser, tmp_path):
    first_run(browser, hub, check=False)
    browser.get(hub.base + "/import")
    notes = tmp_path / "notes.txt"
    notes.write_text("potassium 5.1 on Tuesday\n")
    browser.find_element(By.ID, "export").send_keys(str(notes))
    browser.find_element(By.CSS_SELECTOR, "#import-form button").click()
    wait_for(browser, lambda d: errors(d))
    assert ("Export file: “notes.txt” is not an Apple Health export, a Fitbit archive or a FIT file."
            in errors(browser))
    assert not browser.find_elements(By.ID, "import-report")
    check_page(browser, "import-refused")

    # An upload larger than the limit is refused from its length, before its body is read.
    action = browser.find_element(By.ID, "import-form").get_attribute("action")
    cookie = browser.get_cookie("kidneyhub_session")["value"]
    connection = http.client.HTTPConnection("127.0.0.1", hub.port, timeout=60)
    connection.putrequest("POST", action[len(hub.base):])
    connection.putheader("Host", f"127.0.0.1:{hub.port}")
    connection.putheader("Cookie", f"kidneyhub_session={cookie}")
    connection.putheader("Content-Type", "multipart/form-data; boundary=x")
    connection.putheader("Content-Length", str(65 * 1024 * 1024))
    connection.endheaders()
    connection.send(b"--x\r\nContent-Disposition: form-data; name=\"export\"; filename=\"export.zip\"\r\n\r\nPK")
    answer = connection.getresponse()
    body = answer.read().decode()
    connection.close()
    assert answer.status == 413, (answer.status, body)
    assert "Export file: the file is larger than 64 MB." in body


def test_import_page_reads_in_spanish(hub, browser):
    first_run(browser, hub, check=False)
    switch_to_spanish(browser, hub)
    browser.get(hub.base + "/import")
    assert browser.find_element(By.TAG_NAME, "h1").text == "Importar una exportación"
    assert browser.find_element(By.CSS_SELECTOR, "label[for=export]").text == "Archivo exportado"
    assert browser.find_element(By.CSS_SELECTOR, "#import-form button").text == "Importar"
    check_page(browser, "import-es")


def test_the_file_chooser_is_reached_and_opened_with_the_keyboard_only(hub, browser, tmp_path):
    """From the top of the page, Tab alone reaches the file field with a visible focus ring; Space opens the chooser
    (Chromium's file-chooser interception stands in for the native dialog, which a test cannot drive, and the file is
    given as the dialog would); Tab reaches Import and Enter uploads."""
    first_run(browser, hub, check=False)
    browser.get(hub.base + "/import")
    browser.execute_cdp_cmd("Page.enable", {})
    browser.execute_cdp_cmd("Page.setInterceptFileChooserDialog", {"enabled": True})
    browser.execute_script(
        "window.chooserOpened = 0;"
        "document.getElementById('export').addEventListener('click', () => { window.chooserOpened += 1; });"
        "document.activeElement && document.activeElement.blur();")
    for _ in range(40):
        ActionChains(browser).send_keys(Keys.TAB).perform()
        if browser.execute_script("return document.activeElement.id") == "export":
            break
    else:
        raise AssertionError("Tab never reached the file field")
    outline = browser.execute_script(
        "const s = getComputedStyle(document.activeElement); return [s.outlineStyle, s.outlineWidth]")
    assert outline[0] != "none" and outline[1] != "0px", outline
    ActionChains(browser).send_keys(Keys.SPACE).perform()
    wait_for(browser, lambda d: d.execute_script("return window.chooserOpened") == 1, timeout=10)
    browser.find_element(By.ID, "export").send_keys(str(export_file(tmp_path)))
    assert browser.execute_script("return document.activeElement.id") == "export"
    ActionChains(browser).send_keys(Keys.TAB).perform()
    assert browser.execute_script("return document.activeElement.textContent") == "Import"
    ActionChains(browser).send_keys(Keys.ENTER).perform()
    wait_for(browser, lambda d: d.find_elements(By.ID, "import-report"), timeout=180)
    assert kinds(browser)["heart_rate"][0] > 0

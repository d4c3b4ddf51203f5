"""The reports page's export downloads (issue 18, reports): the JSON backup, the CSV tables zipped and the FHIR
Bundle are offered as links and each downloads as a file of its format, holding the profile; the section reads in
Spanish; axe-core checks the page."""

import io
import json
import urllib.request
import zipfile

from selenium.webdriver.common.by import By

from pages import check_page, switch_to_spanish
from test_web import first_run


def download(hub, browser, path):
    cookie = browser.get_cookie("kidneyhub_session")["value"]
    request = urllib.request.Request(hub.base + path, headers={"Cookie": f"kidneyhub_session={cookie}"})
    with urllib.request.urlopen(request, timeout=120) as answer:
        return answer.headers, answer.read()


def test_the_exports_download_as_files_of_their_format(hub, browser):
    first_run(browser, hub, check=False)
    browser.find_element(By.LINK_TEXT, "Reports").click()
    links = {link.text: link.get_attribute("href")[len(hub.base):]
             for link in browser.find_elements(By.CSS_SELECTOR, "#exports a")}
    assert links == {"Backup of everything (JSON)": "/reports/export/json",
                     "Tables for a spreadsheet (CSV, zipped)": "/reports/export/csv",
                     "This profile's readings for health records (FHIR R4)": "/reports/export/fhir"}, links
    check_page(browser, "reports-exports")

    headers, body = download(hub, browser, "/reports/export/json")
    assert headers["Content-Type"] == "application/json"
    assert 'filename="kidneyhub-backup.json"' in headers["Content-Disposition"]
    backup = json.loads(body)
    assert "Ana" in json.dumps(backup)

    headers, body = download(hub, browser, "/reports/export/csv")
    assert headers["Content-Type"] == "application/zip"
    names = zipfile.ZipFile(io.BytesIO(body)).namelist()
    assert "manifest.json" in names and any(name.endswith(".csv") for name in names), names

    headers, body = download(hub, browser, "/reports/export/fhir")
    assert headers["Content-Type"] == "application/fhir+json"
    bundle = json.loads(body)
    assert bundle["resourceType"] == "Bundle"
    assert any(entry["resource"]["resourceType"] == "Patient" for entry in bundle["entry"])


def test_the_export_section_reads_in_spanish(hub, browser):
    first_run(browser, hub, check=False)
    switch_to_spanish(browser, hub)
    browser.get(hub.base + "/reports")
    assert browser.find_element(By.ID, "export-heading").text == "Exportar sus datos"
    texts = [link.text for link in browser.find_elements(By.CSS_SELECTOR, "#exports a")]
    assert texts[0] == "Copia de seguridad completa (JSON)", texts

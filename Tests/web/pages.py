"""What every page test checks: axe-core's WCAG 2.0/2.1 A and AA and Section 508 rules, a title on every svg, and
screenshots at 1280 and 360 pixels for a person to look at."""

from pathlib import Path

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

SCREENSHOTS = Path(__file__).resolve().parent / "screenshots"
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "section508"]


def axe_source():
    """axe-core 4.x, as shipped inside axe-playwright-python (read as a file: playwright itself is not needed)."""
    import importlib.util

    spec = importlib.util.find_spec("axe_playwright_python")
    assert spec, "axe-playwright-python is missing: source scripts/setup.sh"
    script = Path(list(spec.submodule_search_locations)[0]) / "axe.min.js"
    return script.read_text()


def chromium():
    """A headless Chromium (Debian's chromium and chromium-driver) driven by selenium, 1280 by 900 pixels, in English;
    the caller quits it. Shared by the web app's tests and the clinician portal's (Tests/care-server)."""
    import shutil

    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,900",
                     "--lang=en-US", "--disable-gpu"]:
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service(shutil.which("chromedriver") or "/usr/bin/chromedriver"),
                              options=options)
    driver.implicitly_wait(0)
    return driver


def check_page(driver, name):
    """axe-core reports no violation, every svg has a title, and screenshots are saved."""
    driver.execute_script(axe_source())
    result = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, {runOnly: {type: 'tag', values: arguments[0]}}).then(done, e => done({error: String(e)}));",
        AXE_TAGS)
    assert "error" not in result, result
    violations = [(v["id"], v["help"], [n["target"] for n in v["nodes"]][:3]) for v in result["violations"]]
    assert violations == [], f"{name}: {violations}"
    untitled = driver.execute_script(
        "return [...document.querySelectorAll('svg')].filter(s => !s.querySelector(':scope > title')).length")
    assert untitled == 0, f"{name}: {untitled} svg without a title"
    screenshot(driver, name)


def screenshot(driver, name):
    SCREENSHOTS.mkdir(exist_ok=True)
    size = driver.get_window_size()
    for width in (1280, 360):
        driver.set_window_size(width, 900)
        height = driver.execute_script("return document.documentElement.scrollHeight")
        driver.set_window_size(width, min(max(height, 600), 4000))
        driver.save_screenshot(str(SCREENSHOTS / f"{name}-{width}.png"))
    driver.set_window_size(size["width"], size["height"])


def wait_for(driver, condition, timeout=60):
    return WebDriverWait(driver, timeout).until(lambda d: condition(d))


def value_of(driver, subject):
    """Today's total of a subject, as the page states it (the cell's data-value)."""
    cell = driver.find_element(By.CSS_SELECTOR, f'#intake tr[data-subject="{subject}"] td[data-value]')
    return float(cell.get_attribute("data-value"))


def switch_to_spanish(browser, hub):
    """Chooses Spanish in the settings and waits until the answer to that form has loaded: a page requested before
    then can be replaced by the form's redirect."""
    browser.get(hub.base + "/settings")
    Select(browser.find_element(By.ID, "language")).select_by_value("es")
    browser.find_element(By.CSS_SELECTOR, "main form button[type=submit]").click()
    # Read by script: an element found on the settings page goes stale when the answer replaces the page.
    wait_for(browser, lambda d: d.execute_script("return document.documentElement.lang") == "es")

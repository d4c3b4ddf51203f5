"""Editing, reordering and removing goals in a real headless Chromium (issue 18, item 3: "goals and rewards (add
from templates, edit, prioritize)"): a goal's target is changed from its edit form with the keyboard only and reads
back changed; a word or an out-of-range number is refused naming the field with the goal unchanged; the second goal
moves to the top; a removed goal leaves the list; the edit page reads in Spanish. axe-core checks every page."""

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from pages import check_page, switch_to_spanish, wait_for
from test_web import first_run


def add_goal(browser, hub, template):
    browser.get(hub.base + "/goals")
    Select(browser.find_element(By.ID, "template")).select_by_value(template)
    browser.find_element(By.CSS_SELECTOR, "#goal-form button[type=submit]").click()
    wait_for(browser, lambda d: "done=goalAdded" in d.current_url)


def goal_ids(browser):
    return [row.get_attribute("data-goal") for row in browser.find_elements(By.CSS_SELECTOR, "#goals tbody tr")]


def test_a_goal_is_edited_moved_up_and_removed(hub, browser):
    first_run(browser, hub, check=False)
    add_goal(browser, hub, "hd-idwg")
    add_goal(browser, hub, "bp-dialysis")
    gain_goal, pressure_goal = goal_ids(browser)

    # Edit the weight-gain goal with the keyboard only: its number is offered, typed over, and Enter saves it.
    browser.find_element(By.CSS_SELECTOR, f'a[href="/goals/{gain_goal}/edit"]').send_keys(Keys.ENTER)
    wait_for(browser, lambda d: d.find_elements(By.ID, "goal-edit-form"))
    field = browser.find_element(By.ID, "percent")
    offered = float(field.get_attribute("value"))
    assert 0 < offered <= 10
    check_page(browser, "goal-edit")
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys("3.5", Keys.ENTER)
    wait_for(browser, lambda d: "done=goalSaved" in d.current_url)
    browser.get(hub.base + f"/goals/{gain_goal}/edit")
    assert float(browser.find_element(By.ID, "percent").get_attribute("value")) == 3.5
    # Its title no longer claims the template's 4 %: it says what the goal now asks.
    assert "3.5" in browser.find_element(By.TAG_NAME, "h2").text

    # A word and a number out of range are refused naming the field; the goal keeps 3.5.
    for typed, expected in (("lots", "enter a number"), ("50", "percentage")):
        browser.get(hub.base + f"/goals/{gain_goal}/edit")
        field = browser.find_element(By.ID, "percent")
        field.clear()
        field.send_keys(typed, Keys.ENTER)
        wait_for(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#errors li"))
        error = browser.find_element(By.CSS_SELECTOR, "#errors li").text
        assert expected in error.lower(), error
        assert browser.find_element(By.ID, "percent").get_attribute("value") == typed
    check_page(browser, "goal-edit-refused")
    browser.get(hub.base + f"/goals/{gain_goal}/edit")
    assert float(browser.find_element(By.ID, "percent").get_attribute("value")) == 3.5

    # The pressure goal moves to the top; the first goal has no "move up".
    browser.get(hub.base + "/goals")
    assert not browser.find_elements(By.CSS_SELECTOR, f'form[action="/goals/{gain_goal}/priority"]')
    browser.find_element(By.CSS_SELECTOR, f'form[action="/goals/{pressure_goal}/priority"] button').send_keys(
        Keys.ENTER)
    wait_for(browser, lambda d: "done=goalMoved" in d.current_url)
    assert goal_ids(browser) == [pressure_goal, gain_goal]
    check_page(browser, "goals-reordered")

    # Removed: it leaves the list; another id answers 404.
    browser.find_element(By.CSS_SELECTOR, f'form[action="/goals/{gain_goal}/remove"] button').click()
    wait_for(browser, lambda d: "done=goalRemoved" in d.current_url)
    assert goal_ids(browser) == [pressure_goal]
    status = browser.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        f"fetch('/goals/{gain_goal}/edit').then(r => done(r.status));")
    assert status == 404

    switch_to_spanish(browser, hub)
    browser.get(hub.base + f"/goals/{pressure_goal}/edit")
    assert browser.find_element(By.TAG_NAME, "h1").text == "Cambiar una meta"
    assert "Sistólica por debajo de" in browser.find_element(By.CSS_SELECTOR, 'label[for="systolic"]').text
    check_page(browser, "goal-edit-es")

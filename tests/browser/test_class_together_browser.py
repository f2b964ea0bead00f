"""The class together in Voilà and Chromium: the teacher's console starts a class, two students join it (one by the
address, one by typing the code with a nickname), lock different guesses and play; the projected teacher's page
shows their locks, their guesses and the pooled plays within seconds, without a click; a student's reload
counts once; a secret set on the console (never on the projector) reaches the students; the answer's chart says
whose plays start it (the projector: the class's; a student: hers, then her class's); End the class deletes it.

One Voilà server (pre-heated kernels, a store in a temporary SQLite file, a teacher's key) serves four pages.
"""
import os
import re
import time

import pytest
from playwright.sync_api import expect

from boardkit.classroom import ClassStore
from harness import console_errors, new_page

pytestmark = pytest.mark.browser

NOTEBOOK = "tests/browser/fixtures/class_together.ipynb"
KEY = "class-test-key"
LOAD_MS = 120_000
#: the issue's promise is 2 s (p90, 30 students); this test allows 5 s on a 2-core machine shared with other tests
LIVE_MS = 5_000
#: a page's first Join imports the store's libraries (SQLAlchemy) into its kernel: seconds on a busy machine
JOIN_MS = 30_000


@pytest.fixture(scope="module")
def classroom(voila_server, tmp_path_factory):
    """(url, store): Voilà serving the fixture with a teacher's key and a class store of its own."""
    path = tmp_path_factory.mktemp("class") / "class.db"
    saved = {name: os.environ.get(name) for name in ("BOARDKIT_CLASS_DB", "BOARDKIT_TEACHER_KEY")}
    os.environ.update(BOARDKIT_CLASS_DB=f"sqlite:///{path}", BOARDKIT_TEACHER_KEY=KEY)
    try:       # the server (and so every kernel) takes the environment as it is now
        url = voila_server(NOTEBOOK, timeout=120, extra_args=("--pool_size=2",))
    finally:
        for name, value in saved.items():
            os.environ.pop(name, None) if value is None else os.environ.__setitem__(name, value)
    return url, ClassStore(f"sqlite:///{path}")


def open_page(browser, url):
    page = new_page(browser)
    page.goto(url, timeout=LOAD_MS)
    page.get_by_text("The end of the page.").wait_for(timeout=LOAD_MS)
    return page


def chart_titled(page, title):
    """The charts of ``page`` whose title is ``title`` (a chart's alt text names its title)."""
    return page.locator(f'img.boardkit-chart[alt="A chart: {title}"]')


def seconds_until(locator_expectation):
    start = time.monotonic()
    locator_expectation()
    return time.monotonic() - start


def test_two_students_join_lock_and_play_and_the_teachers_page_shows_them_live(classroom, browser,
                                                                                record_property):
    url, store = classroom
    console = open_page(browser, f"{url}?teacher={KEY}&console=1")
    console.get_by_role("button", name="Start a class").click()
    code_shown = console.locator(".boardkit-class-code b")
    expect(code_shown).to_have_text(re.compile(r"^[A-Z0-9]{4}$"), timeout=LIVE_MS)
    code = code_shown.inner_text()
    # the big code sits below the console's buttons, not over them (it overflowed its line and took End's clicks)
    end_button = console.get_by_role("button", name="End the class").bounding_box()
    assert code_shown.bounding_box()["y"] >= end_button["y"] + end_button["height"]
    assert store.is_open(code)

    projector = open_page(browser, f"{url}?teacher={KEY}")
    expect(projector.locator(".boardkit-class-code")).to_contain_text(code, timeout=LIVE_MS)
    # the join code in big type, readable from the back of the room (it was 16 px, like the text around it)
    assert projector.locator(".boardkit-class-code b").evaluate("e => parseFloat(getComputedStyle(e).fontSize)") >= 48
    expect(projector.get_by_role("button", name="Start a class")).to_have_count(0)     # no controls on the projector
    # the whole address students type, built from the page's own (it showed only "?class=CODE"), without the key
    expect(projector.locator(".boardkit-join-address")).to_contain_text(f"{url}?class={code}")
    assert KEY not in projector.locator(".boardkit-join-address").inner_text()

    ann = open_page(browser, f"{url}?class={code}")                  # joins by the address
    expect(ann.locator(".boardkit-class-status")).to_contain_text(f"You are in class {code}", timeout=JOIN_MS)
    bea = open_page(browser, url)                                    # types the code, with a nickname
    # in Large type the Join button is as tall as the boxes beside it (it kept 36 px beside 48 px boxes)
    bea.locator("button.boardkit-large-type, .boardkit-large-type button").first.click()
    box = bea.locator(".boardkit-class-code-box input")
    expect(box).to_have_js_property("offsetHeight", 48)
    assert abs(bea.get_by_role("button", name="Join").bounding_box()["height"] - box.bounding_box()["height"]) <= 2
    bea.locator(".boardkit-class-code-box input").fill(code.lower())
    bea.locator(".boardkit-class-nickname input").fill("<b>Bea</b>")
    bea.get_by_role("button", name="Join").click()
    expect(bea.locator(".boardkit-class-status")).to_contain_text(f"You are in class {code}", timeout=JOIN_MS)
    expect(projector.locator(".boardkit-class-joined")).to_contain_text("2 pages joined", timeout=LIVE_MS)

    for student, choice in ((ann, "A"), (bea, "B")):
        student.locator(".boardkit-prediction").get_by_role("radio", name=choice).check()
        student.get_by_role("button", name="Lock my prediction").click()
    waited = seconds_until(lambda: expect(projector.locator(".boardkit-class-locks")).to_contain_text(
        "2 of 2 locked", timeout=LIVE_MS))
    record_property("seconds_lock_to_teacher", round(waited, 2))

    ann.get_by_role("button", name="Play 5 times").click()
    ann.get_by_role("button", name="Play 5 times").click()
    bea.get_by_role("button", name="Play 5 times").click()
    waited = seconds_until(lambda: expect(projector.locator(".boardkit-class-plays")).to_contain_text(
        "15 plays", timeout=LIVE_MS))
    record_property("seconds_play_to_teacher", round(waited, 2))
    expect(projector.locator(".boardkit-class-plays")).to_contain_text("said yes 20%")

    # Ann reloads her page (a new kernel): the tab keeps her page's id, so she counts once, and plays on
    ann.reload(timeout=LOAD_MS)
    ann.get_by_text("The end of the page.").wait_for(timeout=LOAD_MS)
    expect(ann.locator(".boardkit-class-status")).to_contain_text(f"You are in class {code}", timeout=30_000)
    # her guess is back, locked (a reload unlocked it: she could lock another after seeing the answer)
    expect(ann.get_by_role("button", name="Locked")).to_be_disabled(timeout=LIVE_MS)
    expect(ann.locator(".boardkit-prediction").get_by_role("radio", name="A")).to_be_checked()
    ann.get_by_role("button", name="Play 5 times").click()
    expect(projector.locator(".boardkit-class-plays")).to_contain_text("20 plays", timeout=LIVE_MS)
    expect(projector.locator(".boardkit-class-joined")).to_contain_text("2 pages joined")
    expect(projector.locator(".boardkit-class-locks")).to_contain_text("2 of 2 locked")

    # a secret the teacher sets on the console reaches both students' pages through the store
    # no secrets on the projector: no Teacher notes button (its box, shown as display: contents, has no box of its
    # own, so a check that the box is hidden passed while the button showed the door to the room)
    expect(projector.get_by_role("button", name="Teacher notes")).to_have_count(0)
    expect(console.get_by_role("button", name="Teacher notes")).to_have_count(1)
    console.get_by_label("The door is").select_option("rigged for red")
    for student in (ann, bea):
        expect(student.locator(".fixture-door")).to_have_text("The door: rigged for red.", timeout=LIVE_MS)

    # the projected page: the teacher locks the class's guesses and shows the answer: both guesses, charted
    projector.get_by_role("button", name="Lock the class's guesses").click()
    expect(projector.locator(".boardkit-prediction")).to_contain_text("The class: 1 said A, 1 said B")
    projector.get_by_role("button", name="Show the answer").click()
    expect(projector.locator(".boardkit-class-view img.boardkit-chart")).to_have_count(1, timeout=LIVE_MS)
    # the answer's chart says whose plays start it: none on the projector's own screen, the class's 20
    expect(chart_titled(projector, "The class's plays first, then the computer's 100")).to_have_count(1, timeout=LIVE_MS)
    assert "Bea" not in projector.locator("body").inner_text()       # nicknames only on the console

    # a student after the reveal: where they stand in the class
    bea.get_by_role("button", name="Show the answer").click()
    expect(bea.locator(".boardkit-prediction .boardkit-class-view")).to_contain_text("You, and nobody else, said B", timeout=LIVE_MS)
    expect(chart_titled(bea, "Your plays, then your class's, then the computer's 100")).to_have_count(1, timeout=LIVE_MS)

    # the console: the nickname, escaped; then End the class deletes it all
    expect(console.locator(".boardkit-class-nicknames")).to_contain_text("<b>Bea</b>", timeout=LIVE_MS)
    console.get_by_role("button", name="End the class").click()
    expect(console.locator(".boardkit-class-line")).to_contain_text(f"Class {code} has ended", timeout=LIVE_MS)
    assert not store.is_open(code) and store.open_classes() == []
    # the projector says so and lets go of the class's guesses, its chart and its answer (it kept them until a
    # reload); a student's page says plainly that the class has ended (it said "Not connected to the class")
    expect(projector.locator(".boardkit-class-line")).to_contain_text(f"Class {code} has ended", timeout=LIVE_MS)
    expect(projector.locator("img.boardkit-chart")).to_have_count(0)
    expect(projector.get_by_role("button", name="Lock my prediction")).to_be_enabled()
    expect(bea.locator(".boardkit-class-status")).to_contain_text(f"Class {code} has ended", timeout=LIVE_MS)
    expect(bea.locator(".boardkit-class-code-box")).to_be_visible()
    for page in (console, projector, ann, bea):
        assert console_errors(page) == []
        page.context.close()

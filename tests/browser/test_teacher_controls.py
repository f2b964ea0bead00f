"""Teacher controls cannot be forged, in Voilà and Chromium (lesson 01, the secret door).

Any page can ask its kernel for every widget (the ``jupyter.widget.control``
comm that ipywidgets' own manager uses) and send any of them a click.  So a
student's kernel must hold no teacher control at all, only the teacher's kernel
(a page opened with ``?teacher=<BOARDKIT_TEACHER_KEY>``) builds them.  Both pages
here get a pre-heated kernel (it ran the lesson before its page was asked for and
hears its page's address only when the page arrives), from one server with a pool
of two, so nothing waits for a pool refill.  The server's teacher's key is set by
``conftest.py``; ``BOARDKIT_TEACHER=1`` is set too, and refused (Voilà's log says so).

* A student's page, opened with the old address ``?teacher=1``: from the page's
  own JavaScript, ask the kernel for every widget, click every Button and switch
  on every ToggleButton; no teacher widget exists in the kernel, the door's truth
  shows nowhere, and the page says in one line why it got no teacher controls.
* The teacher's page: the same question finds the teacher's widgets (so the
  student's answer is no accident of the method); they sit behind one closed
  **Teacher notes** control, and the door's rigging is not seen until it opens.
"""
import json
import os
import re
import time

import pytest
from playwright.sync_api import expect

from app_helpers import LOAD_TIMEOUT_MS, STEP_TIMEOUT_MS, open_app
from harness import console_errors

pytestmark = pytest.mark.browser

LESSON = "notebooks/01_mystery_date.ipynb"
POOL = ("--pool_size=2", "--VoilaKernelManager.fill_delay=3600")      # the student's kernel and the teacher's
#: what only the teacher's kernel may hold (lesson 01's door setting and reveal, the class tally, the notes)
TEACHER_WIDGET = re.compile(r"reveal the door|secret door is|class tally|teacher notes", re.I)
TRUTH = "A rigged door:"            # the first words of the door's exact odds (RiggedDoor.describe)
#: the door's rigging as the teacher's page words it (its setting, its truth)
RIGGING = re.compile(r"rigged at random|rigged for the|^\s*The secret door is\s*$|A rigged door")

# From the page's own JavaScript, as a student with the browser's developer tools could: open the kernel's
# websocket, ask for every widget's state, click every Button and switch on every ToggleButton whose label is
# not in ``spare`` (null: click nothing), then ask again. Returns both answers: {model_id: {model_name, state}}.
FORGE_JS = """
async (spare) => {
    const config = JSON.parse(document.getElementById('jupyter-config-data').textContent);
    const base = new URL(config.baseUrl || '/', location.href);
    const address = base.href.replace(/^http/, 'ws') + 'api/kernels/' + config.kernelId +
                    '/channels?session_id=' + crypto.randomUUID();
    const socket = new WebSocket(address);
    socket.binaryType = 'arraybuffer';
    await new Promise((resolve, reject) => { socket.onopen = resolve; socket.onerror = reject; });
    const waiting = [];
    const read = (data) => {            // a message with binary buffers: a count, offsets, then its JSON first
        if (typeof data === 'string') return JSON.parse(data);
        const view = new DataView(data);
        const end = view.getUint32(0) > 1 ? view.getUint32(8) : data.byteLength;
        return JSON.parse(new TextDecoder().decode(data.slice(view.getUint32(4), end)));
    };
    socket.onmessage = (event) => {
        const message = read(event.data);
        for (const wait of waiting.slice()) {
            if (wait.test(message)) { waiting.splice(waiting.indexOf(wait), 1); wait.resolve(message); }
        }
    };
    const send = (type, content, metadata = {}) => socket.send(JSON.stringify({
        header: {msg_id: crypto.randomUUID(), msg_type: type, username: 'student', session: 'forged',
                 date: new Date().toISOString(), version: '5.3'},
        parent_header: {}, metadata, content, channel: 'shell', buffers: []}));
    const control = crypto.randomUUID().replace(/-/g, '');
    send('comm_open', {comm_id: control, target_name: 'jupyter.widget.control', data: {}}, {version: '1.0.0'});
    const states = () => {
        const answer = new Promise((resolve, reject) => {
            waiting.push({resolve, test: (m) => m.header.msg_type === 'comm_msg' &&
                          m.content.comm_id === control && m.content.data.method === 'update_states'});
            setTimeout(() => reject(new Error('the kernel sent no widget states in 60 s')), 60000);
        });
        send('comm_msg', {comm_id: control, data: {method: 'request_states'}});
        return answer.then((m) => m.content.data.states);
    };
    const before = await states();
    for (const [id, model] of Object.entries(before)) {
        if (spare === null || spare.includes(model.state.description)) continue;
        if (model.model_name === 'ButtonModel') {
            send('comm_msg', {comm_id: id, data: {method: 'custom', content: {event: 'click'}}});
        } else if (model.model_name === 'ToggleButtonModel') {
            send('comm_msg', {comm_id: id, data: {method: 'update', state: {value: true}, buffer_paths: []}});
        }
    }
    const after = await states();           // the kernel answers once it has handled every click before it
    socket.close();
    return [before, after];
}
"""


@pytest.fixture(scope="module")
def lesson(voila_server):
    """The lesson's address, once Voilà's pool holds both pre-heated kernels.

    The server is started with ``BOARDKIT_TEACHER=1`` too, as a careless start script might: under Voilà
    it must not make every page a teacher's, and Voilà's log must say that it is ignored.
    """
    os.environ["BOARDKIT_TEACHER"] = "1"
    try:
        url = voila_server(LESSON, timeout=120, extra_args=POOL)
    finally:
        del os.environ["BOARDKIT_TEACHER"]
    server = voila_server.servers[(LESSON, *POOL)]
    deadline = time.monotonic() + 180
    while server.log_text(last=1_000_000).count("BOARDKIT_TEACHER=1 is IGNORED under Voila") < 2:
        assert time.monotonic() < deadline, f"the pool's kernels did not run the lesson in 180 s:\n{server.log_text()}"
        time.sleep(0.5)
    return url


def open_lesson(page, url, record_property):
    open_app(page, url, record_property)
    page.get_by_role("button", name="Open it 10 times").wait_for(timeout=LOAD_TIMEOUT_MS)     # part 3 is there


def seen(page, text) -> list[str]:
    """The visible elements of ``page`` whose own text matches ``text``."""
    return [element.inner_text() for element in page.get_by_text(text).all() if element.is_visible()]


def shown_buttons(page) -> set[str]:
    """The labels of the buttons the page shows."""
    return {button.inner_text().strip() for button in page.get_by_role("button").all() if button.is_visible()}


def teacher_widgets(states) -> list[str]:
    """The descriptions of the teacher's widgets among a kernel's widget states."""
    return [model["state"].get("description", "") for model in states.values()
            if TEACHER_WIDGET.search(str(model["state"].get("description", "")))]


def test_a_forged_click_from_a_students_page_does_nothing(lesson, browser_page, record_property):
    page = browser_page
    open_lesson(page, lesson + "?teacher=1", record_property)         # the old address: not the key
    time.sleep(2)                                 # a pre-heated kernel hears its page after the page has drawn
    # Click what the page does not show (a hidden control), and one button it shows, to see that a forged
    # click works; the others (Show the answer, Autoplay...) a student may press anyway, and they start
    # long studies.
    spare = [label for label in shown_buttons(page) if label != "Open it 10 times"]
    before, after = page.evaluate(FORGE_JS, spare)
    # the forged click reached the kernel: the door answers it (it opens once part 3's guess is locked)
    expect(page.get_by_text("Lock your guess above first: then open the door.")).to_be_visible()
    assert TRUTH not in json.dumps(after)                              # the door was not revealed...
    assert teacher_widgets(before) == [] and teacher_widgets(after) == []   # ...nor is there a control for it
    expect(page.get_by_text(TRUTH)).to_have_count(0)
    expect(page.get_by_role("button", name="Teacher notes")).to_have_count(0)
    expect(page.get_by_text("does not hold this server's teacher key")).to_be_visible()   # and why not


def test_the_teachers_page_has_its_controls_behind_closed_teacher_notes(lesson, browser_page, record_property):
    page = browser_page
    open_lesson(page, lesson + "?teacher=" + os.environ["BOARDKIT_TEACHER_KEY"], record_property)
    notes = page.get_by_role("button", name="Teacher notes")
    expect(notes).to_be_visible(timeout=60_000)
    # the notes show as soon as one section is in (the class's); the door's section follows
    expect(page.locator(".boardkit-teacher select")).to_have_count(1, timeout=60_000)
    before, _ = page.evaluate(FORGE_JS, None)                          # (no clicks)
    assert sorted(teacher_widgets(before)) == ["Class tally", "Reveal the door", "Teacher notes",
                                               "The secret door is"]
    # closed: the door's setting and its rigging are nowhere in sight on the projector
    setting = page.locator(".boardkit-teacher select")
    reveal = page.get_by_role("button", name="Reveal the door")
    expect(setting).to_be_hidden()
    expect(reveal).to_be_hidden()
    assert seen(page, RIGGING) == []

    notes.click()
    expect(setting).to_be_visible()
    # opened, the panel has a line of its own under the page's buttons, from the page's left (it hung beside them,
    # under the Teacher notes button, leaving the space under Large type empty)
    panel = page.locator(".boardkit-teacher-panel").bounding_box()
    large = page.get_by_role("button", name="Large type").bounding_box()
    button = notes.bounding_box()
    assert panel["y"] >= button["y"] + button["height"] and abs(panel["x"] - large["x"]) <= 8, (panel, large)
    # the notes' lines stand as close as the lesson's text (ipywidgets' control height was their line height)
    spread = page.locator(".boardkit-teacher-panel .widget-html-content").evaluate_all(
        "els => els.filter(e => e.offsetParent && parseFloat(getComputedStyle(e).lineHeight)"
        " > 1.6 * parseFloat(getComputedStyle(e).fontSize)).map(e => e.textContent.slice(0, 40))")
    assert spread == [], f"the teacher notes' lines spread apart: {spread}"
    width = reveal.bounding_box()["width"]                             # a button, not a bar across the notes
    assert width < 0.4 * page.viewport_size["width"], f"Reveal the door is {width} px wide"
    setting.select_option(label="rigged for the Beach")
    expect(page.get_by_text("A new secret door: its counts start again from 0.")).to_be_visible(timeout=STEP_TIMEOUT_MS)
    reveal.click()
    expect(page.get_by_text(re.compile(r"A rigged door: the Beach date comes up 1/3"))).to_be_visible(
        timeout=STEP_TIMEOUT_MS)
    notes.click()                                                      # closed again: all of it out of sight
    expect(setting).to_be_hidden()
    assert seen(page, RIGGING) == []
    assert console_errors(page) == []

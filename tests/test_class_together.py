"""The class together (boardkit.lessons.together): pages of one class against a real SQLite store in a temp file.

Each test plays the parts of several kernels in one process: a ClassPage per page (a student's, the teacher's
projected page, the teacher's console), all on the same store file, as the kernels of one Voilà server are.
"""
import os
import re

import pytest

from boardkit.classroom import ClassStore
from boardkit.lessons import Prediction, quick_check
from boardkit.lessons.convergence import convergence_chart
from boardkit.lessons.together import (ClassPage, _build_join, _build_teacher, class_plays, follow_class_setting,
                                       pool_plays, set_class_setting)
from boardkit.lessons import together

LESSON = "01_mystery_date"


@pytest.fixture
def store(tmp_path):
    return ClassStore(f"sqlite:///{tmp_path / 'class.db'}")


@pytest.fixture
def pages(store):
    """make(role) -> a ClassPage on the store with its widgets built; every page is closed after the test."""
    made = []

    def make(role, lesson=LESSON, on=store):
        page = ClassPage(lesson, role, on)
        page._start_clock = lambda: None         # the test beats the clock itself (page.tick())
        (_build_join if role == "student" else _build_teacher)(page)
        made.append(page)
        return page

    yield make
    for page in made:
        page.close()


def texts(box) -> str:
    """All the HTML a box shows (its HTML widgets' values), as one string."""
    found = []
    for child in getattr(box, "children", ()):
        if hasattr(child, "value") and isinstance(child.value, str):
            found.append(child.value)
        found.append(texts(child))
    return " ".join(part for part in found if part)


def sent(*students):
    """Wait until the students' pages have sent everything they queued (their links write in the background)."""
    for page in students:
        assert page.link.flush(10)


def until(condition, seconds=5.0):
    """Wait up to ``seconds`` for ``condition()`` (something a page's background thread does)."""
    import time

    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "it did not happen in time"
        time.sleep(0.05)


def started(pages):
    console = pages("console")
    console.start()
    assert console.code and console.code in console.class_line.value
    return console


def test_a_student_joins_with_the_code_and_the_teachers_page_counts_the_locks(pages):
    console = started(pages)
    projector, ann, bob = pages("teacher"), pages("student"), pages("student")
    projector.tick()
    assert projector.code == console.code                    # the projected page found the console's class
    assert console.code in projector.class_line.value and "?class=" in projector.class_line.value
    big = re.search(r"<b style='font-size: calc\((\d+)px[^']*'>" + console.code, projector.class_line.value)
    assert big and int(big.group(1)) >= 48                      # the join code in big type
    assert ann.join(console.code.lower(), "Ann") and bob.join(f" {console.code} ")    # typed loosely: still joins
    assert "You are in class" in ann.status.value
    door = Prediction("What share of openings show her date?", number=(0, 1, 0.05), percent=True,
                      reveal=lambda p: "the answer", answer=0.2)
    door.input.value = 20
    door.lock()                                               # both students' pages "lock" this one guess
    sent(ann, bob)
    projector.tick()
    assert "2 of 2 locked" in texts(door.class_view)
    door.lock()                                               # a second lock (a double click) counts once
    sent(ann, bob)
    projector.tick()
    assert "2 of 2 locked" in texts(door.class_view)


def test_the_class_guesses_are_charted_on_the_teachers_reveal_and_a_student_sees_where_they_stand(pages):
    console = started(pages)
    ann, bob = pages("student"), pages("student")
    for page in (ann, bob):
        assert page.join(console.code)
    question = "How long is a game with 4 cards?"
    guess = Prediction(question, choices=["shorter", "longer"], reveal=lambda p: "the answer", answer="longer")
    guess.input.value = "longer"
    ann.role = "nobody"                                        # only Bob's page sends this guess
    guess.lock()
    ann.role = "student"
    sent(bob)
    projector = pages("teacher")
    projector.tick()
    assert "1 of 2 locked" in texts(guess.class_view)
    projector._heard("revealed", guess, None)                 # the teacher shows the answer on the projector
    assert any(type(child).__name__ == "Output" and child.outputs for child in guess.class_view.children)
    bob._heard("revealed", guess, None)                       # Bob's page after his reveal
    until(lambda: "You, and nobody else, said longer" in texts(guess.class_view))


def classmates_lock(store, code, prediction, shares):
    """Classmates' pages (written straight to the store) join and lock these shares of ``prediction``."""
    for n, share in enumerate(shares):
        store.join(code, f"classmate-{n}")
        store.lock_prediction(code, f"classmate-{n}", prediction.key, share, between=(0, 1))


def test_a_students_number_guess_is_counted_with_the_others_said_the_same(pages, store):
    console = started(pages)
    ann = pages("student")
    assert ann.join(console.code)
    guess = Prediction("Out of 100 cranks, how many catch?", number=(0, 1, 0.01), percent=True,
                       reveal=lambda p: "answer")
    classmates_lock(store, console.code, guess, [0.3, 0.3, 0.5])   # three classmates, two of them said 30%
    guess.input.value = 30
    guess.lock()
    ann._heard("revealed", guess, None)
    until(lambda: "You and 2 others said 30%" in texts(guess.class_view))
    assert "4 locked a guess" in texts(guess.class_view)


def test_the_teachers_lock_and_the_class_chart_give_the_same_middle_guess(pages, store):
    console = started(pages)
    projector = pages("teacher")
    guess = Prediction("What share of openings show her date?", number=(0, 1, 0.05), percent=True,
                       reveal=lambda p: "answer")
    classmates_lock(store, console.code, guess, [0.2, 0.4])
    projector.tick()
    guess.lock()                                               # the projected page's Lock the class's guesses
    assert "from 20% to 40%, middle 30%" in guess.message.value   # it said "middle 40%", the chart 30%
    assert guess.guess == pytest.approx(0.3)
    projector._heard("revealed", guess, None)
    assert "middle guess: 30%" in str(together.guesses_chart(guess, [0.2, 0.4]).axes[0].get_legend_handles_labels())
    assert together.guesses_chart(guess, [0.2]).axes[0].get_title() == "The class's 1 guess"     # not "1 guesses"


def test_a_slider_value_that_arrives_after_the_lock_is_the_guess_the_class_gets(pages, store):
    console = started(pages)
    ann = pages("student")
    assert ann.join(console.code)
    guess = Prediction("Out of 100 cranks, how many catch the mouse?", number=(0, 1, 0.01), percent=True,
                       reveal=lambda p: "answer")
    guess.input.value = 43
    guess.lock()
    guess.input.value = 40          # the slider's last key press, sent before the Lock but heard after it
    assert guess.value == pytest.approx(0.4)
    sent(ann)
    # the class had kept 43% while the page said "Your prediction: 40%" (seen in lesson 02)
    assert store.class_view(console.code).predictions[guess.key].values == (pytest.approx(0.4),)


def test_quick_check_answers_show_as_shares_without_names(pages):
    console = started(pages)
    ann = pages("student")
    assert ann.join(console.code, "Ann")
    check = quick_check("Is a door opened 10 times enough?", ["yes", "no"], 1, "too few openings.")
    check.children[1].value = "yes"
    check.children[2].click()
    check.children[1].value = "no"
    check.children[2].click()                                  # the first answer checked is the one counted
    sent(ann)
    console.tick()
    shown = texts(check.class_view)
    assert "1 checked" in shown and "100%" in shown and "Ann" not in shown


@pytest.fixture
def this_kernel(monkeypatch):
    """this_kernel(page): make ``page`` the kernel's own ClassPage (the one pool_plays and the settings use)."""
    return lambda page: monkeypatch.setattr(together, "_PAGE", page)


def test_plays_pool_and_the_convergence_chart_gets_a_your_class_layer(pages, store, this_kernel):
    console = started(pages)
    ann = pages("student")
    assert ann.join(console.code)
    openings = [1, 0, 0, 0, 1]
    this_kernel(ann)
    guess = pool_plays(Prediction("Share of openings that show her date?", number=(0, 1, 0.05), percent=True,
                                  reveal=lambda p: "answer"),
                       lambda: openings, many="door openings", yes="showed her date")
    store.join(console.code, "classmate-1")
    store.record_plays(console.code, "classmate-1", guess.key, 3, 20)
    ann.tick()
    ann.tick()                                                 # sending the same totals again counts once
    sent(ann)
    console.streams = ann.streams                              # the teacher's kernel ran the same lesson
    console.tick()
    line = texts(guess.class_view)
    assert "25 door openings" in line and "showed her date" in line and "95% interval" in line
    until(lambda: class_plays(guess) == [(3, 20)])             # the class's layer leaves the page's own plays out
    figure = convergence_chart(openings, [0, 1] * 50, classmates=class_plays(guess), one="opening",
                               many="openings")
    labels = [line.get_label() for line in figure.axes[0].get_lines()]
    assert "then your class's 20 openings" in labels and "your 5 openings" in labels


def test_the_class_layer_carries_on_from_the_students_plays_smallest_page_first_and_speaks_to_the_room(pages):
    classmates = [(30, 150), (1, 10), (4, 40)]               # as the store lists them: the largest page first
    lines = {line.get_label(): line for line in
             convergence_chart([], [0, 1] * 50, classmates=classmates, many="cranks").axes[0].get_lines()}
    # no plays of one's own: the class's line starts with its smallest page (it began at 150 cranks, mid-axis)
    assert list(lines["your class's 200 cranks"].get_xdata()) == [10, 50, 200]
    assert lines["your class's 200 cranks"].axes.get_xlim()[0] == 10           # where the chart's line starts
    lines = {line.get_label(): line for line in
             convergence_chart([1, 0, 0], [], classmates=classmates, many="cranks").axes[0].get_lines()}
    assert list(lines["then your class's 200 cranks"].get_xdata()) == [3, 13, 53, 203]   # on from the 3rd crank
    projector = pages("teacher")
    together._PAGE, saved = projector, together._PAGE
    try:
        labels = [line.get_label() for line in
                  convergence_chart([1], [0, 1], classmates=classmates, many="cranks").axes[0].get_lines()]
    finally:
        together._PAGE = saved
    assert "1 play on this screen" in labels and "then the class's 200 cranks" in labels     # not "your"


def test_the_projected_pages_convergence_chart_gets_the_whole_class_layer(pages, store, this_kernel):
    console = started(pages)
    projector = pages("teacher")
    this_kernel(projector)
    guess = pool_plays(Prediction("Share of openings that show her date?", number=(0, 1, 0.05), percent=True,
                                  reveal=lambda p: "answer"),
                       lambda: [], many="door openings", yes="showed her date")
    for n, (yes, plays) in enumerate(((3, 20), (5, 10))):
        store.join(console.code, f"classmate-{n}")
        store.record_plays(console.code, f"classmate-{n}", guess.key, yes, plays)
    projector.tick()
    assert sorted(class_plays(guess)) == [(3, 20), (5, 10)]    # the teacher's reveal charts the class's plays
    console.end()
    projector.tick()
    assert class_plays(guess) == []                            # an ended class leaves no layer


def test_a_class_setting_reaches_every_joined_students_page(pages, this_kernel):
    console = started(pages)
    ann = pages("student")
    assert ann.join(console.code)
    this_kernel(console)
    set_class_setting("secret_door", "red")                    # the teacher's console chooses the door
    this_kernel(ann)
    heard = []
    follow_class_setting("secret_door", heard.append)          # the student's lesson follows it
    until(lambda: heard == ["red"])
    import time

    time.sleep(2.5)                                            # two more reads of the class...
    assert heard == ["red"]                                    # ...and it was told once, not at every read


def test_nicknames_are_escaped_and_shown_only_on_the_console(pages):
    console = started(pages)
    projector, ann = pages("teacher"), pages("student")
    assert ann.join(console.code, "<b>Ann</b>")
    console.tick()
    projector.tick()
    assert "&lt;b&gt;Ann&lt;/b&gt;" in console.nicknames.value and "<b>Ann</b>" not in console.nicknames.value
    assert "Ann" not in texts(projector.box)


def test_a_wrong_code_or_a_long_nickname_says_why_and_joins_nothing(pages, store):
    console = started(pages)
    ann = pages("student")
    assert not ann.join("QQQQ") and "no open class QQQQ" in ann.status.value and ann.code is None
    assert "Not connected" not in ann.status.value          # a typo is not a broken connection: it said both alike
    assert "There is no open class QQQQ. Check the code on your teacher's screen." in ann.status.value
    assert not ann.join("nonsense!") and "is not a class code" in ann.status.value
    assert not ann.join(console.code, "x" * 21) and "at most 20" in ann.status.value
    assert store.class_view(console.code).pages == 0


def test_ending_the_class_deletes_its_data_and_every_page_says_so(pages, store):
    console = started(pages)
    projector, ann = pages("teacher"), pages("student")
    assert ann.join(console.code)
    code = console.code
    guess = Prediction("Open on the projector while the class ends?", choices=["yes", "no"],
                       reveal=lambda p: "the answer, with the class's guesses")
    store.lock_prediction(code, ann.page_id, guess.key, "yes", choices=["yes", "no"])    # Ann's page locks
    projector.tick()
    assert "arrive from their pages" in texts(guess.input_box)      # the class's guesses, while it ran...
    guess.lock()                                                    # the teacher locks them and shows the answer
    guess.reveal()
    assert guess.view.outputs and "1 said yes" in guess.message.value
    console.end()
    assert not store.is_open(code) and store.open_classes() == []
    projector.tick()
    projector.tick()
    # the projector says the class has ended, and shows nothing of it (it kept the class's guesses and answer)
    assert projector.code is None and f"Class {code} has ended" in projector.class_line.value
    assert f"Class {code} has ended" in console.class_line.value and "Start a class" in console.class_line.value
    assert not guess.locked and not guess.view.outputs and guess.message.value == "" and not texts(guess.class_view)
    assert guess.input.options == ("yes", "no") and guess.lock_button.description == "Lock my prediction"  # ...then its own
    # the student's page: the class has ended, said plainly (it said "Not connected to the class: there is no open
    # class"), the lesson goes on, and the Join box is back for the next class
    until(lambda: "has ended" in ann.status.value)
    assert f"Class {code} has ended" in ann.status.value and "on its own" in ann.status.value
    assert "Not connected" not in ann.status.value and "boardkit-class-off" not in ann.status.value
    assert ann.form.layout.display is None and ann.code is None


def test_a_reloaded_teachers_page_shows_the_class_as_it_was(pages):
    console = started(pages)
    ann = pages("student")
    assert ann.join(console.code)
    guess = Prediction("A reload keeps the class?", choices=["yes", "no"], reveal=lambda p: "answer")
    guess.input.value = "yes"
    guess.lock()
    sent(ann)
    reloaded = pages("teacher")                               # a new kernel for the reloaded projected page
    reloaded.tick()
    assert reloaded.code == console.code and "1 of 1 locked" in texts(guess.class_view)


def test_without_the_store_the_lesson_works_and_says_so_in_one_line(pages, tmp_path):
    folder = tmp_path / "gone"
    folder.mkdir()
    gone = ClassStore(f"sqlite:///{folder / 'class.db'}")
    console = pages("console", on=gone)
    console.start()
    ann = pages("student", on=gone)
    assert ann.join(console.code)
    os.remove(folder / "class.db")                             # the store's file deleted mid-lesson
    guess = Prediction("Still works without the class?", choices=["yes", "no"], reveal=lambda p: "the answer")
    guess.input.value = "yes"
    guess.lock()                                               # no exception: the lock works on its own
    assert guess.locked
    until(lambda: "Not connected to the class" in ann.status.value)
    assert "missing" in ann.status.value
    assert ann.status.value.count("<br") == 0 and "Traceback" not in ann.status.value


def test_a_locked_store_is_a_one_line_status_and_the_next_beat_reconnects(pages, tmp_path):
    import sqlite3

    path = tmp_path / "class.db"
    store = ClassStore(f"sqlite:///{path}", busy_timeout=0.2)
    console = pages("console", on=store)
    console.start()
    other_program = sqlite3.connect(path, isolation_level=None)
    other_program.execute("BEGIN EXCLUSIVE")                   # another program holds the file
    try:
        console.end()
        assert console.code is not None and "Not connected to the class" in console.status.value
    finally:
        other_program.execute("ROLLBACK")
        other_program.close()
    console.tick()
    assert "Not connected" not in console.status.value          # connected again, the class as it was
    console.end()
    assert console.code is None


def test_a_reloaded_students_page_is_the_same_page_and_its_plays_carry_on(pages, store, this_kernel, monkeypatch):
    from boardkit.lessons import output

    monkeypatch.setattr(output, "in_voila", lambda: True)     # the tab keeps the page's id on a Voilà page
    console = started(pages)
    openings = [1, 0, 0, 0]
    first = pages("student")
    this_kernel(first)
    guess = pool_plays(Prediction("Reloaded: counted once?", choices=["yes", "no"], reveal=lambda p: ""),
                       lambda: openings, many="plays", yes="yes")
    first.memory.remembered = "the-tabs-page-id"          # what the tab's sessionStorage says
    assert first.join(console.code) and first.page_id == "the-tabs-page-id"
    guess.input.value = "yes"
    guess.lock()
    first.tick()
    sent(first)
    first.close()
    openings.clear()                                      # the reloaded page's kernel has played nothing yet
    again = pages("student")                              # a new kernel for the same tab
    again.streams = first.streams                         # the lesson registers the same streams again
    again.memory.remembered = "the-tabs-page-id"
    assert again.join(console.code)
    openings.extend([1, 1])                               # two more plays after the reload
    again.tick()
    sent(again)
    view = store.class_view(console.code)
    assert view.pages == 1 and view.predictions[guess.key].locked == 1
    assert (view.plays[guess.key].successes, view.plays[guess.key].trials) == (3, 6)


def test_a_reloaded_students_page_finds_its_guess_locked_and_its_check_counted_once(pages, store, monkeypatch):
    """A student locked 20%, saw the answer and reloaded: the new kernel's page came back unlocked at 50%, and a
    new lock of the right answer replaced the class's 20% (found by a review of a class in Voilà)."""
    from boardkit.lessons import output

    monkeypatch.setattr(output, "in_voila", lambda: True)     # the tab keeps the page's id on a Voilà page
    console = started(pages)

    def lesson():            # what the lesson's cells make in each kernel
        return (Prediction("Reloaded: what share?", number=(0, 1, 0.05), percent=True, reveal=lambda p: "answer"),
                Prediction("Reloaded: which door?", choices=["blue", "dud"], reveal=lambda p: "answer"),
                quick_check("Reloaded: a check?", ["yes", "no"], 0, "it is so"))

    share, door, check = lesson()
    first = pages("student")
    first.memory.remembered = "the-tabs-page-id"
    assert first.join(console.code)
    share.input.value = 20
    share.lock()
    door.input.value = "dud"
    door.lock()
    check.children[1].value = "no"
    check.children[2].click()
    sent(first)
    first.close()

    share, door, check = lesson()                         # the reloaded page: a new kernel, the same tab
    again = pages("student")
    again.memory.remembered = "the-tabs-page-id"
    assert again.join(console.code)
    until(lambda: share.locked and door.locked)
    assert (share.value, door.value) == (pytest.approx(0.2), "dud")
    assert share.lock_button.disabled and share.input.disabled and not share.reveal_button.disabled
    assert "20%" in share.message.value
    check.children[1].value = "yes"                       # the right answer, checked after the reload
    check.children[2].click()
    sent(again)
    view = store.class_view(console.code)
    assert view.pages == 1
    assert view.predictions[share.key].values == (pytest.approx(0.2),)
    assert view.predictions[door.key].counts == {"blue": 0, "dud": 1}
    assert view.checks[check.key].counts == {"yes": 0, "no": 1}


def test_the_projector_speaks_to_the_class_about_whose_plays_start_the_chart(pages, store, this_kernel):
    console = started(pages)
    projector, ann = pages("teacher"), pages("student")
    this_kernel(projector)
    guess = pool_plays(Prediction("Projector words?", choices=["yes", "no"], reveal=lambda p: ""), lambda: [],
                       many="openings")
    assert together.for_this_page("You have not opened the door yet", "the class's words") == "the class's words"
    assert together.plays_here(guess, 0, "openings") == "No openings yet, on this screen or in a class."
    store.join(console.code, "classmate-1")
    store.record_plays(console.code, "classmate-1", guess.key, 3, 20)
    projector.tick()
    assert together.plays_here(guess, 0, "openings") == "The class's 20 openings, from their own pages, start the chart."
    assert together.plays_here(guess, 4, "openings") == ("The 4 openings on this screen, then the class's 20, start "
                                                         "the chart.")
    this_kernel(ann)                                           # a student's page keeps its own words
    assert together.for_this_page("You have not opened the door yet", "the class's words") == \
        "You have not opened the door yet"


def test_a_convergence_charts_title_says_whose_plays_start_it(pages, this_kernel):
    """Issue 24: a student with only the class's plays is not told the chart starts with "your openings"."""
    this_kernel(pages("student"))
    class_only = [(3, 20)]
    assert together.chart_title(0, class_only, "openings", "5,000") == \
        "Your class's openings first, then the computer's 5,000"
    assert together.chart_title(4, [], "openings", "5,000") == "Your openings first, then the computer's 5,000"
    assert together.chart_title(4, class_only, "rolls", "10,000", "the share settles") == \
        "Your rolls, then your class's, then the computer's 10,000: the share settles"
    assert together.chart_title(0, [(0, 0)], "cranks", "5,000") == "The computer's 5,000 cranks"
    this_kernel(pages("teacher"))
    assert together.chart_title(0, class_only, "openings", "5,000") == \
        "The class's openings first, then the computer's 5,000"
    assert together.chart_title(2, class_only, "openings", "5,000") == \
        "The openings on this screen, then the class's, then the computer's 5,000"


def test_the_projected_page_keeps_how_to_start_a_class_in_its_teacher_notes(pages, monkeypatch):
    """The projected page is the class's: how to start a class (the console's address) is for the teacher, in the
    closed Teacher notes, not in the projected flow (it said "No class is running. Start a class from your
    console" under the title).  Once a class runs, the projector shows its code, and no Teacher notes."""
    from boardkit.lessons import teacher

    monkeypatch.setenv("BOARDKIT_TEACHER", "1")          # (JupyterLab's way: this kernel is the teacher's)
    monkeypatch.setattr(teacher, "_notes", None)
    notes = teacher.teacher_notes()
    projector = pages("teacher")
    projector.tick()
    assert projector.class_line.value == ""
    toggle, panel = notes.children
    assert not toggle.value and notes.layout.display == teacher.NOTES_SHOWN   # closed, and there to open
    assert "No class is running" in texts(panel) and "console=1" in texts(panel)
    console = started(pages)
    code = console.code
    projector.tick()
    assert code in projector.class_line.value and notes.layout.display == "none"
    teacher.teacher_note("A later cell's note", lambda: [])     # (a lesson adds its notes after the class bar)
    assert notes.layout.display == "none" and not toggle.value  # still hidden: it showed the door to the room
    console.end()
    projector.tick()
    assert f"Class {code} has ended" in projector.class_line.value and "console=1" not in projector.class_line.value
    monkeypatch.setattr(teacher, "_notes", None)          # a page without Teacher notes: the line says it all
    alone = pages("teacher")
    alone.tick()
    assert "No class is running" in alone.class_line.value and "console=1" in alone.class_line.value

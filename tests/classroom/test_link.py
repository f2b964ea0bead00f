"""A page's link to its class: it never blocks the page, never raises into it, and says in one line when the
store is missing, locked, read-only or unreachable, then catches up when the store is back."""
import multiprocessing
import os
import pwd
import shutil
import sqlite3
import tempfile
import time
import traceback

import pytest
from sqlalchemy import event as sa_event

from boardkit.classroom import ClassLink, ClassStore, new_page_id

FAST_RETRY = (0.05, 0.2)


def wait_for(condition, timeout=60.0):
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True


def quick(call) -> float:
    """Seconds ``call`` took (a page's call must return at once, whatever the store is doing)."""
    start = time.perf_counter()
    call()
    return time.perf_counter() - start


def test_a_link_joins_writes_watches_and_picks_up_after_a_reload(store_url):
    store = ClassStore(store_url)
    code = store.start_class("01_mystery_date")
    seen, statuses = {}, []
    link = ClassLink(code.lower(), nickname="Ana", store=store_url, on_status=statuses.append)
    assert link.wait_joined(60) and link.connected and link.status == f"Connected to class {code}."
    link.watch(on_view=lambda view: seen.update(view=view), on_settings=lambda s: seen.update(settings=s),
               every=0.05)
    link.lock_prediction("share", 0.25, between=(0, 1))
    link.answer_check("q1", "no", ["yes", "no"])
    for trials in range(1, 21):
        link.record_plays("dream_date", trials // 4, trials)
    assert link.flush(60)
    store.set_setting(code, "secret_door", "red")
    assert wait_for(lambda: seen.get("settings") == {"secret_door": "red"})
    assert wait_for(lambda: seen["view"].plays["dream_date"].trials == 20)
    assert seen["view"].predictions["share"].values == (0.25,) and seen["view"].nicknames == ()
    assert statuses == [f"Connected to class {code}."]
    link.close()

    reloaded = ClassLink(code, page_id=link.page_id, store=store_url)     # the same page, reloaded
    assert reloaded.wait_joined(60)
    assert reloaded.state.predictions == {"share": 0.25} and reloaded.state.plays == {"dream_date": (5, 20)}
    reloaded.record_plays("dream_date", 5, 20)
    assert reloaded.flush(60)
    view = store.class_view(code, teacher=True)
    assert (view.pages, view.plays["dream_date"].trials, view.nicknames) == (1, 20, ("Ana",))
    reloaded.close()


def test_a_link_to_a_class_that_is_not_open_says_so_and_the_page_goes_on(store_url):
    store = ClassStore(store_url)
    for code in ("QQQQ", "not a code"):
        link = ClassLink(code, store=store)
        assert not link.wait_joined(60)
        assert link.status.startswith("Not connected to the class: ") and not link.connected
        assert "no open class QQQQ" in link.status or "is not a class code" in link.status
        assert link.ended
        link.record_plays("door", 1, 2)                           # ignored, never raised
        assert link.flush(1)
    code = store.start_class()
    link = ClassLink(code, store=store)
    assert link.wait_joined(60)
    store.end_class(code)                                         # the teacher ends the class mid-lesson
    link.record_plays("door", 1, 2)
    assert wait_for(lambda: link.status == f"Class {code} has ended.")      # plainly: not a fault
    assert link.ended and link.class_ended and link.view is None
    assert not store.is_open(code)


@pytest.mark.parametrize("url, words", [("mysql://someone@somewhere/db", "SQLite or PostgreSQL"),
                                        ("postgresql+psycopg://nobody@127.0.0.1:9/none", "cannot be reached")])
def test_a_store_that_cannot_be_opened_only_shows_in_the_status(url, words):
    link = ClassLink("K7QF", store=url, retry=FAST_RETRY)
    assert quick(lambda: link.lock_prediction("share", 0.5, between=(0, 1))) < 0.05
    assert not link.wait_joined(60) and words in link.status and link.connected is False
    assert link.ended == (words == "SQLite or PostgreSQL")         # an unreachable server is tried again
    link.close()


def test_a_postgresql_database_that_is_not_there_says_so(postgres):
    url = postgres.admin_url.rsplit("/", 1)[0] + "/no_such_database"
    link = ClassLink("K7QF", store=url, retry=FAST_RETRY)
    assert not link.wait_joined(60)
    assert link.status.startswith("Not connected to the class: the class store is missing.")
    link.close()


def sqlite_class(folder):
    url = f"sqlite:///{folder}/class-store.db"
    store = ClassStore(url, busy_timeout=0.2)
    code = store.start_class()
    link = ClassLink(code, store=store, retry=FAST_RETRY)
    assert link.wait_joined(60) and link.connected
    return store, code, link


def test_sqlite_locked_mid_lesson_then_free_again(tmp_path):
    store, code, link = sqlite_class(tmp_path)
    other_program = sqlite3.connect(store.path, isolation_level=None)
    other_program.execute("BEGIN EXCLUSIVE")
    assert quick(lambda: link.record_plays("door", 1, 3)) < 0.05
    assert wait_for(lambda: link.status == "Not connected to the class: the class store is busy (locked by "
                                           "another program). This page works on its own and keeps trying.")
    other_program.execute("COMMIT")
    assert link.flush(60) and link.connected
    assert store.class_view(code).plays["door"].trials == 3


def test_sqlite_file_deleted_mid_lesson(tmp_path):
    store, code, link = sqlite_class(tmp_path)
    link.record_plays("door", 1, 3)
    assert link.flush(60)
    for name in os.listdir(tmp_path):
        os.remove(tmp_path / name)
    assert quick(lambda: link.record_plays("door", 2, 5)) < 0.05
    assert wait_for(lambda: link.status.startswith("Not connected to the class: the class store's file is missing."))
    assert not link.connected and not link.ended and not link.flush(0.3)    # the write waits for the store
    assert not os.path.exists(store.path)                         # and no empty store was made in its place
    link.close()


def read_only_lesson(folder, report):
    """Lose write access to the store's file mid-lesson (as an ordinary user: root may write anything)."""
    try:
        store, code, link = sqlite_class(folder)
        os.chmod(store.path, 0o444)
        assert quick(lambda: link.record_plays("door", 1, 3)) < 0.05
        assert wait_for(lambda: "the class store's file is read-only" in link.status), link.status
        assert store.class_view(code).pages == 1                  # reading still works
        os.chmod(store.path, 0o644)
        assert link.flush(60) and link.connected, link.status
        assert store.class_view(code).plays["door"].trials == 3
        report.send("ok")
    except BaseException:
        report.send(traceback.format_exc())


def test_sqlite_file_made_read_only_mid_lesson():
    folder = tempfile.mkdtemp(prefix="boardkit-read-only-")
    try:
        if os.geteuid() == 0:
            nobody = pwd.getpwnam("nobody")
            os.chown(folder, nobody.pw_uid, nobody.pw_gid)
        fork = multiprocessing.get_context("fork")
        mine, theirs = fork.Pipe()
        child = fork.Process(target=_as_nobody, args=(read_only_lesson, folder, theirs))
        child.start()
        assert mine.poll(60), "the read-only lesson did not finish"
        assert mine.recv() == "ok"
        child.join(10)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _as_nobody(work, *args):
    if os.geteuid() == 0:
        nobody = pwd.getpwnam("nobody")
        os.setgid(nobody.pw_gid)
        os.setuid(nobody.pw_uid)
    work(*args)


def test_postgresql_stopped_mid_lesson_then_back(postgres, new_database):
    if not postgres.can_restart:
        pytest.skip("BOARDKIT_TEST_PG_URL's server is not ours to stop")
    url = new_database()
    store = ClassStore(url, busy_timeout=1)
    code = store.start_class()
    link = ClassLink(code, store=ClassStore(url, busy_timeout=1), retry=FAST_RETRY)
    assert link.wait_joined(60)
    link.record_plays("door", 1, 3)
    assert link.flush(60)
    postgres.stop()
    assert quick(lambda: link.record_plays("door", 2, 6)) < 0.05
    assert wait_for(lambda: link.status.startswith("Not connected to the class: the class store's server cannot "
                                                   "be reached."))
    assert not link.connected
    postgres.start()
    assert link.flush(60) and wait_for(lambda: link.connected)
    view = wait_for(lambda: _plays_or_none(store, code) == (2, 6))
    assert view, "the write queued while the server was down did not arrive"
    link.close()


def _plays_or_none(store, code):
    try:
        plays = store.class_view(code).plays["door"]
    except Exception:                 # the first call after a restart may find its pooled connection dead
        return None
    return plays.successes, plays.trials


def test_a_page_the_class_refuses_says_why(store_url, monkeypatch):
    from boardkit.classroom import store as store_module
    store = ClassStore(store_url)
    code = store.start_class()
    too_long = ClassLink(code, nickname="x" * 50, store=store)
    assert not too_long.wait_joined(60)
    assert too_long.status == "Not connected to the class: a nickname must be at most 20 characters."
    monkeypatch.setattr(store_module, "MAX_PAGES", 1)
    assert ClassLink(code, store=store).wait_joined(60)
    late = ClassLink(code, store=store)
    assert not late.wait_joined(60) and late.status == f"Not connected to the class: class {code} is full (1 pages)."


def die_after_writing(url, code, page_id):
    link = ClassLink(code, page_id=page_id, store=url)
    link.lock_prediction("share", 0.4, between=(0, 1))
    link.record_plays("door", 3, 9)
    assert link.flush(60)
    link.close()
    os.kill(os.getpid(), 9)                                       # the kernel dies, as a killed kernel does


def test_a_kernel_that_dies_loses_nothing_it_had_written(store_url):
    store = ClassStore(store_url)
    code, page_id = store.start_class(), new_page_id()
    store.close()
    kernel = multiprocessing.get_context("fork").Process(target=die_after_writing, args=(store_url, code, page_id))
    kernel.start()
    kernel.join(60)
    assert kernel.exitcode == -9
    state = store.page_state(code, page_id)
    assert (state.predictions, state.plays) == ({"share": 0.4}, {"door": (3, 9)})


def test_sqlite_store_full_mid_lesson(tmp_path):
    store, code, first = sqlite_class(tmp_path)
    links = [first] + [ClassLink(code, store=store, retry=FAST_RETRY) for _ in range(4)]
    assert all(link.wait_joined(60) for link in links)
    with store._engine.connect() as connection:
        pages_now = connection.exec_driver_sql("PRAGMA page_count").scalar()

    def disk_full(dbapi_connection, _record):                    # the file may not grow any more
        dbapi_connection.execute(f"PRAGMA max_page_count={pages_now}")

    sa_event.listen(store._engine, "connect", disk_full)
    store.close()
    for link in links:                                            # 100 rows of totals need new pages
        for stream in range(20):
            link.record_plays(f"stream{stream}_{'x' * 70}", 1, 2)
    assert wait_for(lambda: any("the class store is full" in link.status for link in links))
    sa_event.remove(store._engine, "connect", disk_full)
    store.close()
    assert all(link.flush(60) and link.connected for link in links)
    assert store.class_view(code).plays["stream0_" + "x" * 70].pages == 5

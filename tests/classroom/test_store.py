"""The class store on SQLite and on a real PostgreSQL: pooling, idempotent writes, refusals, deletion, versions."""
import logging
import multiprocessing
import traceback

import pytest
import sqlalchemy as sa
from scipy import stats

from boardkit.classroom import (ClassNotOpen, ClassStore, Refused, StoreUnavailable, StoreVersionError, new_page_id,
                                normal_code)
from boardkit.classroom import store as store_module

CHOICES = ["1 in 2", "1 in 5", "1 in 10"]


@pytest.fixture
def store(store_url):
    store = ClassStore(store_url)
    yield store
    store.close()


def joined_class(store, pages=1):
    code = store.start_class("01_mystery_date")
    page_ids = [new_page_id() for _ in range(pages)]
    for page_id in page_ids:
        store.join(code, page_id)
    return code, page_ids


def rows_of(store, code) -> int:
    """How many rows of the store, in every table, belong to class ``code``."""
    with store._engine.connect() as connection:
        return sum(connection.execute(sa.select(sa.func.count()).where(table.c.code == code)).scalar()
                   for table in store_module.CLASS_TABLES)


def test_a_class_pools_every_page(store):
    code = store.start_class("01_mystery_date")
    assert len(code) == 4 and set(code) <= set(store_module.CODE_ALPHABET) and store.is_open(code)
    assert normal_code(f"  {code.lower()} ") == code
    ana, ben, cy = new_page_id(), new_page_id(), new_page_id()
    store.join(code, ana, "  Ana <b>  ")
    store.join(code, ben)
    store.join(code, cy)
    for page, guess, share in ((ana, "1 in 5", 0.2), (ben, "1 in 2", 0.5), (cy, "1 in 5", 0.25)):
        store.lock_prediction(code, page, "dream_date", guess, choices=CHOICES)
        store.lock_prediction(code, page, "share", share, between=(0, 1))
    store.answer_check(code, ana, "q1", "no", ["yes", "no"])
    store.record_plays(code, ana, "dream_date", 4, 20)
    store.record_plays(code, ben, "dream_date", 7, 20)
    store.record_plays(code, cy, "dream_date", 0, 3)

    view = store.class_view(code)
    assert view.pages == 3 and view.lesson == "01_mystery_date" and view.nicknames == ()
    door = view.predictions["dream_date"]
    assert (door.locked, door.counts, door.values) == (3, {"1 in 2": 1, "1 in 5": 2, "1 in 10": 0},
                                                       ("1 in 2", "1 in 5", "1 in 5"))
    assert view.predictions["share"].values == (0.2, 0.25, 0.5) and view.predictions["share"].median == 0.25
    assert view.checks["q1"].counts == {"yes": 0, "no": 1}
    plays = view.plays["dream_date"]
    assert (plays.pages, plays.successes, plays.trials) == (3, 11, 43)
    assert plays.per_page == ((7, 20), (4, 20), (0, 3))
    wilson = stats.binomtest(11, 43).proportion_ci(0.95, method="wilson")
    assert plays.share == pytest.approx(11 / 43)
    assert (plays.low, plays.high) == pytest.approx((wilson.low, wilson.high))
    # the nickname (stripped, as typed: pages escape it) only in the teacher's view
    assert store.class_view(code, teacher=True).nicknames == ("Ana <b>",)


def test_settings_reach_every_page_and_stay_out_of_the_view(store):
    code, _ = joined_class(store)
    store.set_setting(code, "01_mystery_date/secret_door", "red")
    store.set_setting(code, "01_mystery_date/secret_door", "blue")
    store.set_setting(code, "rounds", {"count": 3})
    assert store.settings(code) == {"01_mystery_date/secret_door": "blue", "rounds": {"count": 3}}
    assert "blue" not in repr(store.class_view(code, teacher=True))


def test_reloads_retries_and_late_writes_never_count_twice(store):
    code, (page,) = joined_class(store)
    store.lock_prediction(code, page, "door", "1 in 2", choices=CHOICES)
    store.answer_check(code, page, "q1", "yes", ["yes", "no"])
    store.record_plays(code, page, "dream_date", 3, 10)
    store.record_plays(code, page, "dream_date", 3, 10)        # a retried write
    store.record_plays(code, page, "dream_date", 5, 20)
    store.record_plays(code, page, "dream_date", 3, 10)        # an old write arriving late
    state = store.join(code, page)                             # the page reloaded: it joins again
    assert (state.predictions, state.checks, state.plays) == ({"door": "1 in 2"}, {"q1": "yes"},
                                                              {"dream_date": (5, 20)})
    store.lock_prediction(code, page, "door", "1 in 10", choices=CHOICES)   # a new lock replaces the old
    store.answer_check(code, page, "q1", "no", ["yes", "no"])
    view = store.class_view(code)
    assert view.pages == 1
    assert view.predictions["door"].counts == {"1 in 2": 0, "1 in 5": 0, "1 in 10": 1}
    assert view.checks["q1"].counts == {"yes": 0, "no": 1}
    assert (view.plays["dream_date"].successes, view.plays["dream_date"].trials) == (5, 20)
    assert store.page_state(code, page).predictions == {"door": "1 in 10"}


def forgeries(code, page, stranger):
    """Writes a forged or broken page might make, each with the error it must get."""
    other_class = next(c for c in ("KKKK", "MMMM") if c != code)
    return {
        "a class that is not open": (ClassNotOpen, lambda s: s.record_plays(other_class, page, "door", 1, 2)),
        "a malformed class code": (ClassNotOpen, lambda s: s.join("K7Q'; DROP", page)),
        "a page that has not joined": (Refused, lambda s: s.record_plays(code, stranger, "door", 1, 2)),
        "a malformed page id": (Refused, lambda s: s.join(code, "x' OR 1=1")),
        "a guess out of range": (Refused, lambda s: s.lock_prediction(code, page, "share", 1.5, between=(0, 1))),
        "a guess that is not a number": (Refused, lambda s: s.lock_prediction(code, page, "share", "0.5",
                                                                              between=(0, 1))),
        "a guess that is NaN": (Refused, lambda s: s.lock_prediction(code, page, "share", float("nan"),
                                                                     between=(0, 1))),
        "a widened range": (Refused, lambda s: s.lock_prediction(code, page, "share", 5, between=(0, 10))),
        "a guess not among the choices": (Refused, lambda s: s.lock_prediction(code, page, "door", "1 in 3",
                                                                               choices=CHOICES)),
        "other choices": (Refused, lambda s: s.lock_prediction(code, page, "door", "all", choices=["all", "none"])),
        "an answer not among the choices": (Refused, lambda s: s.answer_check(code, page, "q1", "maybe",
                                                                              ["yes", "no"])),
        "more successes than trials": (Refused, lambda s: s.record_plays(code, page, "door", 5, 4)),
        "negative plays": (Refused, lambda s: s.record_plays(code, page, "door", -1, 4)),
        "plays over the cap": (Refused, lambda s: s.record_plays(code, page, "door", 10, 10_000)),
        "plays that are not whole numbers": (Refused, lambda s: s.record_plays(code, page, "door", 1.5, 4)),
        "a stream name with markup": (Refused, lambda s: s.record_plays(code, page, "<script>", 1, 4)),
        "a long nickname": (Refused, lambda s: s.join(code, page, "x" * 200)),
        "a setting that is not JSON": (Refused, lambda s: s.set_setting(code, "door", object())),
    }


def test_forged_and_impossible_writes_are_refused_logged_and_change_nothing(store, caplog):
    code, (page,) = joined_class(store)
    stranger = new_page_id()
    store.lock_prediction(code, page, "share", 0.5, between=(0, 1))
    store.lock_prediction(code, page, "door", "1 in 5", choices=CHOICES)
    store.answer_check(code, page, "q1", "yes", ["yes", "no"])
    store.record_plays(code, page, "door", 2, 4)
    before = (store.class_view(code, teacher=True), store.page_state(code, page), store.settings(code))
    for name, (error, forge) in forgeries(code, page, stranger).items():
        caplog.clear()
        with caplog.at_level(logging.WARNING, logger="boardkit.classroom"):
            with pytest.raises(error):
                forge(store)
        assert caplog.records, f"{name} was refused but not logged"
    assert (store.class_view(code, teacher=True), store.page_state(code, page), store.settings(code)) == before


def test_one_page_cannot_swamp_the_class(store, monkeypatch):
    code, (page,) = joined_class(store)
    for number in range(store_module.MAX_STREAMS):
        store.record_plays(code, page, f"stream{number}", 1, 1)
    with pytest.raises(Refused, match="at most"):
        store.record_plays(code, page, "one_more", 1, 1)
    monkeypatch.setattr(store_module, "MAX_PAGES", 3)
    store.join(code, new_page_id())
    store.join(code, new_page_id())
    with pytest.raises(Refused, match="full"):
        store.join(code, new_page_id())
    store.join(code, page)                                       # a page already in can always join again
    assert store.class_view(code).pages == 3


def test_ending_a_class_deletes_all_its_data(store):
    code, (page,) = joined_class(store)
    other, _ = joined_class(store)
    store.join(code, page, "Ana")
    store.lock_prediction(code, page, "door", "1 in 5", choices=CHOICES)
    store.answer_check(code, page, "q1", "yes", ["yes", "no"])
    store.record_plays(code, page, "door", 1, 2)
    store.set_setting(code, "secret_door", "red")
    assert rows_of(store, code) == 8       # the class, its page, 2 questions, 2 answers, 1 play total, 1 setting
    assert store.end_class(code) is True
    assert rows_of(store, code) == 0 and not store.is_open(code)
    assert store.end_class(code) is False
    with pytest.raises(ClassNotOpen, match=f"no open class {code}"):
        store.class_view(code)
    with pytest.raises(ClassNotOpen):
        store.record_plays(code, page, "door", 2, 3)
    assert store.is_open(other) and rows_of(store, other) == 2


def test_old_classes_are_purged(store):
    old, _ = joined_class(store)
    recent, _ = joined_class(store)
    with store._engine.begin() as connection:
        connection.execute(store_module.classes.update().where(store_module.classes.c.code == old)
                           .values(started_at=store_module.classes.c.started_at - 8 * 86400))
    assert [code for code, _, _ in store.open_classes()] == [recent, old]
    newest = store.start_class("02_mouse_trap")                  # starting a class purges those over keep_days (7)
    assert rows_of(store, old) == 0 and store.is_open(recent)
    assert store.purge(older_than_days=0) == 2 and store.open_classes() == []
    assert not store.is_open(newest)
    with pytest.raises(ValueError, match="number of days"):
        store.purge(older_than_days=-1)


def test_a_store_of_another_version_says_so(store_url):
    store = ClassStore(store_url)
    with store._engine.begin() as connection:
        connection.execute(store_module.store_info.update().values(value="99"))
    store.close()
    with pytest.raises(StoreVersionError, match="another version of boardkit .version 99; this boardkit reads "
                                                f"version {store_module.SCHEMA_VERSION}.*BOARDKIT_CLASS_DB"):
        ClassStore(store_url)


def test_the_class_version_grows_with_every_write_and_only_then(store):
    code, (ana,) = joined_class(store)
    seen = [store.class_version(code)]

    def changed() -> bool:
        seen.append(store.class_version(code))
        return seen[-1] > seen[-2]

    store.join(code, new_page_id())
    assert changed()                                          # a page joined
    store.join(code, ana)
    assert not changed()                                      # the same page again (a reload): nothing new
    store.lock_prediction(code, ana, "share", 0.2, between=(0, 1))
    assert changed()
    store.answer_check(code, ana, "q1", "no", ["yes", "no"])
    assert changed()
    store.record_plays(code, ana, "door", 1, 5)
    assert changed()
    store.record_plays(code, ana, "door", 1, 5)
    store.record_plays(code, ana, "door", 0, 3)
    assert not changed()                                      # a repeated or a late write changes nothing
    store.set_setting(code, "secret_door", "red")
    assert changed()
    with pytest.raises(Refused):
        store.lock_prediction(code, ana, "share", 7, between=(0, 1))
    assert not changed()                                      # a refused write: nothing
    assert store.class_view(code).version == seen[-1]         # a view says which version it read
    store.end_class(code)
    with pytest.raises(ClassNotOpen, match=f"no open class {code}"):
        store.class_version(code)


def test_a_store_of_version_1_is_brought_up_to_date_and_keeps_its_classes(store_url):
    store = ClassStore(store_url)
    code, (ana,) = joined_class(store)
    store.record_plays(code, ana, "door", 2, 10)
    with store._engine.begin() as connection:            # as boardkit's first class store was
        connection.execute(sa.text("ALTER TABLE boardkit_classes DROP COLUMN version"))
        connection.execute(store_module.store_info.update().values(value="1"))
    store.close()
    again = ClassStore(store_url)
    assert again.class_version(code) == 0 and again.class_view(code).plays["door"].trials == 10
    again.record_plays(code, ana, "door", 3, 12)
    assert again.class_version(code) == 1


def test_a_store_address_that_cannot_work_says_why(tmp_path):
    from boardkit.classroom import ClassStoreError
    for url, words in (("mysql://someone@somewhere/db", "SQLite or PostgreSQL"), ("sqlite://", "in-memory"),
                       ("not an address", "not a database address")):
        with pytest.raises(ClassStoreError, match=words):
            ClassStore(url)


def test_the_default_store_is_an_sqlite_file_in_the_jupyter_data_folder(monkeypatch, tmp_path):
    monkeypatch.delenv("BOARDKIT_CLASS_DB", raising=False)
    monkeypatch.setenv("JUPYTER_DATA_DIR", str(tmp_path))
    store = ClassStore()
    code = store.start_class()
    assert store.path == str(tmp_path / "boardkit" / "class-store.db") and store.is_open(code)
    with store._engine.connect() as connection:
        assert connection.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert connection.exec_driver_sql("PRAGMA busy_timeout").scalar() == 5000
    monkeypatch.setenv("BOARDKIT_CLASS_DB", f"sqlite:///{tmp_path / 'elsewhere.db'}")
    assert ClassStore().path == str(tmp_path / "elsewhere.db")
    monkeypatch.delenv("BOARDKIT_CLASS_DB")
    monkeypatch.setenv("JUPYTER_DATA_DIR", "/proc/no-folder-can-be-made-here")
    with pytest.raises(StoreUnavailable, match="the class store's folder /proc/no-folder-can-be-made-here/boardkit "
                                               "cannot be made"):
        ClassStore()


# --- 30 pages writing at once ----------------------------------------------------------------------
PAGES, EVENTS = 30, 200


def events(page_number):
    """The 200 writes page ``page_number`` makes: locks, answers and running totals, with replays of old totals."""
    successes = 0
    for i in range(EVENTS):
        if i % 5 == 0:
            yield "lock_prediction", (f"guess{i % 3}", ((page_number * 7 + i) % 101) / 100), {"between": (0, 1)}
        elif i % 5 == 1:
            yield "answer_check", ("q1", CHOICES[(page_number + i) % 3], CHOICES), {}
        else:
            successes += (page_number + i) % 3 == 0
            yield "record_plays", (f"stream{i % 2}", successes, i + 1), {}
            if i % 10 == 9:                                     # a retry of an older total arrives late
                yield "record_plays", (f"stream{i % 2}", 0, 1), {}


def final_state(page_number):
    predictions, checks, plays = {}, {}, {}
    for method, args, _ in events(page_number):
        if method == "lock_prediction":
            predictions[args[0]] = args[1]
        elif method == "answer_check":
            checks[args[0]] = args[1]
        else:
            old = plays.get(args[0], (0, 0))
            plays[args[0]] = args[1:] if args[2] > old[1] else old
    return predictions, checks, plays


def write_as_one_page(url, code, page_number, start, failures):
    try:
        store = ClassStore(url, busy_timeout=30)
        page_id = f"page-{page_number:04d}-{code}"
        start.wait()
        store.join(code, page_id)
        for method, args, options in events(page_number):
            getattr(store, method)(code, page_id, *args, **options)
        store.close()
    except BaseException:
        failures.put(f"page {page_number}: {traceback.format_exc()}")
        raise


def test_thirty_pages_writing_200_events_at_once_lose_nothing_and_count_nothing_twice(store):
    code = store.start_class("01_mystery_date")
    store.close()                                                # no connection crosses the fork
    fork = multiprocessing.get_context("fork")
    start, failures = fork.Barrier(PAGES), fork.Queue()
    writers = [fork.Process(target=write_as_one_page, args=(store.url, code, number, start, failures))
               for number in range(PAGES)]
    for writer in writers:
        writer.start()
    for writer in writers:
        writer.join(120)
    messages = [failures.get() for _ in range(failures.qsize())]
    assert [writer.exitcode for writer in writers] == [0] * PAGES, "\n".join(messages)

    expected = [final_state(number) for number in range(PAGES)]
    for number, (predictions, checks, plays) in enumerate(expected):
        state = store.page_state(code, f"page-{number:04d}-{code}")
        assert (state.predictions, state.checks) == (predictions, checks)
        assert state.plays == plays
    view = store.class_view(code)
    assert view.pages == PAGES
    for stream in ("stream0", "stream1"):
        assert view.plays[stream].pages == PAGES
        assert view.plays[stream].successes == sum(plays[stream][0] for _, _, plays in expected)
        assert view.plays[stream].trials == sum(plays[stream][1] for _, _, plays in expected)
    assert view.checks["q1"].answered == PAGES
    assert all(view.predictions[f"guess{k}"].locked == PAGES for k in range(3))

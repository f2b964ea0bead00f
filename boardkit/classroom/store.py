"""The class store: one database that every page's kernel in a class reads and writes.

Each page of a lesson has its own kernel, so the store is the only way one page
learns what another did.  It is a real database reached through SQLAlchemy (as
JupyterHub and nbgrader keep theirs): by default an SQLite file in the user's
Jupyter data folder, so one Voilà server needs no set-up; ``BOARDKIT_CLASS_DB=
postgresql+psycopg://user@host/db`` points every kernel at a PostgreSQL server.

A student's kernel writes, and its page may send forged widget messages, so
every write is checked here: only an open class, only a joined page's own rows,
only values the question allows, counts within bounds.  Anything else raises
:class:`Refused` (and is logged) and changes nothing.

What is kept: a class (its join code, lesson and start time), a random id per
page (never a name; a nickname only if the student typed one), each page's
locked guesses, quick-check answers, play totals, and the teacher's settings.
``end_class`` deletes all of a class's rows; classes older than ``keep_days``
are deleted whenever a class starts (and by ``purge``).
"""
from __future__ import annotations

import json
import logging
import math
import os
import re
import secrets
import statistics
import time
from collections import Counter
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime, timezone
from numbers import Integral, Real

import sqlalchemy as sa
from sqlalchemy import event
from sqlalchemy.dialects import postgresql, sqlite

from ..core.stats import wilson_interval

log = logging.getLogger("boardkit.classroom")

#: the store's layout; a store written with another version gives StoreVersionError (version 1, which had no
#: class versions, is brought up to date on first use)
SCHEMA_VERSION = 2
#: letters and digits that cannot be mistaken for one another (no 0/O, 1/I/L, 2/Z, 5/S, 8/B, 6/G)
CODE_ALPHABET = "ACDEFHJKMNPQRTUVWXY3479"
CODE_LENGTH = 4
MAX_TRIALS = 1000          # plays one page can add to one stream (the 10,000-click student does not swamp)
MAX_PAGES = 200            # pages one class can have (30 students, each reloading a few times)
MAX_STREAMS = 20           # play streams one page can write
MAX_NICKNAME = 20
MAX_CHOICES = 20
MAX_SETTING = 2000         # characters of one setting's JSON
KEEP_DAYS = 7.0            # classes older than this are deleted (BOARDKIT_CLASS_KEEP_DAYS)

_ID = re.compile(r"[A-Za-z0-9_.:/-]{1,80}")
_PAGE_ID = re.compile(r"[A-Za-z0-9_-]{8,64}")

metadata = sa.MetaData()
store_info = sa.Table(
    "boardkit_store", metadata,
    sa.Column("key", sa.String(40), primary_key=True),
    sa.Column("value", sa.String(200), nullable=False))
classes = sa.Table(
    "boardkit_classes", metadata,
    sa.Column("code", sa.String(8), primary_key=True),
    sa.Column("lesson", sa.String(80), nullable=False),
    sa.Column("started_at", sa.Float, nullable=False),        # seconds since 1970 (UTC)
    # one more with every write to the class: a page reads the whole class only when this has changed
    sa.Column("version", sa.Integer, nullable=False, server_default="0"))
pages = sa.Table(
    "boardkit_pages", metadata,
    sa.Column("code", sa.String(8), primary_key=True),
    sa.Column("page_id", sa.String(64), primary_key=True),
    sa.Column("nickname", sa.String(MAX_NICKNAME)),
    sa.Column("joined_at", sa.Float, nullable=False))
questions = sa.Table(                                            # what each prediction or check allows
    "boardkit_questions", metadata,
    sa.Column("code", sa.String(8), primary_key=True),
    sa.Column("kind", sa.String(10), primary_key=True),         # "prediction" or "check"
    sa.Column("question_id", sa.String(80), primary_key=True),
    sa.Column("choices", sa.Text),                               # a JSON list of choices, or NULL for a number
    sa.Column("low", sa.Float),
    sa.Column("high", sa.Float))
answers = sa.Table(                                              # one page's locked guess or checked answer
    "boardkit_answers", metadata,
    sa.Column("code", sa.String(8), primary_key=True),
    sa.Column("page_id", sa.String(64), primary_key=True),
    sa.Column("kind", sa.String(10), primary_key=True),
    sa.Column("question_id", sa.String(80), primary_key=True),
    sa.Column("choice", sa.String(200)),
    sa.Column("number", sa.Float))
plays = sa.Table(                                                # one page's running totals in one stream
    "boardkit_plays", metadata,
    sa.Column("code", sa.String(8), primary_key=True),
    sa.Column("page_id", sa.String(64), primary_key=True),
    sa.Column("stream", sa.String(80), primary_key=True),
    sa.Column("successes", sa.Integer, nullable=False),
    sa.Column("trials", sa.Integer, nullable=False))
settings_table = sa.Table(
    "boardkit_settings", metadata,
    sa.Column("code", sa.String(8), primary_key=True),
    sa.Column("key", sa.String(80), primary_key=True),
    sa.Column("value", sa.Text, nullable=False))                # JSON
CLASS_TABLES = (pages, questions, answers, plays, settings_table, classes)

# The statements every write runs, built once (building a statement costs more than running it).
_param = sa.bindparam
_CLASS = sa.select(classes.c.code).where(classes.c.code == _param("code"))
_PAGE = sa.select(pages.c.page_id).where(pages.c.code == _param("code"), pages.c.page_id == _param("page_id"))
_JOINED = _PAGE.join_from(pages, classes, classes.c.code == pages.c.code)      # the page, in an open class
_QUESTION = sa.select(questions.c.choices, questions.c.low, questions.c.high).where(
    questions.c.code == _param("code"), questions.c.kind == _param("kind"),
    questions.c.question_id == _param("question_id"))
_STREAMS = sa.select(plays.c.stream).where(plays.c.code == _param("code"), plays.c.page_id == _param("page_id"))
_VERSION = sa.select(classes.c.version).where(classes.c.code == _param("code"))
# (the parameter is not called "code": an UPDATE would take a parameter named after a column as a value to set)
_CHANGED = classes.update().where(classes.c.code == _param("changed_class")).values(version=classes.c.version + 1)


def _upserts(insert) -> dict:
    """The writes that insert a row or update the one already there, in the store's dialect."""
    answer, play = insert(answers), insert(plays)
    return {
        "question": insert(questions).on_conflict_do_nothing(),
        "answer": answer.on_conflict_do_update(index_elements=["code", "page_id", "kind", "question_id"],
                                               set_={"choice": answer.excluded.choice,
                                                     "number": answer.excluded.number}),
        # totals never go down: a late or replayed write changes nothing
        "plays": play.on_conflict_do_update(index_elements=["code", "page_id", "stream"],
                                            set_={"successes": play.excluded.successes,
                                                  "trials": play.excluded.trials},
                                            where=play.excluded.trials > plays.c.trials).returning(plays.c.trials),
    }


# --- errors ----------------------------------------------------------------------------------------
class ClassStoreError(Exception):
    """Anything the class store says no to; the message is in plain words."""


class StoreUnavailable(ClassStoreError):
    """The store cannot be used right now (missing, locked, read-only, full or unreachable); try again later."""


class StoreVersionError(ClassStoreError):
    """The store was written by a different version of boardkit."""


class Refused(ClassStoreError, ValueError):
    """A write that makes no sense (a forged or out-of-range value, another page's row); nothing was changed."""


class ClassNotOpen(Refused):
    """No open class has this code (it never existed, has ended or was deleted)."""


# --- what the store reports --------------------------------------------------------------------------
@dataclass(frozen=True)
class PredictionSummary:
    """The class's locked guesses for one prediction."""
    prediction_id: str
    locked: int                            # pages that locked a guess
    values: tuple                          # every locked guess (numbers sorted; choices as strings)
    counts: dict = field(default_factory=dict)   # {choice: pages} for a choice prediction, every choice listed
    median: float | None = None            # for a number prediction


@dataclass(frozen=True)
class CheckSummary:
    """The class's answers to one quick check (no names)."""
    check_id: str
    answered: int
    counts: dict                           # {choice: pages}, every choice listed, in the check's order


@dataclass(frozen=True)
class PlaySummary:
    """One play stream pooled over the class: the class's share and its 95% Wilson interval."""
    stream: str
    pages: int
    successes: int
    trials: int
    share: float | None                    # None while nobody has played
    low: float | None
    high: float | None
    per_page: tuple = ()                   # (successes, trials) of each page, largest first (anonymous)


@dataclass(frozen=True)
class ClassView:
    """A snapshot of one class, as the teacher's page (or a student's, after a reveal) shows it."""
    code: str
    lesson: str
    started_at: datetime
    pages: int                             # pages joined
    predictions: dict                      # {prediction_id: PredictionSummary}
    checks: dict                           # {check_id: CheckSummary}
    plays: dict                            # {stream: PlaySummary}
    nicknames: tuple = ()                  # only in the teacher's view
    version: int = field(default=0, compare=False)   # the class's version when read (see ClassStore.class_version)


@dataclass(frozen=True)
class PageState:
    """What the store holds for one page (so a reloaded page can pick up where it was)."""
    code: str
    page_id: str
    nickname: str | None
    predictions: dict                      # {prediction_id: locked guess}
    checks: dict                           # {check_id: choice}
    plays: dict                            # {stream: (successes, trials)}


# --- where the store lives ----------------------------------------------------------------------------
def default_store_url() -> str:
    """``BOARDKIT_CLASS_DB`` if set, else an SQLite file in the user's Jupyter data folder."""
    url = os.environ.get("BOARDKIT_CLASS_DB", "").strip()
    if url:
        return url
    from jupyter_core.paths import jupyter_data_dir

    folder = os.path.join(jupyter_data_dir(), "boardkit")
    try:
        os.makedirs(folder, exist_ok=True)
    except OSError as error:
        raise StoreUnavailable(f"the class store's folder {folder} cannot be made ({error.strerror})") from None
    return "sqlite:///" + os.path.join(folder, "class-store.db")


def new_page_id() -> str:
    """A random id for one page: the store keeps this, never a name."""
    return secrets.token_urlsafe(12)


def normal_code(code) -> str:
    """A join code as typed ("k7qf ") in the store's form ("K7QF"); a malformed code raises ClassNotOpen."""
    text = str(code).strip().upper() if isinstance(code, str) else ""
    if len(text) != CODE_LENGTH or any(letter not in CODE_ALPHABET for letter in text):
        _refuse(f"{str(code)[:20]!r} is not a class code: a code is {CODE_LENGTH} letters and digits such as K7QF",
                ClassNotOpen)
    return text


def _refuse(message: str, error=Refused):
    log.warning("class store refused a write: %s", message)
    raise error(message)


def _identifier(value, what: str) -> str:
    if not (isinstance(value, str) and _ID.fullmatch(value)):
        _refuse(f"{what} must be 1 to 80 letters, digits or _.:/- , got {str(value)[:40]!r}")
    return value


def _page_id(value) -> str:
    if not (isinstance(value, str) and _PAGE_ID.fullmatch(value)):
        _refuse(f"a page id must be 8 to 64 letters, digits, _ or -, got {str(value)[:40]!r}")
    return value


def _choices(choices) -> list[str]:
    if isinstance(choices, (str, bytes)) or not hasattr(choices, "__iter__"):
        _refuse(f"choices must be a list of answers, got {str(choices)[:40]!r}")
    listed = [str(choice) for choice in choices]
    if not 2 <= len(listed) <= MAX_CHOICES or len(set(listed)) != len(listed) or max(map(len, listed)) > 200:
        _refuse(f"choices must be 2 to {MAX_CHOICES} different answers of at most 200 characters")
    return listed


def _unavailable(error: Exception) -> StoreUnavailable:
    """The store's own error in the words a status line uses."""
    text = str(getattr(error, "orig", error) or error).lower()
    if "locked" in text or "busy" in text:
        reason = "the class store is busy (locked by another program)"
    elif "readonly" in text or "read-only" in text:
        reason = "the class store's file is read-only"
    elif "full" in text or "no space" in text:
        reason = "the class store is full"
    elif "password" in text or "authentication" in text:
        reason = "the class store's server refused the login (check BOARDKIT_CLASS_DB)"
    elif "no such table" in text or "unable to open" in text or "does not exist" in text:
        reason = "the class store is missing"
    elif "connect" in text or "server" in text or "timeout" in text or "closed" in text:
        reason = "the class store's server cannot be reached"
    else:
        reason = "the class store failed (" + text.strip().splitlines()[0][:120] + ")" if text.strip() else \
            "the class store failed"
    return StoreUnavailable(reason)


class ClassStore:
    """The class store at ``url`` (None: ``BOARDKIT_CLASS_DB`` or the default SQLite file).

    ``url`` is an SQLAlchemy address: ``sqlite:////path/to/file.db`` or
    ``postgresql+psycopg://user:password@host:5432/dbname``.  The tables are
    created on first use, with a version; a store of another version raises
    :class:`StoreVersionError`, an unreachable one :class:`StoreUnavailable`.

    A kernel keeps one connection open (at most three while busy), so a
    PostgreSQL server needs a connection per open page (see the README for a
    school's numbers).  An SQLite file that is deleted, replaced or made
    read-only is noticed at the next call.  ``busy_timeout`` is how long a call
    waits for a locked SQLite file or an unreachable server (seconds).
    """

    def __init__(self, url: str | None = None, *, busy_timeout: float = 5.0, keep_days: float | None = None,
                 max_trials: int = MAX_TRIALS):
        self.url = url or default_store_url()
        self.max_trials = max_trials
        try:
            self.keep_days = float(os.environ.get("BOARDKIT_CLASS_KEEP_DAYS", KEEP_DAYS) if keep_days is None
                                   else keep_days)
        except ValueError:
            raise ClassStoreError("BOARDKIT_CLASS_KEEP_DAYS must be a number of days, such as 7") from None
        try:
            address = sa.engine.make_url(self.url)
        except sa.exc.ArgumentError:
            raise ClassStoreError(f"{self.url!r} is not a database address: use sqlite:////path/file.db or "
                                  "postgresql+psycopg://user@host/dbname") from None
        self.dialect = address.get_backend_name()
        if self.dialect == "sqlite":
            if address.database in (None, "", ":memory:"):
                raise ClassStoreError("the class store must be a file or a server: an in-memory SQLite store "
                                      "would be private to one kernel")
            self.path = os.path.abspath(address.database)
            # A kernel keeps its few connections open: a fresh SQLite connection costs a
            # write-ahead-log reset and a disk flush (20 ms) on every call.
            self._engine = sa.create_engine(address, pool_size=2, max_overflow=2,
                                            connect_args={"timeout": busy_timeout})
            event.listen(self._engine, "connect", _sqlite_connected)
            event.listen(self._engine, "begin", _sqlite_begin)
            self._insert = sqlite.insert
        elif self.dialect == "postgresql":
            self.path = None
            # One connection kept per kernel (a new PostgreSQL connection costs ~30 ms); after
            # a server restart the first call fails (StoreUnavailable) and the next reconnects.
            self._engine = sa.create_engine(address, pool_size=1, max_overflow=2,
                                            connect_args={"connect_timeout": max(1, round(busy_timeout))})
            event.listen(self._engine, "connect", _postgresql_connected)
            self._insert = postgresql.insert
        else:
            raise ClassStoreError(f"the class store works with SQLite or PostgreSQL addresses, not {self.dialect!r}")
        self._upsert = _upserts(self._insert)
        self._writer = self._engine.execution_options(boardkit_write=True)
        self._file = None
        self._create_schema()

    def close(self) -> None:
        """Close the connections this store keeps open (it opens new ones if used again)."""
        self._engine.dispose()

    def __repr__(self) -> str:
        return f"ClassStore({self._engine.url.render_as_string(hide_password=True)!r})"

    # --- connections -----------------------------------------------------------------------------
    def _check_file(self, write: bool) -> None:
        """An SQLite file deleted or replaced since the store opened it is a missing store, not a new one."""
        if self.path is None or self._file is None:
            return
        try:
            found = os.stat(self.path)
        except OSError:
            found = None
        if found is None or (found.st_dev, found.st_ino) != self._file:
            self._engine.dispose()           # the pooled connections still write to the old file
            raise StoreUnavailable("the class store's file is missing" if found is None else
                                   "the class store's file was replaced")
        if write and not os.access(self.path, os.W_OK):
            raise StoreUnavailable("the class store's file is read-only")

    @contextmanager
    def _transaction(self, write: bool):
        self._check_file(write)
        try:
            with (self._writer if write else self._engine).begin() as connection:
                yield connection
        except sa.exc.DBAPIError as error:
            raise _unavailable(error) from None

    def _create_schema(self) -> None:
        with self._transaction(write=True) as connection:
            if self.dialect == "postgresql":      # two kernels creating the tables at once wait for each other
                connection.execute(sa.text("SELECT pg_advisory_xact_lock(22022022)"))
            names = set(sa.inspect(connection).get_table_names())
            if store_info.name not in names and names & {table.name for table in CLASS_TABLES}:
                raise StoreVersionError(self._version_message("an unknown version"))
            metadata.create_all(connection)
            found = connection.execute(sa.select(store_info.c.value).where(store_info.c.key == "schema_version")
                                       ).scalar()
            if found is None:
                connection.execute(store_info.insert().values(key="schema_version", value=str(SCHEMA_VERSION)))
            elif found == "1":                    # version 1 lacked the classes' versions: add them
                connection.execute(sa.text(f"ALTER TABLE {classes.name} ADD COLUMN version INTEGER NOT NULL "
                                           "DEFAULT 0"))
                connection.execute(store_info.update().where(store_info.c.key == "schema_version")
                                   .values(value=str(SCHEMA_VERSION)))
            elif found != str(SCHEMA_VERSION):
                raise StoreVersionError(self._version_message(f"version {found}"))
        if self.path is not None:
            found = os.stat(self.path)
            self._file = (found.st_dev, found.st_ino)

    def _version_message(self, found: str) -> str:
        return (f"The class store {self!r} was made by another version of boardkit ({found}; this boardkit "
                f"reads version {SCHEMA_VERSION}). Set BOARDKIT_CLASS_DB to a new store, or delete the old one.")

    def _open_class(self, connection, code) -> str:
        code = normal_code(code)
        if connection.execute(_CLASS, {"code": code}).first() is None:
            _refuse(f"there is no open class {code}", ClassNotOpen)
        return code

    @staticmethod
    def _changed(connection, code) -> None:
        """Count one more change to the class (the write's last statement: on PostgreSQL it holds the
        class's row until the commit, so concurrent writers to one class wait for each other only that long)."""
        connection.execute(_CHANGED, {"changed_class": code})

    def _joined(self, connection, code, page_id) -> tuple[str, str]:
        code, page_id = normal_code(code), _page_id(page_id)
        if connection.execute(_JOINED, {"code": code, "page_id": page_id}).first() is None:
            self._open_class(connection, code)             # which is it: no such class, or a stranger page?
            _refuse(f"page {page_id} has not joined class {code}")
        return code, page_id

    # --- the teacher's page ----------------------------------------------------------------------
    def start_class(self, lesson: str = "") -> str:
        """Open a new class for ``lesson`` (a label such as "01_mystery_date") and return its join code.

        Classes older than ``keep_days`` are deleted first.
        """
        if lesson and not (isinstance(lesson, str) and _ID.fullmatch(lesson)):
            _refuse(f"lesson must be 1 to 80 letters, digits or _.:/- , got {str(lesson)[:40]!r}")
        self.purge(self.keep_days)
        for _ in range(50):
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            with self._transaction(write=True) as connection:
                inserted = connection.execute(self._insert(classes).values(
                    code=code, lesson=lesson or "", started_at=time.time()).on_conflict_do_nothing()
                    .returning(classes.c.code)).first()
                if inserted is not None:
                    return code
        raise StoreUnavailable("the class store has no free class code left; end some classes")

    def end_class(self, code) -> bool:
        """Close the class and delete everything it holds; False if there was no such class."""
        code = normal_code(code)
        with self._transaction(write=True) as connection:
            for table in CLASS_TABLES:
                deleted = connection.execute(table.delete().where(table.c.code == code))
        return deleted.rowcount == 1

    def purge(self, older_than_days: float) -> int:
        """Delete every class started more than ``older_than_days`` days ago; return how many."""
        if not (isinstance(older_than_days, Real) and older_than_days >= 0):
            raise ValueError(f"older_than_days must be a number of days, 0 or more, got {older_than_days!r}")
        cutoff = time.time() - older_than_days * 86400
        with self._transaction(write=True) as connection:
            old = sa.select(classes.c.code).where(classes.c.started_at < cutoff).scalar_subquery()
            for table in CLASS_TABLES:
                deleted = connection.execute(table.delete().where(table.c.code.in_(old)))
        return deleted.rowcount

    def open_classes(self, lesson: str | None = None) -> list[tuple[str, str, datetime]]:
        """The open classes as ``(code, lesson, started_at)``, newest first (a reloaded teacher's page finds its own)."""
        query = sa.select(classes).order_by(classes.c.started_at.desc())
        if lesson is not None:
            query = query.where(classes.c.lesson == lesson)
        with self._transaction(write=False) as connection:
            return [(row.code, row.lesson, _when(row.started_at)) for row in connection.execute(query)]

    def is_open(self, code) -> bool:
        """True if a class with this code is open."""
        try:
            code = normal_code(code)
        except ClassNotOpen:
            return False
        with self._transaction(write=False) as connection:
            return connection.execute(_CLASS, {"code": code}).first() is not None

    def set_setting(self, code, key: str, value) -> None:
        """Set one of the class's settings (any JSON value), e.g. the secret door the teacher chose."""
        key = _identifier(key, "a setting's name")
        try:
            text = json.dumps(value)
        except (TypeError, ValueError):
            _refuse(f"a setting must be text, a number, a list or a dict, not {type(value).__name__}")
        if len(text) > MAX_SETTING:
            _refuse(f"a setting must be at most {MAX_SETTING} characters as JSON")
        with self._transaction(write=True) as connection:
            code = self._open_class(connection, code)
            connection.execute(self._insert(settings_table).values(code=code, key=key, value=text)
                               .on_conflict_do_update(index_elements=["code", "key"], set_={"value": text}))
            self._changed(connection, code)

    def settings(self, code) -> dict:
        """The class's settings as ``{key: value}`` (for the kernels only: a page shows what it chooses)."""
        with self._transaction(write=False) as connection:
            code = self._open_class(connection, code)
            rows = connection.execute(sa.select(settings_table).where(settings_table.c.code == code))
            return {row.key: json.loads(row.value) for row in rows}

    # --- a student's page ------------------------------------------------------------------------
    def join(self, code, page_id: str, nickname: str | None = None) -> PageState:
        """Join page ``page_id`` to the class (again, after a reload: nothing doubles) and return what it holds.

        ``nickname`` is stripped and at most 20 characters; it is kept as typed and
        escaped wherever it is shown.  An empty nickname keeps the page anonymous.
        """
        if nickname is not None:
            if not isinstance(nickname, str):
                _refuse("a nickname must be text")
            nickname = " ".join(nickname.split()) or None
            if nickname is not None and len(nickname) > MAX_NICKNAME:
                _refuse(f"a nickname must be at most {MAX_NICKNAME} characters")
        with self._transaction(write=True) as connection:
            code, page_id = self._open_class(connection, code), _page_id(page_id)
            if connection.execute(_PAGE, {"code": code, "page_id": page_id}).first() is None:
                joined = connection.execute(sa.select(sa.func.count()).where(pages.c.code == code)).scalar()
                if joined >= MAX_PAGES:
                    _refuse(f"class {code} is full ({MAX_PAGES} pages)")
            row = {"code": code, "page_id": page_id, "nickname": nickname, "joined_at": time.time()}
            upsert = self._insert(pages).values(**row)
            written = (upsert.on_conflict_do_update(index_elements=["code", "page_id"],
                                                    set_={"nickname": upsert.excluded.nickname})
                       if nickname is not None else upsert.on_conflict_do_nothing())
            if connection.execute(written.returning(pages.c.page_id)).first() is not None:   # new, or a new nickname
                self._changed(connection, code)
            return self._page_state(connection, code, page_id)

    def page_state(self, code, page_id: str) -> PageState:
        """What the store holds for one joined page."""
        with self._transaction(write=False) as connection:
            code, page_id = self._joined(connection, code, page_id)
            return self._page_state(connection, code, page_id)

    def _page_state(self, connection, code, page_id) -> PageState:
        nickname = connection.execute(sa.select(pages.c.nickname).where(pages.c.code == code,
                                                                         pages.c.page_id == page_id)).scalar()
        mine = connection.execute(sa.select(answers).where(answers.c.code == code, answers.c.page_id == page_id))
        held = {"prediction": {}, "check": {}}
        for row in mine:
            held[row.kind][row.question_id] = row.choice if row.choice is not None else row.number
        totals = connection.execute(sa.select(plays).where(plays.c.code == code, plays.c.page_id == page_id))
        return PageState(code, page_id, nickname, held["prediction"], held["check"],
                         {row.stream: (row.successes, row.trials) for row in totals})

    def lock_prediction(self, code, page_id: str, prediction_id: str, value, *, choices=None,
                        between=None) -> None:
        """Keep this page's locked guess for one prediction (a second lock replaces the first).

        The prediction allows ``choices=[...]`` (``value`` one of them; compared as
        text) or a number ``between=(low, high)``.  The first page to lock fixes
        what the prediction allows for the whole class; a page that claims other
        choices or another range is refused.
        """
        if (choices is None) == (between is None):
            _refuse("a prediction allows choices=[...] or a number between=(low, high), not both and not neither")
        self._answer(code, page_id, "prediction", prediction_id, value, choices, between)

    def answer_check(self, code, page_id: str, check_id: str, choice, choices) -> None:
        """Keep this page's answer to one quick check (the latest answer counts), ``choice`` one of ``choices``."""
        self._answer(code, page_id, "check", check_id, choice, choices, None)

    def _answer(self, code, page_id, kind, question_id, value, choices, between) -> None:
        question_id = _identifier(question_id, f"a {kind}'s id")
        if choices is not None:
            allowed, low, high = _choices(choices), None, None
            if str(value) not in allowed:
                _refuse(f"{str(value)[:40]!r} is not one of the choices of {kind} {question_id}")
            row = {"choice": str(value), "number": None}
        else:
            if not (hasattr(between, "__len__") and len(between) == 2
                    and all(isinstance(x, Real) and not isinstance(x, bool) and math.isfinite(x) for x in between)
                    and between[0] < between[1]):
                _refuse(f"between must be (low, high) with low < high, got {str(between)[:40]!r}")
            allowed, (low, high) = None, map(float, between)
            if not (isinstance(value, Real) and not isinstance(value, bool) and low <= value <= high):
                _refuse(f"{str(value)[:40]!r} is not a number from {low:g} to {high:g} for {kind} {question_id}")
            row = {"choice": None, "number": float(value)}
        with self._transaction(write=True) as connection:
            code, page_id = self._joined(connection, code, page_id)
            key = {"code": code, "kind": kind, "question_id": question_id}
            defined = {"choices": None if allowed is None else json.dumps(allowed), "low": low, "high": high}
            stored = connection.execute(_QUESTION, key).first()
            if stored is None:          # the first answer fixes what the question allows
                connection.execute(self._upsert["question"], {**key, **defined})
                stored = connection.execute(_QUESTION, key).one()
            if tuple(stored) != (defined["choices"], low, high):
                _refuse(f"{kind} {question_id} allows other answers in class {code}")
            connection.execute(self._upsert["answer"], {**key, "page_id": page_id, **row})
            self._changed(connection, code)

    def record_plays(self, code, page_id: str, stream: str, successes: int, trials: int) -> None:
        """Keep this page's running totals in one play stream (e.g. "door_opened": 4 of 20).

        The totals are the page's whole count so far, not an increment, so a write
        repeated, retried or replayed after a reload never counts twice; totals never
        go down (an older write arriving late changes nothing).  ``trials`` is at most
        ``max_trials`` (1,000) per page and stream.
        """
        stream = _identifier(stream, "a play stream's name")
        if not all(isinstance(n, Integral) and not isinstance(n, bool) for n in (successes, trials)):
            _refuse("successes and trials must be whole numbers")
        if not 0 <= successes <= trials <= self.max_trials:
            _refuse(f"plays must have 0 <= successes <= trials <= {self.max_trials}, got {successes} of {trials}")
        with self._transaction(write=True) as connection:
            code, page_id = self._joined(connection, code, page_id)
            streams = connection.execute(_STREAMS, {"code": code, "page_id": page_id}).scalars().all()
            if stream not in streams and len(streams) >= MAX_STREAMS:
                _refuse(f"a page can write at most {MAX_STREAMS} play streams")
            if connection.execute(self._upsert["plays"], {"code": code, "page_id": page_id, "stream": stream,
                                                          "successes": int(successes), "trials": int(trials)}
                                  ).first() is not None:      # (not a late or repeated write: they change nothing)
                self._changed(connection, code)

    # --- what the class sees -----------------------------------------------------------------------
    def class_version(self, code) -> int:
        """The class's version: a number that grows with every write to the class (a join, a lock, an answer, new
        plays, a setting).  One small read: a page polls it and reads the whole class only when it has changed."""
        code = normal_code(code)
        with self._transaction(write=False) as connection:
            version = connection.execute(_VERSION, {"code": code}).scalar()
        if version is None:
            _refuse(f"there is no open class {code}", ClassNotOpen)
        return version

    def class_view(self, code, teacher: bool = False) -> ClassView:
        """A snapshot of the class: pages joined, guesses, quick-check answers, pooled plays.

        Nicknames only with ``teacher=True``; the settings are never in it.
        """
        with self._transaction(write=False) as connection:
            code = self._open_class(connection, code)
            started = connection.execute(sa.select(classes).where(classes.c.code == code)).one()
            joined = connection.execute(sa.select(pages.c.nickname).where(pages.c.code == code)).scalars().all()
            asked = connection.execute(sa.select(questions).where(questions.c.code == code)).all()
            given = connection.execute(sa.select(answers).where(answers.c.code == code)).all()
            totals = connection.execute(sa.select(plays).where(plays.c.code == code)).all()
        return ClassView(code, started.lesson, _when(started.started_at), len(joined),
                         _predictions(asked, given), _checks(asked, given), _plays(totals),
                         tuple(sorted(name for name in joined if name)) if teacher else (), started.version)

    def size(self) -> int:
        """The store's size in bytes (the SQLite file with its write-ahead log, or the PostgreSQL tables)."""
        if self.path is not None:
            return sum(os.path.getsize(self.path + tail) for tail in ("", "-wal", "-shm")
                       if os.path.exists(self.path + tail))
        with self._transaction(write=False) as connection:
            return sum(connection.execute(sa.text("SELECT pg_total_relation_size(:name)"), {"name": table.name})
                       .scalar() for table in metadata.sorted_tables)


def _when(seconds: float) -> datetime:
    return datetime.fromtimestamp(seconds, timezone.utc)


def _predictions(asked, given) -> dict:
    summaries = {}
    for question in asked:
        if question.kind != "prediction":
            continue
        mine = [row for row in given if row.kind == "prediction" and row.question_id == question.question_id]
        if question.choices is not None:
            choices = json.loads(question.choices)
            tally = Counter(row.choice for row in mine)
            summaries[question.question_id] = PredictionSummary(
                question.question_id, len(mine), tuple(sorted((row.choice for row in mine), key=choices.index)),
                {choice: tally[choice] for choice in choices})
        else:
            values = tuple(sorted(row.number for row in mine))
            summaries[question.question_id] = PredictionSummary(
                question.question_id, len(mine), values, median=statistics.median(values) if values else None)
    return summaries


def _checks(asked, given) -> dict:
    summaries = {}
    for question in asked:
        if question.kind == "check":
            tally = Counter(row.choice for row in given if row.kind == "check" and row.question_id == question.question_id)
            summaries[question.question_id] = CheckSummary(
                question.question_id, sum(tally.values()), {choice: tally[choice] for choice in json.loads(question.choices)})
    return summaries


def _plays(totals) -> dict:
    by_stream = {}
    for row in totals:
        by_stream.setdefault(row.stream, []).append((row.successes, row.trials))
    summaries = {}
    for stream, per_page in sorted(by_stream.items()):
        successes, trials = sum(s for s, _ in per_page), sum(t for _, t in per_page)
        share, low, high = None, None, None
        if trials:
            share = successes / trials
            low, high = (float(x) for x in wilson_interval(successes, trials))
        summaries[stream] = PlaySummary(stream, len(per_page), successes, trials, share, low, high,
                                        tuple(sorted(per_page, key=lambda pair: (-pair[1], -pair[0]))))
    return summaries


# --- SQLite: write-ahead log, a busy timeout, and writers that queue instead of failing --------------
def _sqlite_connected(dbapi_connection, _record) -> None:
    dbapi_connection.isolation_level = None        # we say BEGIN ourselves (below), as SQLAlchemy's docs advise
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")      # readers never wait for a writer
    cursor.execute("PRAGMA synchronous=NORMAL")    # safe with WAL; a power cut loses at most the last writes
    cursor.close()


def _postgresql_connected(dbapi_connection, _record) -> None:
    # As SQLite's synchronous=NORMAL: a commit does not wait for the disk, so a server crash
    # may lose the last moment of writes (never corrupts); 300 pages' commits do not queue on fsync.
    autocommit, dbapi_connection.autocommit = dbapi_connection.autocommit, True
    dbapi_connection.execute("SET synchronous_commit TO off")
    dbapi_connection.autocommit = autocommit


def _sqlite_begin(connection) -> None:
    # A write takes the write lock at BEGIN, so a second writer waits out the busy
    # timeout instead of failing at once when its read turns into a write.
    write = connection.get_execution_options().get("boardkit_write", False)
    connection.exec_driver_sql("BEGIN IMMEDIATE" if write else "BEGIN")

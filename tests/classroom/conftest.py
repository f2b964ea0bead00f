"""Fixtures of the class store's tests: a store on SQLite (a temporary file) and on a REAL PostgreSQL.

``postgres`` starts a throwaway PostgreSQL 15 cluster for the test session
(Debian's binaries in /usr/lib/postgresql/15/bin, or ``BOARDKIT_TEST_PG_BIN``):
initdb into a temporary folder as the ``postgres`` user (PostgreSQL refuses to
run as root), listening on 127.0.0.1 on a free port, stopped and deleted at the
end.  ``BOARDKIT_TEST_PG_URL`` (an admin address, e.g. postgresql+psycopg://
postgres@127.0.0.1:5432/postgres) uses a server you already run instead.  Where
no server can be started the PostgreSQL tests skip with the reason, except under
``CI=true``, where that is a failure.
"""
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import uuid

import psycopg
import pytest
import sqlalchemy as sa

PG_BIN = os.environ.get("BOARDKIT_TEST_PG_BIN", "/usr/lib/postgresql/15/bin")


def no_server(reason: str):
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"CI needs a PostgreSQL server for the class store's tests: {reason}", pytrace=False)
    pytest.skip(f"no PostgreSQL server for the class store's tests: {reason}")


class Cluster:
    """A throwaway PostgreSQL cluster on 127.0.0.1 (stop() and start() it to test a server going away)."""

    can_restart = True

    def __init__(self):
        self.folder = tempfile.mkdtemp(prefix="boardkit-pg-")
        self.data = os.path.join(self.folder, "data")
        self.port = _free_port()
        self.user = None
        if os.geteuid() == 0:                  # PostgreSQL will not run as root
            try:
                account = pwd.getpwnam("postgres")
            except KeyError:
                shutil.rmtree(self.folder)
                no_server("running as root and there is no 'postgres' user to run the server as")
            os.chown(self.folder, account.pw_uid, account.pw_gid)
            self.user = "postgres"
        self._run("initdb", "-D", self.data, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--no-sync")
        self.start()
        self.admin_url = f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/postgres"

    def _run(self, program, *arguments):
        command = [os.path.join(PG_BIN, program), *arguments]
        if self.user:
            command = ["runuser", "-u", self.user, "--", *command]
        subprocess.run(command, check=True, capture_output=True, timeout=60)

    def start(self):
        options = (f"-p {self.port} -k {self.folder} -h 127.0.0.1 -c fsync=off -c synchronous_commit=off "
                   "-c max_connections=400 -c shared_buffers=32MB")
        self._run("pg_ctl", "-D", self.data, "-o", options, "-l", os.path.join(self.folder, "log"), "-w",
                  "-t", "30", "start")

    def stop(self):
        self._run("pg_ctl", "-D", self.data, "-m", "fast", "-w", "stop")

    def remove(self):
        try:
            self._run("pg_ctl", "-D", self.data, "-m", "immediate", "-w", "stop")
        except subprocess.CalledProcessError:
            pass                               # already stopped
        shutil.rmtree(self.folder, ignore_errors=True)


class ExternalServer:
    """A server given by BOARDKIT_TEST_PG_URL: used, never stopped."""

    can_restart = False

    def __init__(self, url):
        self.admin_url = url


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture(scope="session")
def postgres():
    """A PostgreSQL server for this test session (see the module's docstring)."""
    if os.environ.get("BOARDKIT_TEST_PG_URL"):
        yield ExternalServer(os.environ["BOARDKIT_TEST_PG_URL"])
        return
    if not os.path.exists(os.path.join(PG_BIN, "initdb")):
        no_server(f"no initdb in {PG_BIN} (apt-get install postgresql-15)")
    try:
        cluster = Cluster()
    except (OSError, subprocess.SubprocessError) as error:
        no_server(f"the throwaway cluster did not start ({error})")
    try:
        yield cluster
    finally:
        cluster.remove()


def _psycopg_address(url: str) -> str:
    return sa.engine.make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


@pytest.fixture
def new_database(postgres):
    """A function that makes a fresh, empty store on the PostgreSQL server and returns its address.

    Each is a schema of its own (CREATE DATABASE takes over a second; a schema a millisecond),
    chosen through the address's search_path and dropped after the test.
    """
    made = []

    def make():
        name = "boardkit_test_" + uuid.uuid4().hex[:12]
        with psycopg.connect(_psycopg_address(postgres.admin_url), autocommit=True) as admin:
            admin.execute(f"CREATE SCHEMA {name}")
        made.append(name)
        return sa.engine.make_url(postgres.admin_url).update_query_dict(
            {"options": f"-csearch_path={name}"}).render_as_string(hide_password=False)

    yield make
    if getattr(postgres, "can_restart", False):
        try:
            postgres.start()                   # a test that stopped the server leaves it running again
        except subprocess.CalledProcessError:
            pass                               # it was running
    with psycopg.connect(_psycopg_address(postgres.admin_url), autocommit=True) as admin:
        for name in made:
            admin.execute(f"DROP SCHEMA IF EXISTS {name} CASCADE")


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request, tmp_path):
    """The address of a new, empty class store: an SQLite file, then a PostgreSQL database."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'class-store.db'}"
    return request.getfixturevalue("new_database")()

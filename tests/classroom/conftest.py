"""Fixtures of the class store's tests: a store on SQLite (a temporary file) and on a REAL PostgreSQL.

``postgres`` starts a throwaway PostgreSQL 15 cluster for the test session
(``pg_cluster.Cluster``: Debian's programs, initdb into a temporary folder as the
``postgres`` user, 127.0.0.1 on a free port, stopped and deleted at the end).
``BOARDKIT_TEST_PG_URL`` (an admin address, e.g. postgresql+psycopg://postgres@
127.0.0.1:5432/postgres) uses a server you already run instead.  Where
no server can be started the PostgreSQL tests skip with the reason, except under
``CI=true``, where that is a failure.
"""
import os
import subprocess
import uuid

import psycopg
import pytest
import sqlalchemy as sa
from pg_cluster import Cluster, NoServer


def no_server(reason: str):
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"CI needs a PostgreSQL server for the class store's tests: {reason}", pytrace=False)
    pytest.skip(f"no PostgreSQL server for the class store's tests: {reason}")


class ExternalServer:
    """A server given by BOARDKIT_TEST_PG_URL: used, never stopped."""

    can_restart = False

    def __init__(self, url):
        self.admin_url = url


@pytest.fixture(scope="session")
def postgres():
    """A PostgreSQL server for this test session (see the module's docstring)."""
    if os.environ.get("BOARDKIT_TEST_PG_URL"):
        yield ExternalServer(os.environ["BOARDKIT_TEST_PG_URL"])
        return
    try:
        cluster = Cluster()
    except NoServer as error:
        no_server(str(error))
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

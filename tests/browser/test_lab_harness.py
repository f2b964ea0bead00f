"""Proves the JupyterLab harness's wait for one kernel against a fake jupyter_server on 127.0.0.1.

While a kernel starts or shuts down, jupyter_server can fail a listing (CI once got a 500
from it between two lessons); the wait must take that as "not settled yet", not fail the test.
"""

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from lab_harness import JupyterLabServer

KERNEL = {"id": "k1", "name": "python3", "execution_state": "idle"}
SETTLED = {"api/kernels": [KERNEL], "api/sessions": [{"id": "s1", "kernel": KERNEL}]}


class FakeServer:
    """Answers GET api/kernels and api/sessions: first ``failures`` times with ``status``, then settled."""

    def __init__(self, failures, status=500):
        self.failures, self.status, self.requests = failures, status, []
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self):
                path = self.path.lstrip("/")
                fake.requests.append((path, self.headers.get("Authorization")))
                if fake.failures > 0:
                    fake.failures -= 1
                    self.send_error(fake.status)
                    return
                body = json.dumps(SETTLED[path]).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        self.http = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.http.serve_forever, daemon=True).start()

    def harness(self, tmp_path):
        """A JupyterLabServer pointed at this fake (no jupyter lab process is started)."""
        lab = object.__new__(JupyterLabServer)
        lab.token = "secret"
        lab.base = f"http://127.0.0.1:{self.http.server_address[1]}/"
        lab.log_path = tmp_path / "jupyterlab.log"
        lab.log_path.write_text("the server's log")
        lab._log = open(lab.log_path, "ab")
        return lab

    def close(self):
        self.http.shutdown()
        self.http.server_close()


@pytest.fixture
def fake_server():
    servers = []

    def make(failures, status=500):
        servers.append(FakeServer(failures, status))
        return servers[-1]

    yield make
    for server in servers:
        server.close()


@pytest.mark.parametrize("status", [404, 500])
def test_a_failed_listing_is_waited_through(fake_server, tmp_path, status):
    server = fake_server(failures=3, status=status)
    lab = server.harness(tmp_path)
    lab.wait_for_one_kernel(timeout=20)
    assert [path for path, _ in server.requests[:3]] == ["api/kernels"] * 3   # each failure asked again
    assert len(server.requests) >= 3 + 6                                       # then 3 steady looks of 2 listings
    assert {token for _, token in server.requests} == {"token secret"}


def test_a_server_that_never_settles_fails_with_its_last_answer_and_log(fake_server, tmp_path):
    server = fake_server(failures=10**6)
    lab = server.harness(tmp_path)
    with pytest.raises(AssertionError, match=r"(?s)did not settle.*HTTP Error 500.*the server's log"):
        lab.wait_for_one_kernel(timeout=1.5)

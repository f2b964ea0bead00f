"""A throwaway PostgreSQL cluster on 127.0.0.1, for the class store's tests and benchmark.

Debian's PostgreSQL 15 programs (/usr/lib/postgresql/15/bin, or BOARDKIT_TEST_PG_BIN): initdb into a
temporary folder, as the ``postgres`` user when we are root (PostgreSQL refuses to run as root), a free
port, no Unix socket outside the folder; ``remove()`` stops it and deletes the folder.
"""
import os
import pwd
import shlex
import shutil
import socket
import subprocess
import tempfile

PG_BIN = os.environ.get("BOARDKIT_TEST_PG_BIN", "/usr/lib/postgresql/15/bin")


class NoServer(Exception):
    """No cluster can be started here (the reason is the message)."""


class Cluster:
    """A throwaway cluster; ``durable=False`` (tests) turns fsync off, ``True`` keeps the server's defaults."""

    can_restart = True

    def __init__(self, durable: bool = False):
        if not os.path.exists(os.path.join(PG_BIN, "initdb")):
            raise NoServer(f"no initdb in {PG_BIN} (apt-get install postgresql-15)")
        self.durable = durable
        self.folder = tempfile.mkdtemp(prefix="boardkit-pg-")
        self.data = os.path.join(self.folder, "data")
        self.port = _free_port()
        self.user = None
        try:
            if os.geteuid() == 0:
                try:
                    account = pwd.getpwnam("postgres")
                except KeyError:
                    raise NoServer("running as root and there is no 'postgres' user to run the server as") from None
                os.chown(self.folder, account.pw_uid, account.pw_gid)
                self.user = "postgres"
            self._run("initdb", "-D", self.data, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--no-sync")
            self.start()
        except (OSError, subprocess.SubprocessError) as error:
            self.remove()
            raise NoServer(f"the throwaway cluster did not start ({error})") from None
        except NoServer:
            self.remove()
            raise
        self.admin_url = f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/postgres"
        self._watch_owner()

    def _command(self, program, *arguments) -> list:
        command = [os.path.join(PG_BIN, program), *arguments]
        return ["runuser", "-u", self.user, "--", *command] if self.user else command

    def _watch_owner(self):
        """A watchdog that stops and deletes the cluster if this process dies without remove() (a killed test run)."""
        stop = " ".join(shlex.quote(part) for part in self._command("pg_ctl", "-D", self.data, "-m", "immediate",
                                                                     "-w", "stop"))
        script = (f"while kill -0 {os.getpid()} 2>/dev/null && [ -d {shlex.quote(self.data)} ]; do sleep 1; done; "
                  f"if [ -d {shlex.quote(self.data)} ]; then {stop}; rm -rf {shlex.quote(self.folder)}; fi")
        self._watchdog = subprocess.Popen(["sh", "-c", script], start_new_session=True, stdin=subprocess.DEVNULL,
                                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def _run(self, program, *arguments):
        subprocess.run(self._command(program, *arguments), check=True, capture_output=True, timeout=60)

    def start(self):
        options = f"-p {self.port} -k {self.folder} -h 127.0.0.1 -c max_connections=400 -c shared_buffers=32MB"
        if not self.durable:
            options += " -c fsync=off -c synchronous_commit=off"
        self._run("pg_ctl", "-D", self.data, "-o", options, "-l", os.path.join(self.folder, "log"), "-w",
                  "-t", "30", "start")

    def stop(self):
        self._run("pg_ctl", "-D", self.data, "-m", "fast", "-w", "stop")

    def server_cpu(self) -> float:
        """CPU seconds the server and its finished connections have used so far."""
        with open(os.path.join(self.data, "postmaster.pid")) as pid_file:
            pid = int(pid_file.readline())
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return sum(int(x) for x in fields[11:15]) / os.sysconf("SC_CLK_TCK")   # utime stime cutime cstime

    def remove(self):
        if os.path.exists(os.path.join(self.data, "postmaster.pid")):
            try:
                self._run("pg_ctl", "-D", self.data, "-m", "immediate", "-w", "stop")
            except subprocess.CalledProcessError:
                pass                           # already stopped
        shutil.rmtree(self.folder, ignore_errors=True)
        if getattr(self, "_watchdog", None):
            self._watchdog.wait(10)            # it sees the folder gone and ends


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]

"""benchmarks/classroom.py's protocol client speaks what Voilà's page speaks (no server needed);
it knows when Voilà's pool is ready, and however a run ends it stops what it started (a real
Voilà with a tiny notebook).

The frames are checked against jupyter-server's own v1 websocket (de)serializer, the board
finder and command counter against widget states and ipycanvas messages shaped as the kernel
sends them.
"""
import importlib.util
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from ipycanvas.canvas import COMMANDS
from ipycanvas.utils import commands_to_buffer
from jupyter_server.services.kernels.connection.base import (deserialize_msg_from_ws_v1,
                                                              serialize_msg_to_ws_v1)

ROOT = Path(__file__).resolve().parents[1]
spec = importlib.util.spec_from_file_location("classroom_benchmark", ROOT / "benchmarks" / "classroom.py")
classroom = sys.modules["classroom_benchmark"] = importlib.util.module_from_spec(spec)
spec.loader.exec_module(classroom)

SWITCH = COMMANDS["switchCanvas"]


def test_a_frame_is_what_jupyter_server_reads_and_writes():
    parts = [b'{"msg_type": "comm_msg"}', b"{}", b"{}", b'{"comm_id": "c"}', b"\x00\x01binary"]
    frame = classroom.ws_frame("shell", parts)
    assert deserialize_msg_from_ws_v1(frame) == ("shell", parts)
    assert classroom.read_ws_frame(serialize_msg_to_ws_v1(parts, "iopub")) == ("iopub", parts)
    assert classroom.read_ws_frame(frame) == ("shell", parts)


def state(name, **more):
    return {"model_name": name, "state": {"_model_name": name, **more}}


def test_the_board_is_the_first_layer_of_the_first_multicanvas_the_page_shows():
    states = {
        "app": state("VBoxModel", children=["IPY_MODEL_css", "IPY_MODEL_board", "IPY_MODEL_status"]),
        "css": state("HTMLModel", value="<style>"),
        "board": state("MultiCanvasModel", _canvases=["IPY_MODEL_l0", "IPY_MODEL_l1", "IPY_MODEL_l2"]),
        "l0": state("CanvasModel"), "l1": state("CanvasModel"), "l2": state("CanvasModel"),
        "status": state("HTMLModel", value="Turn 1"),
        "pad": state("MultiCanvasModel", _canvases=["IPY_MODEL_p0"]), "p0": state("CanvasModel"),
    }
    assert classroom.find_board(states, ["app"]) == "l0"
    assert classroom.find_board(states, ["pad", "app"]) == "p0"        # page order decides
    assert classroom.find_board(states, ["status"]) is None            # a page without the game app
    assert classroom.find_board(states, ["missing"]) is None


def test_drawing_commands_count_on_the_canvas_last_switched_to():
    def buffer(commands):
        return bytes(commands_to_buffer(commands)[1])
    batch = [[SWITCH, ["IPY_MODEL_l0"]], [0, [1, 2, 3, 4]], [1, [5, 6, 7, 8]],
             [SWITCH, ["IPY_MODEL_l1"]], [2, [0, 0, 1, 1]]]
    assert classroom.board_commands(buffer(batch), "l0", None, SWITCH) == (2, "l1")
    # one command alone, drawn on the canvas a previous message switched to
    assert classroom.board_commands(buffer([3, [1, 1]]), "l0", "l0", SWITCH) == (1, "l0")
    assert classroom.board_commands(buffer([3, [1, 1]]), "l0", "l1", SWITCH) == (0, "l1")


def test_class_mode_guesses_are_what_the_inputs_allow():
    import random

    rng = random.Random(1)
    radio = state("RadioButtonsModel", _options_labels=["A", "B", "C"])["state"]
    percent = state("IntSliderModel", min=0, max=100, step=5)["state"]
    turns = state("FloatSliderModel", min=0.0, max=5.0, step=0.5)["state"]
    for _ in range(50):
        assert 0 <= classroom.a_guess(radio, rng)["index"] < 3
        value = classroom.a_guess(percent, rng)["value"]
        assert isinstance(value, int) and value % 5 == 0 and 0 <= value <= 100
        value = classroom.a_guess(turns, rng)["value"]
        assert (value * 2).is_integer() and 0 <= value <= 5


def test_class_mode_latency_is_from_the_kth_lock_to_the_teachers_page_showing_k():
    locks = [10.0, 10.5, 11.0]
    seen = [(9.0, 0, 0), (11.2, 2, 0), (12.0, 3, 0)]       # the teacher's page showed 2 at 11.2 s, 3 at 12.0 s
    assert classroom.latencies(locks, seen, 1) == pytest.approx([1.2, 0.7, 1.0])
    assert classroom.latencies(locks, [(9.0, 0, 0), (11.2, 2, 0)], 1) == pytest.approx([1.2, 0.7])   # one never shown
    presses = [10.0, 10.1]                                  # two presses of ten plays each
    seen = [(9.0, 0, 0), (10.4, 0, 10), (10.9, 1, 20)]
    assert classroom.latencies(presses, seen, 2, each=10) == pytest.approx([0.4, 0.8])


def test_browsers_are_spread_through_the_arrival_window():
    assert classroom.browser_places(30, 3) == {5, 15, 25}
    assert classroom.browser_places(5, 1) == {2}
    assert classroom.browser_places(4, 9) == {0, 1, 2, 3}
    assert classroom.browser_places(10, 0) == set()
    assert [classroom.default_browsers(n) for n in (5, 9, 10, 15, 30)] == [1, 1, 2, 2, 2]
    assert classroom.browser_places(30, classroom.default_browsers(30)) == {7, 22}


def test_percentile_is_the_nearest_rank():
    values = [float(v) for v in range(1, 31)]
    assert classroom.percentile(values, 90) == 27.0
    assert classroom.percentile([4.0], 90) == 4.0


def test_fill_delay_is_the_last_option_else_voila_json():
    configured = json.loads((ROOT / "voila.json").read_text())["VoilaKernelManager"]["fill_delay"]
    assert classroom.fill_delay([]) == configured
    assert classroom.fill_delay(["--VoilaKernelManager.fill_delay=5",
                                 "--VoilaKernelManager.fill_delay=600"]) == 600


@pytest.mark.parametrize("argv", [["--students", "0"], ["--browsers", "-1"], ["--timeout", "0"]])
def test_bad_options_are_refused_before_anything_starts(argv, capsys):
    with pytest.raises(SystemExit):
        classroom.main(argv)
    assert "error" in capsys.readouterr().err


# --- with a real Voilà: when the pool is ready, and how a run ends --------------------------
# A tiny notebook keeps these cheap: a kernel that runs it uses less CPU than the old
# readiness threshold (1 CPU second), which is what made the benchmark wait for ever.

def small_notebook(folder, *sources):
    import nbformat

    cells = [nbformat.v4.new_markdown_cell("# A lesson")]
    cells += [nbformat.v4.new_code_cell(source) for source in sources]
    path = folder / "lesson.ipynb"
    nbformat.write(nbformat.v4.new_notebook(cells=cells, metadata={"kernelspec": {
        "name": "python3", "display_name": "Python 3", "language": "python"}}), path)
    return path


def test_the_pool_is_ready_once_every_kernel_has_run_the_notebooks_last_cell(tmp_path):
    notebook = small_notebook(tmp_path, "import time", "", "time.sleep(4)")
    assert classroom.code_cells(str(notebook)) == 2                    # Voilà skips the empty cell
    server = classroom.VoilaServer(notebook, tmp_path / "voila.log", extra_args=["--pool_size=1"])
    try:
        with pytest.raises(RuntimeError, match=r"not ready in 2 s: 0 of 1 had run the notebook's 2 cells"):
            classroom.wait_for_kernels(server, 1, 2, timeout=2)         # starting, or in its sleep
        classroom.wait_for_kernels(server, 1, 2, timeout=120)
        kernels = classroom.kernel_pids(server)
        assert len(kernels) == 1
        assert [classroom.cells_run(pid, 10) for pid in kernels] == [2]   # the probe ran no cell
    finally:
        server.stop()


def test_a_run_that_fails_stops_what_it_started_and_says_so(tmp_path):
    # In a process of its own, as it is used: in the test's own process the run would count (and stop)
    # the Voilà servers and browsers that other tests of this worker started.
    notebook = small_notebook(tmp_path, "import time; time.sleep(600)")
    run = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "classroom.py"), "--students", "1", "--pool", "1",
                          "--notebook", str(notebook), "--fill-timeout", "3"],
                         capture_output=True, text=True, timeout=240, start_new_session=True)
    assert run.returncode == 1, run.stderr[-2000:]
    assert "The run failed (RuntimeError: the kernels were not ready in 3 s: 0 of 1 had run the notebook's 1 cells" \
        in run.stderr
    assert "It stopped everything it had started: Voilà" in run.stderr
    assert "nothing of it is left running" in run.stderr
    assert not [pid for pid in classroom._descendants(os.getpid())
                if str(notebook).encode() in classroom._cmdline(pid)]


def test_an_interrupted_run_stops_what_it_started_and_says_so(tmp_path):
    notebook = small_notebook(tmp_path, "import time; time.sleep(600)")
    run = subprocess.Popen([sys.executable, str(ROOT / "benchmarks" / "classroom.py"), "--students", "1",
                            "--pool", "1", "--notebook", str(notebook)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           text=True, start_new_session=True)
    try:
        deadline = time.monotonic() + 120
        while len(kernels := [p for p in classroom._descendants(run.pid)
                              if b"ipykernel" in classroom._cmdline(p)]) < 1:
            assert run.poll() is None and time.monotonic() < deadline, run.stderr.read() if run.poll() else ""
            time.sleep(0.5)
        started = {pid: classroom._start_time(pid) for pid in classroom._descendants(run.pid)}
        run.send_signal(signal.SIGTERM)                  # what `timeout` or a closed terminal sends
        out, err = run.communicate(timeout=60)
    finally:
        if run.poll() is None:
            os.killpg(run.pid, signal.SIGKILL)
    assert run.returncode == 130
    assert "The run was interrupted (SIGTERM). It stopped everything it had started: Voilà" in err
    assert "1 kernel" in err                  # and boardkit.warm_start's process, if it was still checking
    assert "nothing of it is left running" in err
    assert [pid for pid, when in started.items() if classroom._start_time(pid) == when] == []


def test_the_class_server_refills_its_pool_after_voila_json_s_delay():
    """The benchmark's server is the tests' VoilaServer, which never refills its pool unless told a delay: the
    teacher's kernel was never replaced and ``--students 5`` failed after 660 s ("Voilà replaced no kernel")."""
    from harness import NO_REFILL

    delay = json.loads((ROOT / "voila.json").read_text())["VoilaKernelManager"]["fill_delay"]
    args = classroom.voila_args(6, [])
    assert f"--VoilaKernelManager.fill_delay={delay:g}" in args and NO_REFILL not in args
    assert classroom.voila_args(0, ["--VoilaKernelManager.fill_delay=5"])[1:] == [
        "--VoilaKernelManager.fill_delay=5", "--preheat_kernel=False", "--VoilaKernelManager.fill_delay=5"]

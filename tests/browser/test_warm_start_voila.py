"""A server compiles the fast lanes when it starts, so a student's first study does not wait for numba.

Voilà, started as the README starts it (from the repository's root, so it reads ``voila.json``),
gets a numba cache of its own (``NUMBA_CACHE_DIR``) that holds every lane but Mystery Date's,
copied from the cache beside the code: a fresh install, as far as lesson 01 is concerned, for the
price of one lane's compiling.  The server's background process (``boardkit.warm_start``) must
find that lane missing and compile it.  Then lesson 01's first study that plays the fast lane
("Play 10,000 games") must play it without compiling: its progress bar never says "compiling the
fast lane", and numba's cache files are untouched.

(JupyterLab loads the same code as a Jupyter server extension: tests/browser/test_jupyterlab.py.)

    python -m pytest -q -p no:randomly tests/browser/test_warm_start.py
"""

import re
import shutil
import time
from pathlib import Path

import pytest
from harness import VoilaServer, click_button, console_errors

pytestmark = pytest.mark.browser
numba_caching = pytest.importorskip("numba.core.caching")

LESSON = "notebooks/01_mystery_date.ipynb"
COMPILE_TIMEOUT = 900          # seconds for one lane on a busy 2-core machine (about 15 s on a quiet one)
STUDY_TIMEOUT_MS = 120_000


def copy_cache_without(lane: str, cache_dir: Path) -> None:
    """Copy numba's cache of every lane but ``lane`` (and of core.fast, which they share) from beside
    the code into ``cache_dir``, where numba looks for it when NUMBA_CACHE_DIR is set."""
    import boardkit.core.fast as fast
    import importlib

    modules = [fast] + [importlib.import_module(f"boardkit.games.{name}.fast") for name in fast.lanes() if name != lane]
    for module in modules:
        target = cache_dir / numba_caching.UserProvidedCacheLocator.get_suitable_cache_subpath(module.__file__)
        target.mkdir(parents=True, exist_ok=True)
        for path in (Path(module.__file__).parent / "__pycache__").glob("fast.*.nb[ic]"):
            shutil.copy2(path, target / path.name)


def cache_files(cache_dir: Path) -> dict:
    return {path: path.stat().st_mtime_ns for path in sorted(cache_dir.rglob("*.nb[ic]"))}


def test_voila_compiles_the_cold_lane_at_start_and_the_first_study_does_not_wait(
        tmp_path, monkeypatch, browser_page, record_property):
    cache_dir = tmp_path / "numba-cache"
    copy_cache_without("mystery_date", cache_dir)
    assert not any("mystery_date" in str(path) for path in cache_files(cache_dir))
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(cache_dir))        # Voilà, its background process, its kernels
    server = VoilaServer(LESSON, tmp_path / "voila.log", timeout=120)
    try:
        started = time.monotonic()
        while "[boardkit] the fast lanes are compiled" not in (log := server.log_text(last=10**7)):
            waited = time.monotonic() - started
            assert "[boardkit] checking the fast lanes" in log or waited < 120, f"no warm-up started:\n{log}"
            assert waited < COMPILE_TIMEOUT, log
            time.sleep(1)
        log = server.log_text(last=10**7)
        warming = time.monotonic() - started
        record_property("seconds_to_warm", round(warming, 1))
        assert "[boardkit] compiling the fast lanes of mystery_date in the background (once)" in log
        assert "[boardkit] the fast lanes are compiled except" not in log
        warm = cache_files(cache_dir)
        assert any("mystery_date" in str(path) for path in warm)

        page = browser_page
        page.goto(server.url, timeout=STUDY_TIMEOUT_MS)
        further = page.locator(".boardkit-going-further")
        further.get_by_text("Going further:").first.click(timeout=STUDY_TIMEOUT_MS)
        click_button(page, "Play 10,000 games")
        played = page.get_by_text(re.compile(r"10,000 games in \d+ seconds?")).last
        said = set()
        while not played.is_visible():
            said.update(re.findall(r"compiling the fast lane[^\n]*", page.locator("body").inner_text()))
            time.sleep(0.2)
            assert time.monotonic() - started < COMPILE_TIMEOUT + STUDY_TIMEOUT_MS / 1000
        assert said == set()
        assert cache_files(cache_dir) == warm, "the study compiled instead of loading the server's compiled lane"
        assert console_errors(page) == []
        print(f"\nthe server compiled Mystery Date's lane in {warming:.0f} s; then the first study: "
              f"{played.inner_text().strip()}, nothing compiled")
    finally:
        server.stop()


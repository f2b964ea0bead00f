"""boardkit.lessons: the helpers the lesson notebooks share."""
import re

import ipywidgets as widgets
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import pandas as pd  # noqa: E402

from boardkit.lessons import (CHART_COLOURS, CHART_HATCHES, Prediction, progress_bar, quick_check, show,  # noqa: E402
                              study_button)


def test_show_replaces_what_an_output_shows_with_text_tables_and_figures():
    view = widgets.Output()
    show(view, "old text")
    fig, ax = plt.subplots()
    ax.plot([1, 2], [3, 4])
    show(view, "a line of text", pd.DataFrame({"x": [1]}), fig)
    kinds = [out["output_type"] for out in view.outputs]
    assert kinds == ["display_data", "display_data", "display_data"]
    words = view.outputs[0]["data"]                        # a paragraph in the page's type, not a printout
    assert words["text/plain"] == "a line of text"
    assert words["text/html"] == '<p class="boardkit-words" style="white-space: pre-line">a line of text</p>'
    assert "text/html" in view.outputs[1]["data"]          # the table as Jupyter shows it
    assert not plt.fignum_exists(fig.number)               # the figure is closed once shown
    show(view, "1 < 2 & <b>")                              # words, never markup
    assert view.outputs[0]["data"]["text/html"].endswith(">1 &lt; 2 &amp; &lt;b&gt;</p>")


def test_chart_styles_give_every_series_a_colour_and_a_pattern():
    assert len(CHART_COLOURS) == len(CHART_HATCHES) == len(set(CHART_COLOURS))
    assert len(set(CHART_HATCHES)) == len(CHART_HATCHES)


def test_a_study_button_runs_its_study_with_the_button_greyed_out_and_shows_its_view():
    seen = []

    def study(view):
        seen.append((view, button.disabled))
        show(view, "done")

    button, view = study_button("Play 100 games", study)
    assert button.description == "Play 100 games" and not button.disabled
    button.click()
    assert seen == [(view, True)]                      # greyed out while it ran
    assert not button.disabled                         # and usable again afterwards
    assert view.outputs[0]["data"]["text/plain"] == "done"


def test_while_a_study_runs_the_pages_other_study_and_answer_buttons_are_greyed_saying_why():
    # the kernel runs one button at a time: a press elsewhere would wait behind the study with no sign
    import time

    from boardkit.lessons.output import GREY_AFTER

    seen = {}
    guess = Prediction("Which?", choices=["A", "B"], reveal=lambda p: "A")
    check = quick_check("Sure?", ["yes", "no"], 0, "it is")

    def looks():
        return {b.description: (b.disabled, b.icon) for b in (other, guess.lock_button, check.children[2])}

    def study(view):
        seen["at once"] = looks()
        time.sleep(GREY_AFTER + 0.3)
        seen["later"] = looks()
        seen["reveal"] = guess.reveal_button.disabled
        other.tooltip = "changed by the study"          # a change made meanwhile stays

    button, _ = study_button("Play 100 games", study)
    other, _ = study_button("Compare", lambda view: None)
    button.click()
    # a quick study would only make them flicker; a longer one greys all three, saying why
    assert seen["at once"] == {"Compare": (False, "play"), "Lock my prediction": (False, "lock"),
                               "Check": (False, "check")}
    assert seen["later"] == {"Wait: still working": (True, "hourglass-half")}
    assert seen["reveal"] is True                        # (it was greyed already: the guess is not locked)
    assert [(b.description, b.disabled) for b in (other, guess.lock_button, check.children[2])] == [
        ("Compare", False), ("Lock my prediction", False), ("Check", False)]     # each back as it was
    assert guess.reveal_button.disabled and guess.reveal_button.description == "Show the answer"
    assert other.tooltip == "changed by the study" and other.icon == "play"


def test_a_slider_change_that_plays_games_greys_the_pages_study_buttons_too():
    import time

    from boardkit.games import mystery_date as md
    from boardkit.lessons import RuleControls
    from boardkit.lessons.output import GREY_AFTER

    seen = []
    button, _ = study_button("Play 100 games", lambda view: None)
    controls = RuleControls(md.Rules(), {"hand_limit": (3, 10)})
    controls.on_change(lambda rules: (time.sleep(GREY_AFTER + 0.3), seen.append((button.description, button.disabled))))
    controls.controls["hand_limit"].value = 7
    assert seen == [("Wait: still working", True)]
    assert (button.description, button.disabled) == ("Play 100 games", False)


def test_a_study_that_raises_value_error_explains_it_in_its_view_and_frees_the_button():
    def study(view):
        raise ValueError("hand_size must be at least 1 card, got 0")

    button, view = study_button("Compare", study)
    button.click()
    assert view.outputs[0]["data"]["text/plain"] == "That makes no sense: hand_size must be at least 1 card, got 0"
    assert not button.disabled


def test_a_progress_bar_is_shown_in_the_view_and_counts_games():
    view = widgets.Output()
    bar = progress_bar(view, 4000, "5 games, 1,000 each")
    bar.update(1000)
    bar.refresh()
    assert bar.n == 1000 and bar.total == 4000
    assert view.outputs[0]["output_type"] == "display_data"   # the bar's widget
    label, counted = bar.container.children[0].value, bar.container.children[2].value
    # plain spaces: tqdm's figure spaces (as wide as a digit) spread the words apart
    assert label.rstrip() == "5 games, 1,000 each" and "\u2007" not in label + counted
    assert counted.startswith(" 1,000 of 4,000 games, ")        # what it counts, in words
    assert "it/s" not in counted and "?" not in counted
    bar.close()


# --- The saved notebooks (the before-commit check) ---------------------------------------------------

import os  # noqa: E402
import sys  # noqa: E402
from pathlib import Path  # noqa: E402

import jupytext  # noqa: E402
import nbformat  # noqa: E402
import pytest  # noqa: E402
from nbformat.v4 import new_code_cell, new_notebook, new_output  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tools"))
import build_notebooks  # noqa: E402
from notebook_builder import PIN, VOILA_MARKER, WIDGET_VIEW, saved_output_problems, strip_widgets, unsynced_cells  # noqa: E402

SAVED_NOTEBOOKS = sorted((REPO / "notebooks").glob("*.ipynb"))
A_WIDGET = {WIDGET_VIEW: {"version_major": 2, "version_minor": 0, "model_id": "5f0c"}, "text/plain": "VBox()"}


def _notebook_with_a_widget(pinned):
    cell = new_code_cell((PIN + "\n" if pinned else "") + "widgets.VBox()", id="x-00")
    cell.outputs = [new_output("stream", name="stdout", text="42\n"), new_output("display_data", data=A_WIDGET)]
    nb = new_notebook(cells=[cell])
    nb.metadata["widgets"] = {"application/vnd.jupyter.widget-state+json": {"state": {}}}
    return nb


def test_every_saved_notebook_is_listed_by_the_builder():
    assert [path.name for path in SAVED_NOTEBOOKS] == sorted(build_notebooks.NOTEBOOKS)


@pytest.mark.parametrize("path", SAVED_NOTEBOOKS, ids=lambda path: path.name)
def test_no_saved_notebook_holds_widget_views_widget_state_or_stray_outputs(path):
    """A fresh kernel cannot restore a saved widget: JupyterLab would say 'model not found'."""
    assert saved_output_problems(nbformat.read(str(path), as_version=4)) == []


def test_the_check_names_the_widget_view_the_widget_state_and_an_unpinned_output():
    problems = saved_output_problems(_notebook_with_a_widget(pinned=False))
    assert problems[0].startswith("notebook metadata: saved widget state")
    assert problems[1].startswith("cell 0 (id x-00): output 1 is a widget view")
    assert problems[2] == "cell 0 (id x-00): 2 saved output(s) in a cell that is not pinned"
    assert len(problems) == 3


def test_strip_widgets_keeps_only_the_text_of_a_pinned_widget_and_drops_the_state():
    nb = strip_widgets(_notebook_with_a_widget(pinned=True))
    assert "widgets" not in nb.metadata
    outputs = nb.cells[0].outputs
    assert outputs[0]["text"] == "42\n"
    assert outputs[1]["data"] == {"text/plain": "VBox()"}       # nbval still compares the same outputs
    assert saved_output_problems(nb) == []
    nbformat.validate(nb)


def test_strip_widgets_drops_an_output_that_was_only_a_widget_view():
    nb = _notebook_with_a_widget(pinned=True)
    nb.cells[0].outputs[1]["data"] = {WIDGET_VIEW: A_WIDGET[WIDGET_VIEW]}
    assert [out["output_type"] for out in strip_widgets(nb).cells[0].outputs] == ["stream"]


def test_check_exits_1_naming_the_notebook_and_the_cell(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(build_notebooks, "NOTEBOOK_DIR", tmp_path / "notebooks")
    (tmp_path / "notebooks").mkdir()
    for name in build_notebooks.NOTEBOOKS:
        nbformat.write(new_notebook(), str(tmp_path / "notebooks" / name))
        (tmp_path / "notebooks" / name.replace(".ipynb", ".py")).write_text(      # its (empty) source
            jupytext.writes(new_notebook(), fmt="py:percent"))
    widgets_saved = _notebook_with_a_widget(pinned=True)
    nbformat.write(widgets_saved, str(tmp_path / "notebooks" / "00_index.ipynb"))
    jupytext.write(widgets_saved, str(tmp_path / "notebooks" / "00_index.py"), fmt="py:percent")
    assert build_notebooks.main(["--check"]) == 1
    err = capsys.readouterr().err
    assert "notebooks/00_index.ipynb: cell 0 (id x-00): output 1 is a widget view" in err
    assert "notebooks/00_index.ipynb: notebook metadata: saved widget state" in err
    assert "01_mystery_date" not in err
    assert build_notebooks.main(["--check", "01_mystery_date.ipynb"]) == 0


def test_the_builder_never_writes_a_widget_even_in_a_pinned_cell(monkeypatch):
    """pin_outputs strips what the kernel displayed; nothing else is run here (a fake client)."""
    import nbclient

    class FakeClient:
        def __init__(self, nb, **kwargs):
            self.nb = nb

        def execute(self):
            self.nb.cells[0].execution_count = 1
            self.nb.cells[0].outputs = _notebook_with_a_widget(pinned=True).cells[0].outputs
            self.nb.metadata["widgets"] = {"application/vnd.jupyter.widget-state+json": {"state": {}}}

    monkeypatch.setattr(nbclient, "NotebookClient", FakeClient)
    nb = new_notebook(cells=[new_code_cell(PIN + "\nwidgets.VBox()", id="x-00")])
    nb = build_notebooks.pin_outputs(nb, REPO / "notebooks" / "x.ipynb")
    assert saved_output_problems(nb) == []
    assert nb.cells[0].outputs[1]["data"] == {"text/plain": "VBox()"}


# --- How to start, in each notebook's first lines --------------------------------------------------------

def _start_cell(path):
    nb = nbformat.read(str(path), as_version=4)
    return nb.cells[0]


@pytest.mark.parametrize("path", SAVED_NOTEBOOKS, ids=lambda path: path.name)
def test_each_notebook_opens_with_how_to_start_shown_before_anything_runs(path):
    cell = _start_cell(path)
    assert cell.id.endswith("-start") and PIN in cell.source.splitlines()
    assert not cell.source.startswith(PIN)                             # its first line, the one JupyterLab
    assert cell.source.startswith("# How to start")                     # shows when hidden, says what it is
    assert cell.metadata["jupyter"]["source_hidden"]                    # the student sees only the text
    (shown,) = cell.outputs                                             # saved, so JupyterLab shows it at once
    guide = shown["data"]["text/markdown"]
    assert "**Run → Run All Cells**" in guide and "fast-forward button" in guide
    assert "appear" in guide                                            # ... and what they will see


def _run_start_cell(path, monkeypatch, environ):
    """Run the cell's code as its kernel would; returns what it displayed."""
    import IPython.display

    shown = []
    monkeypatch.setattr(IPython.display, "display", lambda *objs: shown.extend(objs))
    monkeypatch.setattr(os, "environ", environ)
    exec(_start_cell(path).source, {})
    return shown


def test_the_start_cell_shows_its_guide_in_jupyterlab_and_nothing_under_voila(monkeypatch):
    path = REPO / "notebooks" / "01_mystery_date.ipynb"
    (guide,) = _run_start_cell(path, monkeypatch, {})
    assert guide.data.strip() == _start_cell(path).outputs[0]["data"]["text/markdown"].strip()
    # Voilà sets VOILA_BASE_URL (and more VOILA_* variables) in every kernel it starts.
    assert _run_start_cell(path, monkeypatch, {VOILA_MARKER: "/"}) == []


@pytest.mark.parametrize("path", SAVED_NOTEBOOKS, ids=lambda path: path.name)
def test_each_notebook_is_in_step_with_its_readable_py_source(path):
    """The jupytext pair: the .py beside the notebook is its source, cell for cell."""
    assert path.with_suffix(".py").exists()
    saved = nbformat.read(str(path), as_version=4)
    assert unsynced_cells(saved, build_notebooks.lesson(path.name)) == []
    assert saved.metadata["jupytext"]["formats"] == "ipynb,py:percent"


@pytest.mark.parametrize("path", SAVED_NOTEBOOKS, ids=lambda path: path.name)
def test_each_py_source_is_as_jupytext_writes_its_notebook(path):
    """JupyterLab's jupytext refuses to open a notebook newer than its .py when the two differ at all."""
    assert build_notebooks.source_problems(path.name) == []


#: the longest code line in a lesson's text: 72 characters fit a 1280-pixel window in Large type
LONGEST_CODE_LINE = 72


@pytest.mark.parametrize("path", SAVED_NOTEBOOKS, ids=lambda path: path.name)
def test_the_code_shown_in_a_lessons_text_fits_a_projector(path):
    """A code block in the text ("For coders") keeps its lines in Large type at 1280x900: none is longer than
    72 characters (a comment goes above its line, not beside it), so none wraps or needs scrolling."""
    saved = nbformat.read(str(path), as_version=4)
    blocks = [block for cell in saved.cells if cell.cell_type == "markdown"
              for block in re.findall(r"```[a-z]*\n(.*?)```", cell.source, flags=re.S)]
    long_lines = [line for block in blocks for line in block.splitlines() if len(line) > LONGEST_CODE_LINE]
    assert long_lines == []


#: symbols drawn only by an emoji font (many school computers have none: the page shows an empty box); a lesson
#: uses words, or the icon font its buttons use (``<i class="fa fa-hourglass-half">``)
EMOJI_ONLY = re.compile("[\u2300-\u23ff\U0001f000-\U0001faff]")


@pytest.mark.parametrize("path", SAVED_NOTEBOOKS, ids=lambda path: path.name)
def test_a_lesson_shows_no_symbol_that_needs_an_emoji_font(path):
    source = path.with_suffix(".py").read_text(encoding="utf-8")
    source = re.sub(r"\\u([0-9a-fA-F]{4})", lambda escape: chr(int(escape.group(1), 16)), source)
    assert EMOJI_ONLY.findall(source) == []


#: a printout's title that names the parts whose answers it prints: "(the answers of parts 3 and 5)"
ANSWERS_OF_PARTS = re.compile(r"\(the answers? of parts? ([0-9, and]+)")


@pytest.mark.parametrize("path", SAVED_NOTEBOOKS, ids=lambda path: path.name)
def test_a_printout_that_names_the_parts_it_answers_names_parts_that_ask_a_prediction(path):
    """"The door's exact odds, printed by code (the answer of part 2)": each part a printout's title names
    holds a prediction (Lesson 01 once named part 5, its quick checks, for Going further's rigged door)."""
    source = path.with_suffix(".py").read_text(encoding="utf-8")
    parts = dict(re.findall(r"^# ## (\d+)\. .*?$(.*?)(?=^# ## |\Z)", source, flags=re.M | re.S))
    named = {number for title in ANSWERS_OF_PARTS.findall(source) for number in re.findall(r"\d+", title)}
    assert [number for number in sorted(named) if "Prediction(" not in parts.get(number, "")] == []


def test_a_notebook_out_of_step_with_its_source_is_named_cell_by_cell():
    saved = build_notebooks.lesson("00_index.ipynb")
    edited = build_notebooks.lesson("00_index.ipynb")
    edited.cells[1].source += "\nA teacher's new sentence."
    assert unsynced_cells(saved, edited) == [f"cell 1 (id {saved.cells[1].id}) differs from its .py source"]
    edited.cells.pop()
    assert "cells, but its .py source has" in unsynced_cells(saved, edited)[0]


def test_a_pin_is_read_on_any_comment_line_as_nbval_reads_it():
    from notebook_builder import is_pinned

    assert is_pinned(new_code_cell("# How to start\n# NBVAL_CHECK_OUTPUT\nprint(1)"))
    assert is_pinned(new_code_cell("#NBVAL_CHECK_OUTPUT\nprint(1)"))
    assert not is_pinned(new_code_cell("print('# NBVAL_CHECK_OUTPUT')"))
    assert not is_pinned(new_code_cell("# NBVAL_CHECK_OUTPUT_LATER\nprint(1)"))


# --- What the lessons say and when (issue 24) -------------------------------------------------------------------

import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402

from lesson_cells import locked, run_cells, words  # noqa: E402


@pytest.fixture(scope="module")
def index_cells():
    return run_cells("00_index", "def compare_games", "def more_games")


def test_the_index_skill_interval_stays_on_its_0_to_1_scale(index_cells):
    quick = index_cells["quick"]
    skills = quick[["skill", "skill low", "skill high"]].dropna().astype(float)
    assert len(skills) == 4 and (skills.to_numpy() >= 0).all() and (skills.to_numpy() <= 1).all()
    shown = index_cells["comparison_table"](quick).data
    assert "-0." not in shown                                  # Mouse Trap's interval read "-0.01" on a 0-1 scale


def test_the_index_fair_share_marks_look_unlike_the_error_bars(index_cells):
    from matplotlib.collections import LineCollection

    fig = index_cells["comparison_chart"](index_cells["quick"], 100)
    first = fig.axes[0]
    assert sorted(text.get_text() for text in first.get_legend().get_texts()) == ["95% interval", "fair share"]
    fair = [c for c in first.collections if isinstance(c, LineCollection) and c.get_label() == "fair share"]
    (marks,) = fair
    assert marks.get_linestyle()[0][1] is not None             # dashed, bar-wide: not a short solid cap
    segments = marks.get_segments()
    assert all(abs((s[1][0] - s[0][0]) - 0.9) < 1e-9 for s in segments)


def test_the_index_chart_draws_every_interval_whole(index_cells):
    # the caps of an interval that reached 1 (Mouse Trap's comebacks, 96% to 100%) sat on the chart's top
    # edge, half cut off
    quick = index_cells["quick"]
    fig = index_cells["comparison_chart"](quick, 100)
    for ax, column in zip(fig.axes, ("first seat win rate", "comeback share", "skill")):
        assert quick[f"{column} high"].astype(float).max() < ax.get_ylim()[1] - 0.02, column


def test_the_index_chart_says_why_a_skill_bar_is_missing(index_cells):
    fig = index_cells["comparison_chart"](index_cells["quick"], 100)
    skill = fig.axes[2]
    assert [text.get_text() for text in skill.texts] == ["no bot can draw"]   # Win, Lose or Draw's empty slot
    assert skill.texts[0].get_position()[0] == list(index_cells["quick"].index).index("Win, Lose or Draw")


def test_the_index_plays_its_sharper_study_only_after_the_answer_is_shown(index_cells):
    import ipywidgets as widgets

    view = widgets.Output()
    index_cells["more_games"](view)                            # before any guess: nothing is played
    # said in the page's type (Markdown), not as a monospaced printout
    assert view.outputs[0]["data"]["text/markdown"].startswith("*Lock your prediction above and press **Show")


def test_lesson_links_work_however_the_index_is_served():
    from boardkit.lessons.links import links_html

    lessons = {"Mystery Date": "01_mystery_date.ipynb"}
    folder = links_html(lessons, {"VOILA_BASE_URL": "/", "SCRIPT_NAME": "/voila/render/00_index.ipynb"})
    assert 'href="/voila/render/01_mystery_date.ipynb"' in folder                        # voila notebooks/
    server = links_html(lessons, {"VOILA_BASE_URL": "/user/x/",
                                  "SCRIPT_NAME": "/user/x/voila/render/notebooks/00_index.ipynb"})
    assert 'href="/user/x/voila/render/notebooks/01_mystery_date.ipynb"' in server       # Voilà in Jupyter Server
    binder = [{"root_dir": "/home/jovyan", "base_url": "/user/x/"}, {"root_dir": "/srv/other", "base_url": "/"}]
    lab = links_html(lessons, {}, folder="/home/jovyan/notebooks", servers=binder)
    assert 'href="/user/x/voila/render/notebooks/01_mystery_date.ipynb"' in lab          # Binder's JupyterLab
    assert 'href="/user/x/lab/tree/notebooks/01_mystery_date.ipynb"' in lab
    here = links_html(lessons, {}, folder="/srv/lessons", servers=[{"root_dir": "/srv/lessons", "base_url": "/"}])
    assert 'href="/voila/render/01_mystery_date.ipynb"' in here                          # JupyterLab in notebooks/
    unknown = links_html(lessons, {"JUPYTERHUB_SERVICE_PREFIX": "/user/y/"}, folder="/elsewhere", servers=binder)
    assert 'href="/user/y/voila/render/notebooks/01_mystery_date.ipynb"' in unknown      # the README's layout
    single = links_html(lessons, {"VOILA_BASE_URL": "/", "SCRIPT_NAME": "/"})            # voila 00_index.ipynb
    assert "href" not in single and "voila notebooks/" in single


def test_the_index_shows_no_development_details():
    source = (REPO / "notebooks" / "00_index.py").read_text()
    assert "__version__" not in source and "Python module" not in source


def test_no_lesson_says_a_press_compiles():
    """The server compiles the fast lanes when it starts (boardkit.warm_start), and a run's bar says "compiling
    the fast lane (once)" only when it really compiles: a lesson that says its first press compiles is false."""
    said = [(path.name, line.strip()) for path in sorted((REPO / "notebooks").glob("0*.py"))
            for line in path.read_text().splitlines() if re.search(r"press compiles", line)]
    assert said == []


def test_the_secret_door_verdict_sees_a_short_outcome_and_checks_five_intervals_at_once():
    import types

    ns = run_cells("01_mystery_date", "def evidence(")
    ns["door"] = types.SimpleNamespace(counts=pd.Series({"red": 120, "green": 110, "blue": 100, "orange": 150,
                                                         "dud": 20}))
    fig, verdict = ns["evidence"]()
    said = verdict.data
    assert "the interval of the Beach lies wholly above 1/5; the interval of the Dud lies wholly below it" in said
    assert "99% interval" in said and "1 time in 20" in said
    assert "99% intervals" in fig.axes[0].get_title()


def test_lesson_02_names_no_stage_before_part_3s_guess():
    ns = run_cells("02_mouse_trap", "def reveal_fix", "def backup_option", "best_two, best_two_chance")
    labels = [ns["backup_option"](k)[0] for k in range(4)]
    assert labels == ["none", "the weakest stage", "the 2 weakest stages", "the 3 weakest stages"]
    check = words(ns["quick_check"]("?", ["a", "b"], 0, "c"))  # the quick checks as the page builds them
    source = (REPO / "notebooks" / "02_mouse_trap.py").read_text()
    assert "fix F and H" not in source and "(F)" not in " ".join(labels) and check


def test_lesson_02s_fix_reveal_shows_every_fix_and_names_f():
    # a line meant for the crank reveal was pasted into this one (NameError): the answer never showed
    ns = run_cells("02_mouse_trap", "def reveal_fix", "fix_prediction = Prediction")
    said = words(ns["reveal_fix"](locked(ns["fix_prediction"], list(ns["FIX_CHOICES"])[0])))
    assert "Fix F, the weakest link." in said and "none (the rulebook)" in said


def test_lesson_05s_short_race_hides_the_race_to_8_until_its_guess_is_locked():
    ns = run_cells("05_win_lose_draw", "def reveal_race", "def reveal_short_race")
    short = ns["Prediction"]("?", choices=["it grows", "it shrinks"], reveal=ns["reveal_short_race"])
    said = words(ns["reveal_short_race"](locked(short, "it grows")))
    eight = float(ns["wld"].analysis.team_race(ns["Fraction"](1, 2), ns["Fraction"](1, 2), steal=ns["STEAL"]).a_wins)
    assert f"{eight:.1%}" not in said and "lock your guess in part 3" in said
    locked(ns["race_prediction"], 0.5)
    said = words(ns["reveal_short_race"](short))
    assert f"{eight:.1%} in a race to 8" in said


def test_the_progress_bar_of_a_run_of_games_counts_games_in_words(capsys):
    from boardkit.core.simulate import bar_for_run

    bar = bar_for_run(True, 1000, "Mystery Date")
    bar.update(250)
    bar.refresh()
    bar.close()
    shown = capsys.readouterr().err
    assert "250 of 1,000 games" in shown and "it/s" not in shown and "game/s" not in shown


def test_lesson_01s_number_predictions_mark_their_exact_answer_on_the_class_chart(monkeypatch):
    # a teacher's chart of the class's guesses marks the answer (issue 22); lesson 01's marked none
    from boardkit.games import mystery_date as md
    from boardkit.lessons import predict
    made = []
    monkeypatch.setattr(predict, "_PREDICTIONS", type("Kept", (set,), {"add": lambda self, p: made.append(p)})())
    run_cells("01_mystery_date", "pool_plays(Prediction(\"A girl opens the door", "def dud_answer")
    answers = [p.answer for p in made if p.number is not None]
    rules = md.Rules()
    assert answers == [float(md.analysis.door_odds(rules)["red"]),
                       float(md.analysis.expected_duds_before_date(rules))]


def test_the_design_labs_play_these_rules_button_is_greyed_out_while_it_plays():
    # it stayed pressable, and a second press (or Search) waited silently behind the run
    ns = run_cells("06_design_lab", "def replay", "def game(", "def chosen_rules", "def live_games")
    pressable_while_playing = []
    ns["play_knobs"] = lambda: pressable_while_playing.append(not ns["play_now"].disabled)
    ns["play_now"].click()
    assert pressable_while_playing == [False] and not ns["play_now"].disabled


def test_the_design_labs_knobs_play_a_variant_and_show_it():
    # "Play these rules" showed nothing when choose_engine began to return three fields
    # (the knobs play once part 2's guess is locked and its answer shown: they answer it)
    ns = run_cells("06_design_lab", "def replay", "def game(", "def chosen_rules", "def live_games")
    ns["live_games"] = lambda module, n_players, study=False: 100    # fewer games: the test is about the page
    locked(ns["knob_guess"], "get longer").reveal()
    ns["replay"]()
    assert "Your variant: `md.Rules()`" in repr(ns["knob_view"].outputs)


def test_lesson_04s_skill_answer_counts_its_games_where_the_answer_will_come(monkeypatch):
    # 1,000 games on the readable engine (2-3 s) played behind a still "Working out the answer..."
    import boardkit as bk
    from boardkit.lessons import Prediction
    ns = run_cells("04_cluedo_cards", "def reveal_skill")
    real, bars = bk.metrics.skill_test, []

    def counted(*args, progress, **kwargs):
        bars.append(progress)
        return real(*args, progress=progress, **{**kwargs, "n_games": 40})   # fewer games: the test is about the bar
    monkeypatch.setattr(bk.metrics, "skill_test", counted)
    guess = Prediction("How often does the Shedder win?", choices=list(ns["SKILL_CHOICES"]), reveal=ns["reveal_skill"])
    locked(guess, list(ns["SKILL_CHOICES"])[1]).reveal()
    (bar,) = bars
    assert bar.total == 1_000 and bar.n == 40


def test_lesson_04s_first_slider_move_answers_at_once_without_loading_scipy():
    # The first move of a part 4 slider used to load scipy (for the rulebook's interval) before it answered:
    # 0.5-0.8 s with no sign.  Run in a process of its own: this one has loaded scipy already.
    import subprocess

    code = ("import sys, time\n"
            "from lesson_cells import run_cells\n"
            "ns = run_cells('04_cluedo_cards', 'controls = RuleControls(')\n"
            "before, start = set(sys.modules), time.process_time()\n"
            "ns['controls'].controls['hand_size'].value = 6\n"
            "assert 'your rules' in str(ns['stuck_view'].outputs)\n"
            "print(round(time.process_time() - start, 3), sorted(m for m in set(sys.modules) - before"
            " if m.split('.')[0] == 'scipy')[:3])\n")
    tests = str(Path(__file__).resolve().parent)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300,
                          env={**os.environ, "PYTHONPATH": os.pathsep.join([tests, *sys.path])})
    assert done.returncode == 0, done.stderr[-2000:]
    seconds, loaded = done.stdout.strip().splitlines()[-1].split(" ", 1)
    assert loaded == "[]", f"the first move loaded {loaded} ({seconds} s of CPU)"

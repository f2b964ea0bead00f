"""boardkit.lessons' toolkit for lessons a class lives through: predict, reveal, tally, check, tinker, read."""
import matplotlib

matplotlib.use("Agg")

import ipywidgets as widgets  # noqa: E402
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402
import pytest  # noqa: E402

from boardkit.games import mystery_date as md
from boardkit.games import philo_vance as pv  # noqa: E402
from boardkit.lessons import (GoingFurther, Prediction, RuleControls, answer_table, chart, convergence_chart,  # noqa: E402
                              lesson_css, lesson_page, number, quick_check, set_class_mode, table, with_interval)
from boardkit.lessons import share_with_interval  # noqa: E402
from boardkit.render.app import canvas_text_scale  # noqa: E402


@pytest.fixture(autouse=True)
def student_mode():
    set_class_mode(False)
    yield
    set_class_mode(False)


def texts(view):
    return "".join(out.get("text", "") + str(out.get("data", {}).get("text/html", ""))
                   + str(out.get("data", {}).get("text/plain", "")) for out in view.outputs)


# --- Prediction ---------------------------------------------------------------------------------------
def test_the_answer_waits_for_a_locked_prediction_then_shows_it_beside_the_answer():
    seen = []
    guess = Prediction("Which date is behind the door?", choices=["Dance", "Dud"],
                       reveal=lambda p: seen.append(p.value) or f"exact: 1/5; {p.describe()}")
    assert guess.reveal_button.disabled
    guess.reveal()                                             # not locked: nothing is revealed
    assert seen == [] and "Lock your prediction first" in guess.message.value
    guess.lock()                                               # nothing chosen: not locked
    assert not guess.locked and "Choose an answer first" in guess.message.value
    guess.input.value = "Dud"
    guess.lock_button.click()
    assert guess.locked and guess.input.disabled and guess.lock_button.disabled and not guess.reveal_button.disabled
    guess.input.value = "Dance"                                # a locked guess does not change
    guess.reveal_button.click()
    assert seen == ["Dud"] and "Your prediction: Dud" in texts(guess.view)


def test_a_reveal_that_takes_a_while_shows_a_sign_at_once():
    """Some reveals play games for seconds (lesson 05's race to 3): the view says so before the answer comes."""
    during = []
    guess = Prediction("Which date is behind the door?", choices=["Dance", "Dud"],
                       reveal=lambda p: during.append(texts(p.view)) or "the answer")
    guess.input.value = "Dud"
    guess.lock()
    guess.reveal()
    assert "Working out the answer" in during[0]
    assert "Working out the answer" not in texts(guess.view) and "the answer" in texts(guess.view)


def test_a_percent_prediction_is_a_share_and_reads_as_a_percentage():
    guess = Prediction("How often?", number=(0, 1, 0.05), percent=True, reveal=lambda p: "ok")
    assert isinstance(guess.input, widgets.IntSlider) and (guess.input.min, guess.input.max) == (0, 100)
    guess.input.value = 20
    guess.lock()
    assert guess.value == pytest.approx(0.2) and guess.describe() == "Your prediction: 20%"
    # The slider's value reaches the kernel when it is let go, so a Lock right after locks what it shows.
    assert guess.input.continuous_update is False


def test_a_slider_value_that_arrives_after_the_lock_is_the_guess_until_the_answer_is_shown():
    # The browser holds a widget's newer values until the kernel has answered the last one, but sends a
    # click at once: keys pressed quickly, then Lock, can reach the kernel as lock first, value after.
    guess = Prediction("How often?", number=(0, 1, 0.05), percent=True, reveal=lambda p: "ok")
    guess.input.value = 15
    guess.lock_button.click()
    assert guess.value == pytest.approx(0.15)
    guess.input.value = 20                                     # the last key's value, sent before the lock showed
    assert guess.value == pytest.approx(0.2) and "Your prediction: 20%" in guess.message.value
    guess.reveal_button.click()
    guess.input.value = 60                                     # after the answer nothing changes the guess
    assert guess.value == pytest.approx(0.2) and "Your prediction: 20%" in guess.message.value


@pytest.mark.parametrize("number, percent, start", [((0, 1, 0.05), True, 50), ((1, 50, 1), False, 25),
                                                     ((0, 10, 0.5), False, 5.0), ((0, 0.3, 0.01), True, 15)])
def test_a_number_slider_starts_half_way_so_it_pulls_no_guess_up_or_down(number, percent, start):
    guess = Prediction("How many?", number=number, percent=percent, reveal=lambda p: "ok")
    assert guess.input.value == pytest.approx(start)
    assert guess.input.min < guess.input.value < guess.input.max


def test_class_mode_takes_the_show_of_hands_and_the_class_guesses():
    choice = Prediction("Which?", choices=["A", "B"], reveal=lambda p: p.describe())
    numbers = Prediction("How many turns?", number=(0, 100, 1), unit="turns", reveal=lambda p: p.describe())
    set_class_mode(True)
    assert len(choice.input) == 2 and isinstance(numbers.input, widgets.Text)
    assert choice.lock_button.description == "Lock the class's guesses"
    choice.lock()
    assert not choice.locked and "at least one answer" in choice.message.value
    choice.input[0].value, choice.input[1].value = 12, 5
    choice.lock()
    assert choice.tally == {"A": 12, "B": 5} and choice.describe() == "The class: 12 said A, 5 said B"
    assert choice.guess == "A"
    numbers.input.value = "20, x"
    numbers.lock()
    assert not numbers.locked and "'x' is not a number" in numbers.message.value
    numbers.input.value = "40, 20; 25"
    numbers.lock()
    assert numbers.tally == [40, 20, 25] and numbers.guess == 25
    assert numbers.describe() == "The class's 3 guesses: from 20 turns to 40 turns, middle 25 turns"
    set_class_mode(False)                                      # locked predictions keep their tally
    assert numbers.class_mode and numbers.tally == [40, 20, 25]


def test_the_class_guesses_box_suggests_and_takes_only_guesses_its_question_can_take():
    # lesson 01's Duds question (0 to 5) suggested "for example 20, 25, 40", and took a guess of 20
    duds = Prediction("How many Duds?", number=(0, 5, 0.5), reveal=lambda p: None)
    share = Prediction("What share?", number=(0, 1, 0.05), percent=True, reveal=lambda p: None)
    set_class_mode(True)
    assert duds.input.placeholder == "for example 1, 2.5, 4" and duds.input.description == "Class guesses"
    assert share.input.placeholder == "for example 20, 50, 80" and share.input.description == "Class guesses (%)"
    duds.input.value = "1, 20"
    duds.lock()
    assert not duds.locked and "20 is not a guess this question takes: type guesses from 0 to 5." in duds.message.value
    share.input.value = "20, 35%"
    share.lock()
    assert share.tally == [0.2, 0.35]


def test_a_number_prediction_reads_with_as_many_decimals_as_its_step():
    guess = Prediction("How many Duds?", number=(0, 5, 0.5), unit="Duds", reveal=lambda p: None)
    assert guess.input.readout_format == ".1f"
    guess.input.value = 1.5
    guess.lock()
    assert guess.describe() == "Your prediction: 1.5 Duds"


def test_a_prediction_refuses_a_question_it_cannot_ask():
    with pytest.raises(ValueError, match="choices"):
        Prediction("?", reveal=lambda p: None)
    with pytest.raises(ValueError, match="low < high"):
        Prediction("?", number=(5, 1, 1), reveal=lambda p: None)
    with pytest.raises(ValueError, match="reveal"):
        Prediction("?", choices=["a", "b"])


def test_the_answer_table_puts_the_prediction_beside_the_exact_and_the_simulated_answer():
    guess = Prediction("How often?", number=(0, 1, 0.05), percent=True, reveal=lambda p: None)
    guess.input.value = 30
    guess.lock()
    html = answer_table(guess, exact=0.2, simulated=(0.21, 0.19, 0.23)).data
    for text in ("Your prediction", "30%", "Exact answer", "20.0%", "Simulation (95% interval)", "21.0% (19.0% to 23.0%)"):
        assert text in html


# --- quick checks, Going further -------------------------------------------------------------------------
def test_a_quick_check_says_right_or_gives_the_answer_with_its_reason():
    box = quick_check("How many outcomes?", ["4", "5"], 1, "four dates and the Dud.")
    options, check, feedback = box.children[1], box.children[2], box.children[3]
    check.click()
    assert "Choose an answer first" in feedback.value
    options.value = "4"
    check.click()
    assert "Not quite" in feedback.value and "<b>5</b>" in feedback.value and "the Dud" in feedback.value
    options.value = "5"
    check.click()
    assert feedback.value == "<b>Right!</b> Four dates and the Dud."          # the reason starts a sentence
    with pytest.raises(ValueError):
        quick_check("?", ["a"], 3, "")


def test_going_further_starts_folded_and_collects_what_cells_add():
    further = GoingFurther("Going further: Markov chains")
    assert further.selected_index is None and further.titles == ("Going further: Markov chains",)
    assert further.add("$P = 1/5$", pd.DataFrame({"a": [1]})) is None     # a cell ending with it shows nothing twice
    built = []

    @further.when_opened
    def study():
        built.append("study")
        further.add("the study's table")

    further.add_widget(widgets.Button(description="Play 1,000 games"))
    assert further.body.children == () and built == []       # nothing is on the page until a student opens it
    further.unfold()
    text, table_view, button = further.body.children        # in the order the cells added them
    assert text.outputs[0]["data"]["text/markdown"] == "$P = 1/5$"
    assert table_view.outputs[0]["data"]["text/markdown"] == "the study's table"
    assert button.description == "Play 1,000 games" and built == ["study"]
    further.selected_index = None                            # closed and opened again: nothing is built twice
    further.unfold()
    assert len(further.body.children) == 3
    further.add("later")                                     # once opened, what is added goes straight in
    assert further.body.children[-1].outputs[0]["data"]["text/markdown"] == "later"
    with pytest.raises(ValueError, match="function"):
        further.when_opened("not a function")


# --- tinkering -------------------------------------------------------------------------------------------
def test_rule_controls_make_variants_and_show_the_games_own_refusal():
    controls = RuleControls(md.Rules(), {"hand_limit": (1, 10), "dud_in_play": None},
                            labels={"hand_limit": "Cards you may keep"})
    changed = []
    controls.on_change(changed.append)
    controls.controls["hand_limit"].value = 7
    assert controls.rules.hand_limit == 7 and changed[-1].hand_limit == 7
    controls.controls["dud_in_play"].value = not md.Rules().dud_in_play
    assert controls.rules.dud_in_play is not md.Rules().dud_in_play and controls.rules.hand_limit == 7
    assert controls.controls["hand_limit"].description == "Cards you may keep"


def test_a_refused_variant_is_said_in_the_students_words_and_the_slider_moves_back():
    controls = RuleControls(md.Rules(), {"hand_limit": (0, 10)}, labels={"hand_limit": "Hand limit (cards)"})
    changed = []
    controls.on_change(changed.append)
    controls.controls["hand_limit"].value = 5
    good = controls.rules
    controls.controls["hand_limit"].value = 1
    assert controls.rules == good and changed == [good]                  # refused: nothing changes
    assert controls.error.value.startswith("⚠ Hand limit (cards): 1 is too small: at least 3")
    assert controls.error.value.endswith("We keep 5.")
    assert "hand_limit" not in controls.error.value and "not allowed" not in controls.error.value
    assert controls.controls["hand_limit"].value == 5                    # the slider shows the limit in use
    controls.controls["hand_limit"].value = 6                            # and the next change is accepted
    assert controls.rules.hand_limit == 6 and controls.error.value == ""


def test_a_refusal_caused_by_another_rule_names_that_rule_in_words():
    controls = RuleControls(pv.Rules.expert(), {"court_size": (7, 24)}, labels={"court_size": "Clues on a court card"})
    controls.controls["court_size"].value = 7
    error = controls.error.value
    assert error.startswith("⚠ Clues on a court card: 7 is too small: then convict correct would be 8, but it must")
    assert "_" not in error and controls.controls["court_size"].value == pv.Rules.expert().court_size


def test_a_limit_set_by_another_rule_is_said_as_its_number_then_that_rule_in_words():
    # lesson 03 said "12 is too large: 1 to clues named in an arrest (6)": a rule's name stood for its number
    controls = RuleControls(pv.Rules(), {"declare_correct": (1, 12), "named_clues": (1, 12)},
                            labels={"declare_correct": "right clues needed to declare",
                                    "named_clues": "clues named in an arrest"})
    controls.controls["declare_correct"].value = 12
    assert controls.error.value == ("⚠ Right clues needed to declare: 12 is too large: 1 to 6 (clues named in an "
                                    "arrest). We keep 4.")


def test_rule_controls_name_a_field_the_rules_do_not_have():
    with pytest.raises(ValueError, match="no field 'hand_limt'"):
        RuleControls(md.Rules(), {"hand_limt": (1, 9)})


# --- reading from the back of the room --------------------------------------------------------------------
def test_the_page_css_sets_every_text_size_at_least_14_px_and_large_type_scales_it():
    import re

    normal = [int(px) for px in re.findall(r"font-size[^:]*: (\d+)px", lesson_css())]
    large = [int(px) for px in re.findall(r"font-size[^:]*: (\d+)px", lesson_css(1.4))]
    assert min(normal) >= 14 and all(b > a for a, b in zip(normal, large))
    page = lesson_page()
    style, toggle, names = page.children                 # (names: the script that names the sliders)
    toggle.value = True
    assert style.value == lesson_css(1.4)
    assert canvas_text_scale() == 1.4                    # the words the Apps draw on their canvases grow too
    toggle.value = False
    assert style.value == lesson_css(1.0) and canvas_text_scale() == 1.0
    with pytest.raises(ValueError):
        lesson_css(10)


def test_tables_have_plain_headers_and_whole_numbers():
    frame = pd.DataFrame({"median_turns": [12.0, 1000.0], "win_share": [0.25, 0.5], "mean": [1.234, 2.0]})
    html = table(frame, percent=("win_share",), headers={"mean": "Mean length"}).data
    assert "Median turns" in html and "Win share" in html and "Mean length" in html and "median_turns" not in html
    assert "1,000<" in html and "1000.000" not in html and "25%" in html and "1.23" in html
    assert 'class="boardkit-table"' in html
    words = table(pd.DataFrame({"what": ["a", "b"], "n": [1, 2]})).data
    assert "text-align: left" in words                                         # text columns read from the left
    with pytest.raises(ValueError, match="no column"):
        table(frame, percent=("nope",))
    assert number(3.0) == "3" and number(0.5, percent=True) == "50.00%" and number(float("nan")) == "–"
    assert with_interval(0.34, 0.31, 0.37) == "34% (31% to 37%)"
    estimate, low, high = share_with_interval(20, 100)
    assert estimate == 0.2 and low < 0.2 < high


def test_a_table_says_yes_or_no_not_python_true_or_false():
    variants = pd.DataFrame({"dud_in_play": [True, False], "copies": [3, 2]})    # lesson 06's search table
    html = table(variants).data
    assert ">yes<" in html and ">no<" in html and "True" not in html and "False" not in html
    assert number(True) == "yes" and number(np.False_) == "no"


def test_charts_stay_readable_their_letters_are_at_least_16_px():
    fig, ax = chart(width=10, height=4)
    assert fig.dpi == 100 and fig.get_figwidth() == 10
    assert matplotlib.rcParams["xtick.labelsize"] * fig.dpi / 72 >= 16
    with pytest.raises(ValueError):
        chart(width=20)


def test_the_convergence_chart_puts_the_students_plays_first():
    fig = convergence_chart([1, 0, 0], np.random.default_rng(0).integers(0, 2, 500), exact=0.5, label="share")
    labels = [line.get_label() for line in fig.axes[0].get_lines()]
    assert "your 3 plays" in labels and "the computer's 500 plays" in labels and "exact answer" in labels
    fig.canvas.draw()
    ticks = [tick.get_text() for tick in fig.axes[0].get_xticklabels() if tick.get_text()]
    assert "10" in ticks and "100" in ticks and not any("^" in tick for tick in ticks)   # plain numbers
    fig = convergence_chart([1], [0, 1], one="door opening", many="door openings")
    labels = [line.get_label() for line in fig.axes[0].get_lines()]
    assert "your 1 door opening" in labels and "the computer's 2 door openings" in labels
    with pytest.raises(ValueError, match="no plays"):
        convergence_chart([], [])
    with pytest.raises(ValueError, match="only 0 and 1"):
        convergence_chart([2], [])


def test_printouts_that_hold_answers_are_folded_closed_in_jupyterlab_and_in_voila(monkeypatch, capsys):
    import IPython.display

    from boardkit.lessons import folded

    shown = []
    monkeypatch.setattr(IPython.display, "display", shown.append)
    monkeypatch.delenv("VOILA_BASE_URL", raising=False)
    with folded("The answers"):
        print("1/5 <exact>")
    assert capsys.readouterr().out == ""                          # nothing printed in the open
    (details,) = shown                                            # JupyterLab: a closed <details>, plain HTML
    assert details.data == ('<details class="boardkit-printout"><summary>The answers</summary>'
                            "<pre>1/5 &lt;exact&gt;\n</pre></details>")
    shown.clear()
    monkeypatch.setenv("VOILA_BASE_URL", "/")
    with folded("The answers"):
        print("1/5 <exact>")
    assert capsys.readouterr().out == ""
    (fold,) = shown
    assert fold.selected_index is None and fold.get_title(0) == "The answers"
    assert fold.children[0].value == "<pre>1/5 &lt;exact&gt;\n</pre>"


def test_slow_printouts_run_folded_in_jupyterlab_and_when_their_fold_is_opened_in_voila(monkeypatch, capsys):
    import IPython.display

    from boardkit.lessons import printed_when_opened

    played = []

    def games():
        played.append(1)
        print("400 games: <median> 252.5 turns")

    shown = []
    monkeypatch.setattr(IPython.display, "display", shown.append)
    monkeypatch.delenv("VOILA_BASE_URL", raising=False)
    printed_when_opened("400 games", games)
    assert played == [1] and capsys.readouterr().out == ""
    (details,) = shown
    assert details.data.startswith('<details class="boardkit-printout"><summary>400 games</summary>')
    assert "400 games: &lt;median&gt; 252.5 turns" in details.data
    shown.clear()
    monkeypatch.setenv("VOILA_BASE_URL", "/")
    printed_when_opened("400 games (click to play them)", games)
    (fold,) = shown
    assert played == [1] and fold.selected_index is None and fold.get_title(0) == "400 games (click to play them)"
    fold.selected_index = 0                                      # a student opens it: the games are played
    assert played == [1, 1] and capsys.readouterr().out == ""
    assert fold.children[0].value == "<pre>400 games: &lt;median&gt; 252.5 turns\n</pre>"
    fold.selected_index = None
    fold.selected_index = 0                                      # opened again: not played twice
    assert played == [1, 1]


def test_back_to_part_one_scrolls_in_jupyterlab_only(monkeypatch):
    import IPython.display

    from boardkit.lessons import back_to_part_one

    shown = []
    monkeypatch.setattr(IPython.display, "display", shown.append)
    monkeypatch.delenv("VOILA_BASE_URL", raising=False)
    back_to_part_one()
    (script,) = shown
    assert "scrollIntoView" in script.data and "/^1\\./" in script.data
    shown.clear()
    monkeypatch.setenv("VOILA_BASE_URL", "/")
    back_to_part_one()
    assert shown == []


# --- PickSeveral -----------------------------------------------------------------------------------------
def test_pick_several_picks_one_at_a_time_and_counts_aloud():
    from boardkit.lessons import PickSeveral

    clues = [(f"{c.id + 1}: {c.text}", c.id) for c in pv.CLUES]
    picker = PickSeveral(clues, count=6, value=(23, 25, 40), description="Your clues")
    heard = []
    picker.on_change(heard.append)
    assert picker.value == (23, 25, 40) and not picker.ready
    assert "3 of 6 chosen" in picker.tally.value and "24: a bright red necktie" in picker.tally.value
    picker.boxes[2].value = True                     # a tap on clue 3 adds it and keeps the others
    assert picker.value == (2, 23, 25, 40) and heard[-1] == (2, 23, 25, 40)
    picker.boxes[23].value = False                   # a second tap drops it again
    assert picker.value == (2, 25, 40) and "3 of 6 chosen" in picker.tally.value
    picker.value = (0, 1, 2, 3, 4, 5)
    assert picker.ready and "6 of 6 chosen: ready" in picker.tally.value
    picker.boxes[9].value = True
    assert "7 chosen: 1 too many, unpick 1" in picker.tally.value and not picker.ready
    assert "role='status'" in picker.tally.value                 # a screen reader hears the count
    assert all(isinstance(box, widgets.Checkbox) and box.description for box in picker.boxes.values())


@pytest.mark.parametrize("kwargs, words", [
    (dict(count=0), "count must be a whole number from 1 to 3"),
    (dict(count=4), "count must be a whole number from 1 to 3"),
    (dict(count=2, value=("d",)), "'d' is not one of the options"),
])
def test_pick_several_refuses_what_cannot_be_picked(kwargs, words):
    from boardkit.lessons import PickSeveral

    with pytest.raises(ValueError, match=words):
        PickSeveral(["a", "b", "c"], **kwargs)
    picker = PickSeveral(["a", "b", "c"], count=2, value=("a",))
    with pytest.raises(ValueError, match="'z' is not one of the options"):
        picker.value = ("b", "z")
    assert picker.value == ("a",)                    # a refused choice changes nothing

"""boardkit.lessons: the helpers the lesson notebooks share."""
import ipywidgets as widgets
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import pandas as pd  # noqa: E402

from boardkit.lessons import CHART_COLOURS, CHART_HATCHES, progress_bar, show, study_button  # noqa: E402


def test_show_replaces_what_an_output_shows_with_text_tables_and_figures():
    view = widgets.Output()
    show(view, "old text")
    fig, ax = plt.subplots()
    ax.plot([1, 2], [3, 4])
    show(view, "a line of text", pd.DataFrame({"x": [1]}), fig)
    kinds = [out["output_type"] for out in view.outputs]
    assert kinds == ["stream", "display_data", "display_data"]
    assert view.outputs[0]["text"] == "a line of text\n"
    assert "text/html" in view.outputs[1]["data"]          # the table as Jupyter shows it
    assert not plt.fignum_exists(fig.number)               # the figure is closed once shown


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
    assert view.outputs[0]["text"] == "done\n"


def test_a_study_that_raises_value_error_explains_it_in_its_view_and_frees_the_button():
    def study(view):
        raise ValueError("hand_size must be at least 1 card, got 0")

    button, view = study_button("Compare", study)
    button.click()
    assert view.outputs[0]["text"] == "That makes no sense: hand_size must be at least 1 card, got 0\n"
    assert not button.disabled


def test_a_progress_bar_is_shown_in_the_view_and_counts_games():
    view = widgets.Output()
    bar = progress_bar(view, 40, "40 games")
    bar.update(10)
    assert bar.n == 10 and bar.total == 40
    assert view.outputs[0]["output_type"] == "display_data"   # the bar's widget
    bar.close()

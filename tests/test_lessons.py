"""boardkit.lessons: the helpers the lesson notebooks share."""
import ipywidgets as widgets
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import pandas as pd  # noqa: E402

from boardkit.lessons import CHART_COLOURS, CHART_HATCHES, show  # noqa: E402


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

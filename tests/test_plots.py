"""boardkit.plots: the design lab's figures carry the artists they promise, in readable type."""
import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402
import pytest  # noqa: E402
from matplotlib.collections import PolyCollection  # noqa: E402
from matplotlib.patches import Rectangle  # noqa: E402

import boardkit as bk  # noqa: E402
from boardkit import plots  # noqa: E402
from boardkit.games import mouse_trap as mt  # noqa: E402


@pytest.fixture(autouse=True)
def close_figures():
    yield
    plt.close("all")


def table(limits=(1, 2, 3), players=(2, 4)):
    """A hand-made sweep table: median length = 10 * limit + players, interval +-3."""
    rows = [{"hand_limit": h, "n_players": p, "median length": 10.0 * h + p, "median length low": 10.0 * h + p - 3,
             "median length high": 10.0 * h + p + 3, "seat test p": 0.1 * h} for h in limits for p in players]
    frame = pd.DataFrame(rows)
    frame.attrs.update(game="Mystery Date", fields=["hand_limit", "n_players"], confidence=0.95)
    return frame


def texts(ax):
    figure = ax.figure
    return [t for t in figure.findobj(matplotlib.text.Text) if t.get_text().strip() and t.get_visible()]


def assert_readable(ax):
    small = [(t.get_text(), t.get_fontsize()) for t in texts(ax) if t.get_fontsize() < plots.FONT_SIZE]
    assert not small, small


def test_a_figure_against_a_field_with_its_band_and_goal():
    ax = plots.figure_against(table(), "hand_limit", "median length", by="n_players", goal=(20, 30))
    lines = ax.get_lines()
    assert [line.get_label() for line in lines] == ["n_players = 2", "n_players = 4"]
    assert lines[0].get_xdata().tolist() == [1, 2, 3] and lines[1].get_ydata().tolist() == [14, 24, 34]
    assert len({(line.get_color(), line.get_linestyle(), line.get_marker()) for line in lines}) == 2
    bands = [c for c in ax.collections if isinstance(c, PolyCollection)]
    assert len(bands) == 2
    band = bands[0].get_paths()[0].vertices
    assert band[:, 1].min() == pytest.approx(9) and band[:, 1].max() == pytest.approx(35)
    goal = [p for p in ax.patches if p.get_hatch()]
    assert len(goal) == 1 and goal[0].get_label() == "goal: median length 20 to 30"
    legend = [t.get_text() for t in ax.get_legend().get_texts()]
    assert legend[-2:] == ["goal: median length 20 to 30", "shaded: 95% interval"]
    assert (ax.get_xlabel(), ax.get_ylabel(), ax.get_title()) == \
        ("hand_limit", "median length", "Mystery Date: median length")
    assert [t.get_text() for t in ax.get_xticklabels()] == ["1", "2", "3"]
    assert_readable(ax)


def test_a_figure_without_an_interval_and_values_that_are_not_numbers():
    frame = table(players=(4,))
    frame["door_weights"] = [(1, 1, 1, 1, 1), (2, 1, 1, 1, 1), (3, 1, 1, 1, 1)]
    frame.attrs["fields"] = ["door_weights"]
    ax = plots.figure_against(frame, "door_weights", "seat test p", goal=bk.design.at_least("seat test p", 0.15))
    assert not [c for c in ax.collections if isinstance(c, PolyCollection)]
    assert [t.get_text() for t in ax.get_xticklabels()] == [str(w) for w in frame["door_weights"]]
    assert ax.get_lines()[0].get_xdata().tolist() == [0, 1, 2]
    assert ax.get_ylim()[1] < 1      # a one-sided goal does not stretch the axes


def test_a_heat_map_prints_every_value_and_marks_the_goal_without_colour():
    frame = table().iloc[:-1]         # one cell with no variant
    ax = plots.heat_map(frame, "hand_limit", "n_players", "median length", goal=(20, 30))
    image = ax.get_images()[0]
    assert image.get_array().shape == (2, 3)
    cells = {t.get_text() for t in ax.texts}
    assert cells == {"12 \u2717\n(9 to 15)", "22 ?\n(19 to 25)", "32 ?\n(29 to 35)", "14 \u2717\n(11 to 17)",
                     "24 \u2713\n(21 to 27)", "n/a"}
    hatched = {p.get_xy(): p.get_hatch() for p in ax.patches if isinstance(p, Rectangle) and p.get_hatch()}
    assert hatched == {(0.5, 0.5): plots.GOAL_HATCH, (0.5, -0.5): "..", (1.5, -0.5): ".."}
    assert [t.get_text() for t in ax.get_legend().get_texts()] == [
        "\u2713 goal met (the whole interval inside)", "? not sure yet (the interval straddles the goal's line)",
        "\u2717 goal missed (the whole interval outside)"]
    assert ax.get_legend().get_title().get_text() == "Goal: median length 20 to 30"
    assert [t.get_text() for t in ax.get_yticklabels()] == ["2", "4"]
    assert_readable(ax)


def test_a_heat_maps_colours_are_centred_on_the_goal():
    # the colour is the distance outside the goal: 0 (the middle colour) for every value inside it
    ax = plots.heat_map(table(), "hand_limit", "n_players", "median length", goal=(20, 30))
    shade = ax.get_images()[0].get_array()
    assert shade.tolist() == [[-8, 0, 2], [-6, 0, 4]]
    norm = ax.get_images()[0].norm
    assert norm(0) == pytest.approx(0.5)


def test_one_outlier_does_not_swamp_a_maps_colours_and_a_note_says_so():
    frame = table(limits=(1, 2, 3, 4))
    frame.loc[frame.index[-1], ["median length", "median length low", "median length high"]] = [5300, 5200, 5400]
    ax = plots.heat_map(frame, "hand_limit", "n_players", "median length")
    norm = ax.get_images()[0].norm
    assert norm.vmax < 100                 # the other cells keep their colours apart
    notes = " ".join(t.get_text() for t in ax.figure.texts)
    assert "the colours stop at" in notes and "read their values" in notes
    assert "5.3e+03\n(5.2e+03 to 5.4e+03)" in {t.get_text() for t in ax.texts}


def test_a_maps_n_a_says_why_the_rules_refused_the_cell():
    frame = table().iloc[:-1]
    frame.attrs["skipped"] = [({"hand_limit": 3, "n_players": 4},
                               "the variant hand_limit=3, n_players=4 is not allowed: too many cards for 4 players")]
    ax = plots.heat_map(frame, "hand_limit", "n_players", "median length")
    assert "n/a (1)" in {t.get_text() for t in ax.texts}
    notes = " ".join(t.get_text() for t in ax.figure.texts)
    assert "n/a (1): the rules refuse it: too many cards for 4 players" in notes


def test_a_heat_map_without_a_goal_has_no_marks():
    ax = plots.heat_map(table(), "hand_limit", "n_players", "median length")
    assert not [p for p in ax.patches if p.get_hatch()] and ax.get_legend() is None
    assert len(ax.texts) == 6 and ax.get_images()[0].get_cmap().name == "cividis"


def test_a_trade_off_numbers_the_front_and_marks_each_points_verdict():
    frame = table()
    front = frame.iloc[[0, 3, 5]]
    goals = [bk.design.between("median length", 20, 30)]
    ax = plots.trade_off(frame, "hand_limit", "median length", front, goals=goals)
    assert [t.get_text() for t in ax.texts] == ["1", "2", "3"]
    legend = [t.get_text() for t in ax.get_legend().get_texts()]
    assert "on the front: every goal met" in legend and "on the front: some goal missed" in legend
    assert "goal: median length 20 to 30" in legend
    assert list(plots.overall_verdicts(front, goals)) == ["missed", "met", "missed"]
    assert_readable(ax)


def test_length_ecdfs_rise_to_one_per_variant():
    frames = {"rulebook": pd.DataFrame({"turns": [3, 1, 2, 2]}), "longer": pd.DataFrame({"turns": [5, 9, 7]})}
    ax = plots.length_ecdfs(frames, goal=(2, 6))
    lines = ax.get_lines()
    assert [line.get_label() for line in lines] == ["rulebook (median 2)", "longer (median 7)"]
    assert lines[0].get_ydata().tolist() == [0, 0.25, 0.5, 0.75, 1.0]
    assert lines[1].get_xdata().tolist() == [5, 5, 7, 9] and lines[1].get_ydata()[-1] == 1
    assert lines[0].get_linestyle() != lines[1].get_linestyle()
    goal = [p for p in ax.patches if p.get_hatch()]
    assert len(goal) == 1 and goal[0].get_label() == "goal: median length 2 to 6"
    assert_readable(ax)


def test_plots_of_a_real_sweep():
    swept = bk.sweep(mt.Rules(), {"push_cost": [1, 2], "n_players": [2, 3]}, n_games=12, progress=False)
    plots.figure_against(swept, "push_cost", "comeback share", by="n_players")
    plots.heat_map(swept, "push_cost", "n_players", "mean length", goal=bk.design.at_most("mean length", 90))
    frames = {"rulebook": bk.simulate(mt.Rules(), n_players=2, n_games=10, progress=False)}
    assert len(plots.length_ecdfs(frames).get_lines()) == 1


@pytest.mark.parametrize("draw, message", [
    (lambda: plots.figure_against(table(), "hand_limit", "median length"), "also varies n_players: choose"),
    (lambda: plots.figure_against(table(), "hand_limit", "mean length"), "no column 'mean length'"),
    (lambda: plots.figure_against(table(), "hand_limit", "median length", by="n_players",
                                  goal=bk.design.at_least("seat test p", 0.1)), "goal is on 'seat test p'"),
    (lambda: plots.heat_map(table(), "hand_limit", "n_players", "median length",
                                  goal=bk.design.maximise("median length", ideal=30)), "has no range"),
    (lambda: plots.heat_map(pd.concat([table(), table()]), "hand_limit", "n_players", "median length"),
     "several rows for some"),
    (lambda: plots.heat_map(pd.DataFrame(), "a", "b", "c"), "non-empty pandas DataFrame"),
    (lambda: plots.length_ecdfs({}), "frames must be a dict"),
    (lambda: plots.length_ecdfs({"x": pd.DataFrame({"t": [1]})}), "with a 'turns' column"),
])
def test_bad_input(draw, message):
    with pytest.raises(ValueError, match=message):
        draw()

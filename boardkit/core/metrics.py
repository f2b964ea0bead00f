"""Game-design measures from a simulation frame (``bk.metrics``).

Works for every game, because every frame from ``bk.simulate`` has the
columns ``winner`` (seat, or missing when nobody won), ``turns``, ``end`` and
``n_players``.  The measures, and the question each answers:

* Is the game fair to every seat?  :func:`win_rates`, :func:`seat_fairness`
  (the first-player advantage).
* How long does a game last?  :func:`length_summary`, :func:`length_histogram`.
* How do games end?  :func:`end_reasons`.
* Is it exciting?  :func:`drama`: how often the lead changes hands, and how
  often the winner came from behind (needs the ``lead_changes`` and
  ``winner_worst_deficit`` columns, which every boardkit game reports).
* Does skill matter, or is it all luck?  :func:`skill_test`,
  :func:`tournament`, :func:`skill_figure`.
* All of it at once, one row per game: :func:`summary`, :func:`compare`.
"""
from __future__ import annotations

import copy

import numpy as np
import pandas as pd

from .rng import check_seed, game_seeds
from .simulate import bar_for_run, simulate
from .stats import FitResult, chi_square_fit, mean_interval, proportions, wilson_interval

#: the columns a frame needs for the drama measures
DRAMA_COLUMNS = ("lead_changes", "winner_worst_deficit")


def _check_frame(frame, columns=(), name: str = "frame") -> None:
    """A non-empty DataFrame with ``columns``, else ValueError saying what is missing."""
    if not isinstance(frame, pd.DataFrame):
        raise ValueError(f"{name} must be a pandas DataFrame from bk.simulate, got {type(frame).__name__}")
    if len(frame) == 0:
        raise ValueError(f"{name} has no games (no rows)")
    missing = [c for c in columns if c not in frame.columns]
    if missing:
        raise ValueError(f"{name} has no column {', '.join(map(repr, missing))}; "
                         f"its columns are: {', '.join(map(str, frame.columns))}")


def _players(frame: pd.DataFrame) -> int:
    counts = frame["n_players"].unique()
    if len(counts) != 1:
        raise ValueError(f"frame mixes games of {sorted(counts)} players; measure one player count at a time")
    return int(counts[0])


# -- fairness -------------------------------------------------------------------
#: A team game's frame says so: its ``play`` column is "team" in every row, its
#: ``winner`` is a team (0 or 1) and its ``first_team`` the team that played first.
TEAM_PLAY = "team"


def is_team_frame(frame: pd.DataFrame) -> bool:
    """Are the games of ``frame`` won by teams (two sides) rather than by seats?"""
    return ("play" in frame.columns and "first_team" in frame.columns and len(frame) > 0
            and bool((frame["play"] == TEAM_PLAY).all()))


def win_rates(frame: pd.DataFrame, confidence: float = 0.95) -> pd.DataFrame:
    """Each seat's share of the won games, with Wilson intervals.

    With no advantage for any seat each share would be ``1 / n_players``.
    In a team game (:func:`is_team_frame`) the sides are the two teams in the
    order they played: row 0 is the team that played first, whichever it was,
    and a fair share is 1/2.
    """
    if is_team_frame(frame):
        sides, name = 2, "team (in playing order)"
        won = frame.dropna(subset=["winner"])
        winners = (won["winner"].astype(int) - won["first_team"].astype(int)) % 2
    else:
        sides, name = int(frame["n_players"].max()), "seat"
        winners = frame["winner"].dropna().astype(int)
    wins = winners.value_counts().reindex(range(sides), fill_value=0)
    table = proportions(wins, confidence)
    table.index.name = name
    table = table.rename(columns={"count": "wins", "share": "win rate"})
    table["fair share"] = 1 / sides
    return table


def seat_fairness(frame: pd.DataFrame) -> FitResult:
    """Chi-square test: do the seats win equally often?"""
    wins = win_rates(frame)["wins"]
    return chi_square_fit(wins, np.ones(len(wins)) / len(wins))


def seat_gap(frame: pd.DataFrame, confidence: float = 0.95) -> tuple[float, float, float]:
    """How unfair the game is, as a size: the largest gap between a seat's win rate and a fair share.

    ``(gap, low, high)`` in percentage points: 3.2 means some seat (or team)
    wins 3.2 points more, or less, than its fair share ``1 / n`` of the won
    games.  0 is perfectly fair.  Unlike the seat test's p-value, the gap does
    not shrink or grow with the number of games played: more games only
    narrow its interval, so "at most 2 points" means the same with 2,000
    games as with 20,000.

    The interval is simultaneous over the seats (Bonferroni): each seat's
    Wilson interval is taken at ``1 - (1 - confidence) / seats``, so all of
    them hold together with at least ``confidence``; the gap's ends are the
    smallest and largest gap those intervals allow.  With few games the gap
    itself looks larger than the game's (it is the largest of several noisy
    gaps); its interval says by how much.  NaN when no game was won.
    """
    _check_frame(frame, ["winner", "n_players"])
    if not frame["winner"].notna().any():
        return np.nan, np.nan, np.nan
    sides = len(win_rates(frame))
    seats = win_rates(frame, 1 - (1 - confidence) / sides)
    fair = seats["fair share"].to_numpy()
    rate, low, high = (seats[c].to_numpy() for c in ("win rate", "low", "high"))
    gap = np.abs(rate - fair).max()
    nearest = np.maximum(np.maximum(low - fair, fair - high), 0).max()
    farthest = np.maximum(high - fair, fair - low).max()
    return float(100 * gap), float(100 * nearest), float(100 * farthest)


# -- length -------------------------------------------------------------------------
def length_summary(frame: pd.DataFrame, column: str = "turns", confidence: float = 0.95) -> pd.Series:
    """How long games last: not only the mean but the median and the long tail."""
    values = frame[column].to_numpy(dtype=float)
    mean, low, high = mean_interval(values, confidence)
    return pd.Series({
        "games": len(values), "mean": mean, "mean low": low, "mean high": high,
        "median": float(np.median(values)),
        "90th percentile": float(np.percentile(values, 90)),
        "99th percentile": float(np.percentile(values, 99)),
        "shortest": float(values.min()), "longest": float(values.max()),
    }, name=column)


def length_histogram(frame: pd.DataFrame, column: str = "turns", bins="auto") -> pd.DataFrame:
    """How many games lasted how long: one row per bar of a histogram.

    Each row is a bar from ``low`` up to ``high`` (the last bar includes its
    ``high``), with the number of ``games`` in it and their ``share`` of all
    games.  ``bins`` is passed to ``numpy.histogram``: a number of bars, the
    bar edges, or a rule such as ``"auto"``.  A long right tail (a few very
    long games) is what makes a game feel like it "never ends", even when the
    average is short.

        table = bk.metrics.length_histogram(frame, bins=20)
        table.plot.bar(x="low", y="share")
    """
    _check_frame(frame, [column])
    values = pd.to_numeric(frame[column], errors="coerce").to_numpy(dtype=float)
    if np.isnan(values).any():
        raise ValueError(f"column {column!r} must hold a number for every game")
    try:
        counts, edges = np.histogram(values, bins=bins)
    except (TypeError, ValueError) as err:
        raise ValueError(f"bins must be a number of bars, a list of edges or a numpy rule "
                         f"such as 'auto', got {bins!r} ({err})") from None
    return pd.DataFrame({"low": edges[:-1], "high": edges[1:], "games": counts, "share": counts / len(values)})


# -- endings -----------------------------------------------------------------------
def end_reasons(frame: pd.DataFrame, confidence: float = 0.95) -> pd.DataFrame:
    """Share of games ending each way (a win, a turn cap, ...)."""
    table = proportions(frame["end"].fillna("not ended").value_counts(), confidence)
    table.index.name = "end"
    return table


# -- drama ---------------------------------------------------------------------------
def drama(frame: pd.DataFrame, confidence: float = 0.95) -> pd.Series:
    """Is the game exciting?  How often the lead changes, and how often the winner came from behind.

    Each game keeps track of the *standing* of every seat -- how close it is
    to winning -- after every turn (see :mod:`boardkit.core.lead`), and reports:

    * ``lead_changes``: how often the sole leader changed.  0 means whoever
      first went ahead stayed ahead: a procession.
    * ``winner_worst_deficit``: the most the eventual winner was ever behind
      the leader.  Above 0, the winner came from behind: a comeback.

    The figures (each share or mean with its interval, at ``confidence``):

    * ``games``, ``won games``;
    * ``mean lead changes`` (``mean lead changes low`` / ``high``: a Student-t
      interval);
    * ``share with a lead change``: games where the lead changed at least
      once (``... low`` / ``high``: a Wilson interval);
    * ``comeback share``: of the won games, the share whose winner was behind
      at some point (``... low`` / ``high``);
    * ``mean winner deficit``: how far behind winners were at worst, on
      average over the won games (NaN when no game was won).

    A game with many lead changes and many comebacks keeps every player
    hoping; one where the early leader nearly always wins is decided early.
    """
    _check_frame(frame, ["winner", *DRAMA_COLUMNS])
    changes = pd.to_numeric(frame["lead_changes"], errors="coerce").to_numpy(dtype=float)
    if np.isnan(changes).any() or (changes < 0).any():
        raise ValueError("column 'lead_changes' must hold a whole number >= 0 for every game")
    won = frame["winner"].notna().to_numpy()
    deficits = pd.to_numeric(frame["winner_worst_deficit"], errors="coerce").to_numpy(dtype=float)[won]
    if np.isnan(deficits).any():
        raise ValueError("column 'winner_worst_deficit' must hold a number for every game that was won")
    mean, low, high = mean_interval(changes, confidence)
    changed = int((changes > 0).sum())
    changed_low, changed_high = wilson_interval(changed, len(changes), confidence)
    comebacks = int((deficits > 0).sum())
    comeback_low, comeback_high = wilson_interval(comebacks, len(deficits), confidence)
    return pd.Series({
        "games": len(changes), "won games": len(deficits),
        "mean lead changes": mean, "mean lead changes low": low, "mean lead changes high": high,
        "share with a lead change": changed / len(changes),
        "share with a lead change low": changed_low, "share with a lead change high": changed_high,
        "comeback share": comebacks / len(deficits) if len(deficits) else np.nan,
        "comeback share low": comeback_low, "comeback share high": comeback_high,
        "mean winner deficit": float(deficits.mean()) if len(deficits) else np.nan,
    }, name="drama")


# -- luck and skill -------------------------------------------------------------------
def skill_figure(win_rate, n_players: int):
    """How much skill matters: a stronger bot's win rate, rescaled from 0 (pure luck) to 1 (pure skill).

    ``(win_rate - 1/n) / (1 - 1/n)``.  With ``n`` players a bot that plays no
    better than the others wins its fair share, ``1/n`` of the games: the
    figure is 0, the game is all luck.  A bot that always wins scores 1: the
    game is all skill, luck never saves the weaker players.  In between, 0.25
    says the stronger bot wins a quarter of the way from its fair share to
    every game.  Below 0, the "stronger" bot does worse than luck alone.

    Works on a number or an array of win rates (e.g. an interval's ends).
    """
    if not isinstance(n_players, (int, np.integer)) or isinstance(n_players, bool) or n_players < 2:
        raise ValueError(f"n_players must be a whole number >= 2, got {n_players!r}")
    rates = np.asarray(win_rate, dtype=float)
    if np.any(rates < 0) or np.any(rates > 1):
        raise ValueError(f"win_rate must be between 0 and 1, got {win_rate!r}")
    fair = 1 / n_players
    figure = (rates - fair) / (1 - fair)
    return float(figure) if figure.ndim == 0 else figure


def bot_name(bot) -> str:
    """A bot's name for tables: its ``name`` attribute, else the name of its class."""
    return str(getattr(bot, "name", None) or type(bot).__name__)


def seat_rotation(n_games: int, n_players: int) -> list[int]:
    """How many games the strong bot plays in each seat: ``n_games`` split as evenly as possible."""
    return [n_games // n_players + (1 if seat < n_games % n_players else 0) for seat in range(n_players)]


def _check_games(n_games) -> int:
    if not isinstance(n_games, (int, np.integer)) or isinstance(n_games, bool) or n_games < 1:
        raise ValueError(f"n_games must be a whole number >= 1, got {n_games!r}")
    return int(n_games)


def _check_bot(bot, name: str) -> None:
    if not callable(getattr(bot, "choose", None)):
        raise ValueError(f"{name} must be a bot (an object with a choose(game, actions, chance) method), "
                         f"got {bot!r}")


def skill_test(rules, strong, weak, n_players: int = 4, n_games: int = 1000, seed: int | None = 0,
               progress=True, executor=None, engine: str = "auto") -> pd.Series:
    """How often does the ``strong`` bot beat ``n_players - 1`` copies of the ``weak`` bot?

    The strong bot takes each seat in turn (``n_games`` split as evenly as
    possible over the seats, each part with its own seed derived from
    ``seed``), so no seat's advantage helps or hurts it.  The weak seats get
    copies (``copy.deepcopy``) of ``weak``.  ``progress``, ``executor`` and
    ``engine`` are as for ``bk.simulate``; one progress bar covers the whole test.

    Returns ``games``, ``won games`` (games somebody won), ``wins`` (won by
    the strong bot), ``win rate`` (its share of the won games, as in
    :func:`win_rates`) with its Wilson interval ``low`` / ``high``, ``fair
    share`` (``1 / n_players``: what luck alone would give), ``skill`` (see
    :func:`skill_figure`) with ``skill low`` / ``skill high``, and the bots'
    names ``strong`` and ``weak``.

    How to read it: a win rate whose interval lies above the fair share says
    the stronger play really pays; ``skill`` says how much, on a scale from
    luck (0) to skill (1).
    """
    _check_bot(strong, "strong")
    _check_bot(weak, "weak")
    n_games = _check_games(n_games)
    check_seed(seed)
    rules.check_players(n_players)
    strong_name, weak_name = bot_name(strong), bot_name(weak)
    bar = bar_for_run(progress, n_games, f"{rules.game_name}: {strong_name} vs {weak_name}")
    wins = won = 0
    try:
        for seat, (part, part_seed) in enumerate(zip(seat_rotation(n_games, n_players),
                                                     game_seeds(seed, n_players))):
            if part == 0:
                continue
            bots = [strong if s == seat else copy.deepcopy(weak) for s in range(n_players)]
            frame = simulate(rules, n_players=n_players, n_games=part, seed=part_seed, bots=bots,
                             progress=bar, executor=executor, engine=engine)
            winners = frame["winner"].dropna()
            won += len(winners)
            wins += int((winners == seat).sum())
    finally:
        if bar is not progress:  # a bar handed in is the caller's to close
            bar.close()
    low, high = wilson_interval(wins, won)
    fair = 1 / n_players
    rate = wins / won if won else np.nan
    return pd.Series({
        "games": n_games, "won games": won, "wins": wins, "win rate": rate, "low": low, "high": high,
        "fair share": fair, "skill": skill_figure(rate, n_players) if won else np.nan,
        "skill low": skill_figure(low, n_players), "skill high": skill_figure(high, n_players),
        "strong": strong_name, "weak": weak_name,
    }, name=f"{strong_name} vs {weak_name}")


def tournament(rules, bots: dict, n_players: int = 4, n_games: int = 1000, seed: int | None = 0,
               progress=True, executor=None, engine: str = "auto") -> pd.DataFrame:
    """Every bot against every other: a :func:`skill_test` for each ordered pair of names.

    ``bots`` maps a name to a bot, e.g. ``{"Random": Random(), "Collector":
    Collector()}``.  For each pair (``bot``, ``against``) of different names,
    ``bot`` plays as the strong bot against copies of ``against``, with the
    same ``seed`` for every pair (so every pairing meets the same dice).
    Returns one row per pair (long form), with the columns ``bot``,
    ``against``, ``games``, ``wins``, ``win rate``, ``low``, ``high`` and
    ``skill``.  As a matrix, rows the bot and columns its opponents::

        table = bk.metrics.tournament(md.Rules(), {"Random": Random(), "Collector": Collector()})
        table.pivot(index="bot", columns="against", values="skill")

    A bot whose row is above 0 against everyone is the best of the field;
    a row near 0 everywhere means the game hardly rewards its way of playing.
    """
    if not isinstance(bots, dict) or len(bots) < 2:
        raise ValueError(f"bots must be a dict of at least two named bots, got {bots!r}")
    for name, bot in bots.items():
        _check_bot(bot, f"bots[{name!r}]")
    n_games = _check_games(n_games)
    rules.check_players(n_players)
    pairs = [(a, b) for a in bots for b in bots if a != b]
    bar = bar_for_run(progress, len(pairs) * n_games, f"{rules.game_name}: tournament of {len(bots)} bots")
    rows = []
    try:
        for a, b in pairs:
            result = skill_test(rules, bots[a], bots[b], n_players=n_players, n_games=n_games, seed=seed,
                                progress=bar, executor=executor, engine=engine)
            rows.append({"bot": a, "against": b, **{k: result[k] for k in
                                                     ("games", "wins", "win rate", "low", "high", "skill")}})
    finally:
        if bar is not progress:
            bar.close()
    return pd.DataFrame(rows, columns=["bot", "against", "games", "wins", "win rate", "low", "high", "skill"])


# -- one game's headline figures, and several games side by side -----------------------------
def summary(frame: pd.DataFrame) -> pd.Series:
    """One game's headline figures from a simulation frame.

    ``games``, ``players``; the length in turns: ``mean length``, ``median
    length``, ``90th percentile``, ``99th percentile``; fairness: ``first
    seat win rate`` (of the won games; in a team game the first team's), ``largest seat gap`` (in
    percentage points, see :func:`seat_gap`) and ``seat test p``
    (the p-value of :func:`seat_fairness`: small means the seats, or teams, really differ); ``won share``
    (games that somebody won); drama: ``mean lead changes`` and ``comeback
    share`` (NaN when the frame has no drama columns).
    """
    _check_frame(frame, ["winner", "turns", "n_players"])
    players = _players(frame)
    turns = pd.to_numeric(frame["turns"], errors="coerce").to_numpy(dtype=float)
    won = frame["winner"].notna()
    if won.any():
        first_seat, seat_p = float(win_rates(frame).loc[0, "win rate"]), seat_fairness(frame).p_value
    else:
        first_seat = seat_p = np.nan
    gap = seat_gap(frame)[0]
    if all(c in frame.columns for c in DRAMA_COLUMNS):
        figures = drama(frame)
        mean_changes, comebacks = figures["mean lead changes"], figures["comeback share"]
    else:
        mean_changes = comebacks = np.nan
    return pd.Series({
        "games": len(frame), "players": players,
        "mean length": float(turns.mean()), "median length": float(np.median(turns)),
        "90th percentile": float(np.percentile(turns, 90)), "99th percentile": float(np.percentile(turns, 99)),
        "first seat win rate": first_seat, "largest seat gap": gap, "seat test p": seat_p,
        "won share": float(won.mean()),
        "mean lead changes": mean_changes, "comeback share": comebacks,
    })


def compare(frames: dict, skill: dict | None = None) -> pd.DataFrame:
    """Several games side by side: one row of :func:`summary` for each named frame.

    ``frames`` maps a game's name to its simulation frame; ``skill``
    (optional) maps names to a skill figure (e.g. ``skill_test(...)["skill"]``),
    shown in a ``skill`` column (NaN for a game without one).

        bk.metrics.compare({"Mystery Date": md_games, "Mouse Trap": mt_games},
                           skill={"Mystery Date": 0.12, "Mouse Trap": 0.05})
    """
    if not isinstance(frames, dict) or not frames:
        raise ValueError(f"frames must be a dict of named simulation frames, got {frames!r}")
    for name, frame in frames.items():
        _check_frame(frame, ["winner", "turns", "n_players"], name=f"frames[{name!r}]")
    table = pd.DataFrame({name: summary(frame) for name, frame in frames.items()}).T
    table = table.astype({"games": int, "players": int})
    table.index.name = "game"
    if skill is not None:
        if not isinstance(skill, dict):
            raise ValueError(f"skill must be a dict of game name to skill figure, got {skill!r}")
        unknown = sorted(set(skill) - set(frames), key=str)
        if unknown:
            raise ValueError(f"skill names games with no frame: {unknown}; the frames are {list(frames)}")
        table["skill"] = [float(skill[name]) if name in skill else np.nan for name in table.index]
    return table


# -- the headline figures with their intervals (for sweeps and the design lab) ---------------
def quantile_interval(values, q: float, confidence: float = 0.95) -> tuple[float, float, float]:
    """A quantile of ``values`` with a distribution-free interval: ``(estimate, low, high)``.

    ``estimate`` is ``numpy.percentile(values, 100 * q)``.  The interval runs
    between two of the sorted values (order statistics), chosen so that the
    true quantile of the game lies between them with at least ``confidence``
    (the number of games shorter than the true quantile is binomial).  It
    needs no assumption about the shape of the distribution, which matters
    for game lengths with long tails.  Where too few games are played to
    reach that confidence (e.g. the 99th percentile of 50 games) the
    interval runs to the shortest or longest game, and it always contains
    the estimate.
    """
    values = np.sort(np.asarray(values, dtype=float))
    if values.size == 0:
        raise ValueError("quantile_interval needs at least one value")
    if not 0 <= q <= 1:
        raise ValueError(f"q must be between 0 and 1, got {q!r}")
    if not 0 < confidence < 1:
        raise ValueError(f"confidence must be between 0 and 1, got {confidence!r}")
    from scipy import special

    n = values.size
    estimate = float(np.percentile(values, 100 * q))
    tail = (1 - confidence) / 2
    below = special.bdtr(np.arange(n + 1), n, q)   # P(at most k of the n games fall below the quantile)
    lower = max(int((below <= tail).sum()), 1)      # the lower end is the lower-th smallest game
    upper = min(int(np.argmax(below >= 1 - tail)) + 1, n)
    return estimate, min(float(values[lower - 1]), estimate), max(float(values[upper - 1]), estimate)


def summary_with_intervals(frame: pd.DataFrame, confidence: float = 0.95) -> pd.Series:
    """:func:`summary`'s figures, each followed by its interval where it has one.

    The same figures as :func:`summary` (same values), and after each
    estimate its ``<figure> low`` and ``<figure> high`` at ``confidence``:

    * ``mean length``, ``mean lead changes``: Student-t intervals;
    * ``median length``, ``90th percentile``, ``99th percentile``: the
      order-statistic intervals of :func:`quantile_interval`;
    * ``first seat win rate`` (of the won games), ``won share``,
      ``comeback share``: Wilson intervals;
    * ``largest seat gap``: simultaneous over the seats (:func:`seat_gap`).

    ``games`` and ``players`` are counts, and ``seat test p`` is a p-value,
    itself a statement about chance: these three have no interval.
    """
    figures = summary(frame)
    turns = pd.to_numeric(frame["turns"], errors="coerce").to_numpy(dtype=float)
    intervals = {"mean length": mean_interval(turns, confidence)[1:]}
    for name, q in (("median length", 0.5), ("90th percentile", 0.9), ("99th percentile", 0.99)):
        intervals[name] = quantile_interval(turns, q, confidence)[1:]
    won = frame["winner"].notna()
    if won.any():
        seats = win_rates(frame, confidence)
        intervals["first seat win rate"] = (float(seats.loc[0, "low"]), float(seats.loc[0, "high"]))
    else:
        intervals["first seat win rate"] = (np.nan, np.nan)
    intervals["largest seat gap"] = seat_gap(frame, confidence)[1:]
    intervals["won share"] = wilson_interval(int(won.sum()), len(frame), confidence)
    if all(c in frame.columns for c in DRAMA_COLUMNS):
        excitement = drama(frame, confidence)
        for name in ("mean lead changes", "comeback share"):
            intervals[name] = (excitement[f"{name} low"], excitement[f"{name} high"])
            if np.isnan(figures[name]):
                intervals[name] = (np.nan, np.nan)
    else:
        intervals["mean lead changes"] = intervals["comeback share"] = (np.nan, np.nan)
    values = {}
    for name, value in figures.items():
        values[name] = value
        if name in intervals:
            values[f"{name} low"], values[f"{name} high"] = (float(end) for end in intervals[name])
    return pd.Series(values)

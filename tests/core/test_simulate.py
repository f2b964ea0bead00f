"""bk.simulate and bk.play: reproducible frames, whatever the executor."""
from concurrent.futures import ProcessPoolExecutor

import pandas as pd
import pytest

import boardkit as bk
from boardkit.core import game_seeds
from boardkit.games import mystery_date as md

RULES = md.Rules()


def sim(**kwargs):
    options = dict(n_players=3, n_games=30, seed=5, progress=False)
    options.update(kwargs)
    return bk.simulate(RULES, **options)


def test_same_seed_same_frame():
    pd.testing.assert_frame_equal(sim(), sim())


def test_different_seed_different_frame():
    assert not sim(seed=5)["seed"].equals(sim(seed=6)["seed"])


def test_columns_and_values():
    frame = sim()
    for column in ("game", "seed", "winner", "turns", "end", "n_players", "date"):
        assert column in frame.columns
    assert len(frame) == 30
    assert frame["game"].tolist() == list(range(30))
    assert frame["seed"].tolist() == game_seeds(5, 30)
    assert (frame["n_players"] == 3).all()
    assert (frame["turns"] >= 1).all()
    assert set(frame["end"]) <= {"date found", "turn cap"}
    won = frame[frame["end"] == "date found"]
    assert won["winner"].isin([0, 1, 2]).all()
    assert won["date"].isin(md.COLOURS).all()


def test_each_row_replays_from_its_seed():
    """A reference-engine row is that seed's game (a fast-lane row is that seed's game in the lane)."""
    frame = sim(n_games=5, engine="reference")
    for row in frame.itertuples():
        game = md.Game(RULES, n_players=3, seed=int(row.seed))
        record = bk.play(game)
        assert (record.winner, record.turns, record.end) == (row.winner, row.turns, row.end)


def test_extra_keyword_columns():
    frame = sim(n_games=4, variant="no dud", hand=7)
    assert (frame["variant"] == "no dud").all()
    assert (frame["hand"] == 7).all()


def test_process_pool_gives_the_same_frame():
    plain = sim(n_games=40, n_players=4)
    with ProcessPoolExecutor(max_workers=2) as executor:
        pooled = sim(n_games=40, n_players=4, executor=executor)
    pd.testing.assert_frame_equal(plain, pooled)


def test_boardkit_process_pool_gives_the_same_frame_and_never_forks_the_caller():
    import threading
    held = threading.Lock()
    held.acquire()            # a lock another thread holds, as in a notebook kernel
    try:
        with bk.process_pool(workers=2) as pool:
            assert pool._mp_context.get_start_method() in ("forkserver", "spawn")
            pooled = sim(n_games=40, n_players=4, executor=pool)
    finally:
        held.release()
    pd.testing.assert_frame_equal(sim(n_games=40, n_players=4), pooled)


def test_bots_are_used():
    frame = sim(n_games=20, bots=[md.bots.Random(), md.bots.Random(), md.bots.Random()])
    collector = sim(n_games=20)
    assert frame["seed"].equals(collector["seed"])
    assert not frame["turns"].equals(collector["turns"])


def test_turn_cap_games_have_no_winner():
    # the door only ever shows the Dud, so nobody can win; every game stops at the cap
    rules = RULES.replace(max_turns=30, door_weights=(0, 0, 0, 0, 1))
    frame = bk.simulate(rules, n_players=2, n_games=10, seed=0, progress=False)
    assert (frame["end"] == "turn cap").all()
    assert frame["winner"].isna().all()
    assert (frame["turns"] == 30).all()
    assert frame["date"].isna().all()


@pytest.mark.parametrize("n_games", [0, -5, 2.5, "10", None])
def test_bad_n_games(n_games):
    with pytest.raises(ValueError, match="n_games"):
        sim(n_games=n_games)


@pytest.mark.parametrize("n_players", [1, 5])
def test_bad_n_players(n_players):
    with pytest.raises(ValueError, match="n_players"):
        sim(n_players=n_players)


@pytest.mark.parametrize("bots", [[md.bots.Random()], [md.bots.Random(), None, md.bots.Random()]])
def test_bad_bots(bots):
    with pytest.raises(ValueError, match="bot"):
        sim(bots=bots)


def test_play_returns_a_record():
    game = md.Game(RULES, n_players=2, seed=1)
    record = bk.play(game, [md.bots.Collector(), md.bots.Random()])
    assert game.is_over
    assert record.game is game
    assert (record.winner, record.turns, record.end) == (game.winner, game.turns, game.end_reason)
    assert record.events is game.events and record.events
    assert record.result == game.result()
    assert record.result["seed"] == 1


def test_play_needs_one_bot_per_seat():
    with pytest.raises(ValueError, match="one bot per seat"):
        bk.play(md.Game(RULES, n_players=3, seed=1), [md.bots.Random()])


def test_play_step_limit():
    with pytest.raises(RuntimeError):
        bk.play(md.Game(RULES, n_players=2, seed=1), max_steps=3)


def test_step_takes_single_choices_and_refuses_human_seats():
    game = md.Game(RULES, n_players=2, seed=3)
    # a roll is the only choice: no bot is asked
    assert bk.step(game, [None, None]) == md.Roll()
    assert game.turns == 1
    # play on with bots until some decision has several choices, then a human seat cannot step
    bots = [md.bots.Random(), md.bots.Random()]
    while len(game.legal_actions()) < 2:
        bk.step(game, bots)
    with pytest.raises(ValueError, match="human"):
        bk.step(game, [None, None])


def test_a_progress_bar_handed_in_is_updated_and_left_open():
    class Bar:
        def __init__(self):
            self.done, self.closed = 0, False

        def update(self, n):
            self.done += n

        def close(self):
            self.closed = True

    bar = Bar()
    sim(n_games=30, progress=bar)
    sim(n_games=20, progress=bar)           # one bar can follow several runs
    assert (bar.done, bar.closed) == (50, False)


def test_with_an_executor_the_bar_moves_before_any_worker_has_played():
    """Workers take seconds to start (in Voila a bar sat at "0 of 9,000 games" for 13 s):
    the first chunk is played here meanwhile, so the bar moves first; the frame is the same."""
    from concurrent.futures import Future

    happened = []

    class LazyExecutor:        # its chunks are played only when asked for, as a slow pool's would be
        _max_workers = 2

        def submit(self, fn, *args):
            future = Future()
            future.result = lambda timeout=None: happened.append("a worker's chunk") or fn(*args)
            return future

    class Bar:
        def update(self, n):
            happened.append("bar moved")

    pooled = sim(n_games=300, n_players=4, executor=LazyExecutor(), progress=Bar())
    assert happened[0] == "bar moved"
    assert happened.count("bar moved") == 100 and happened.count("a worker's chunk") == 99
    pd.testing.assert_frame_equal(pooled, sim(n_games=300, n_players=4))


def test_a_dask_cluster_gives_the_same_frame():
    """``executor=client.get_executor()``: a Dask cluster (here two worker processes on
    this machine, listening on 127.0.0.1 only) plays the chunks and gives the same frame."""
    import distributed  # in the test extra (and the dask extra for users)

    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                  dashboard_address=None, silence_logs=40) as cluster:
        with distributed.Client(cluster) as client:
            clustered = sim(n_games=40, n_players=4, executor=client.get_executor())
            workers = list(client.scheduler_info()["workers"])
        assert cluster.scheduler_address.startswith("tcp://127.0.0.1:")
        assert len(workers) == 2 and all(address.startswith("tcp://127.0.0.1:") for address in workers)
    pd.testing.assert_frame_equal(sim(n_games=40, n_players=4), clustered)

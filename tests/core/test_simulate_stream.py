"""bk.simulate_stream, compact frames, the seeds as an array, and warming the lanes up."""
import math
import os
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

import boardkit as bk
import boardkit.core.fast as core_fast
from boardkit.core import game_seeds
from boardkit.core.simulate import seed_array
from boardkit.games import mystery_date as md

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("seed", [0, 5, 2**63, None])
def test_the_seed_array_is_game_seeds(seed):
    if seed is None:
        assert len(seed_array(None, 10)) == 10
        return
    assert seed_array(seed, 1000).tolist() == game_seeds(seed, 1000)
    assert seed_array(seed, 1000).dtype == np.int64


@pytest.mark.parametrize("engine", ["reference", "fast"])
def test_a_stream_holds_the_rows_of_the_whole_frame(engine):
    whole = bk.simulate(md.Rules(), 3, 250, seed=2, progress=False, engine=engine, variant="book")
    parts = list(bk.simulate_stream(md.Rules(), 3, 250, seed=2, progress=False, engine=engine, chunk_size=60,
                                    variant="book"))
    assert [len(p) for p in parts] == [60, 60, 60, 60, 10]
    assert all(p.attrs["engine"] == engine for p in parts)
    streamed = pd.concat(parts, ignore_index=True)
    assert streamed["game"].tolist() == list(range(250))
    for column in whole.columns:  # the same values (a reference chunk's types follow its own values)
        assert whole[column].astype(object).where(whole[column].notna(), None).tolist() == \
            streamed[column].astype(object).where(streamed[column].notna(), None).tolist(), column


@pytest.mark.parametrize("chunk_size", [0, -1, 2.5, "10", True, None])
def test_a_bad_chunk_size_is_refused(chunk_size):
    with pytest.raises(ValueError, match="chunk_size"):
        bk.simulate_stream(md.Rules(), 2, 10, chunk_size=chunk_size)


def test_a_stream_checks_its_arguments_when_called_not_when_first_read():
    with pytest.raises(ValueError, match="n_games"):
        bk.simulate_stream(md.Rules(), 2, 0)
    with pytest.raises(ValueError, match="engine"):
        bk.simulate_stream(md.Rules(), 2, 10, engine="warp")


def test_a_fast_frame_is_compact_and_holds_the_same_numbers():
    frame = bk.simulate(md.Rules(max_turns=40), 4, 3000, seed=1, progress=False, engine="fast")
    assert frame["seed"].dtype == np.int64
    assert frame["turns"].dtype == np.int32 and frame["lead_changes"].dtype == np.int32
    assert frame["winner"].dtype == "Int8" and frame["winner"].isna().any()  # some games hit the cap
    wide = pd.DataFrame(md.fast.play_games(md.Rules(max_turns=40), 4, frame["seed"].to_numpy(),
                                           md.Rules().default_bots(4)))
    assert (frame["turns"].to_numpy() == wide["turns"].to_numpy()).all()
    assert (frame["winner"].fillna(-1).to_numpy() == wide["winner"].to_numpy()).all()
    per_game = frame.drop(columns=["end", "date"]).memory_usage(index=False).sum() / len(frame)
    assert per_game < 40


def test_warm_up_compiles_every_lane_and_says_how_long():
    timings = core_fast.warm_up(n_games=2, verbose=False)
    assert "mystery_date" in timings and set(timings) == set(core_fast.lanes())
    assert all(isinstance(t, float) for t in timings.values())
    assert not math.isnan(timings["mystery_date"])


def test_binder_post_build_warms_the_lanes():
    script = ROOT / "binder" / "postBuild"
    text = script.read_text()
    assert text.startswith("#!/bin/bash") and os.access(script, os.X_OK)
    assert 'python -c "import boardkit.core.fast as f; f.warm_up()"' in text

"""Record the reference games that Philo Vance's fast-lane test compares against.

    python tools/record_pv_reference.py            # all cases, on 2 cores (about 30 minutes)
    python tools/record_pv_reference.py --quick    # n/100 games a case, to try things out
    python tools/record_pv_reference.py --missing  # only the cases not recorded as defined now
    python tools/record_pv_reference.py --pilot    # p and CV per case from fast-lane games
    python tools/record_pv_reference.py --report   # what each recorded case catches

The readable reference engine plays Philo Vance slowly (70-550 games/s on one
core), too slowly for ``tests/philo_vance/test_pv_fast.py`` to play the tens
of thousands of games a case that catch a 2-point difference in a win rate or
a 3% difference in mean length.  So this script plays each case of
``tests/philo_vance/pv_fast_cases.py`` once with ``bk.simulate(...,
engine="reference")`` and writes the compared columns to
``tests/philo_vance/data/reference_games.npz``, with each case's fingerprint
(rules, players, bots, n, seed).  The test checks every run that the
fingerprints still match and that a sample of the recorded games, replayed by
the reference engine, comes out exactly as recorded; when either fails, run
this script again and commit the new file.

``--pilot`` plays 20,000 fast-lane games a case and prints, for each, the win
rate nearest one half and the turns' coefficient of variation, the numbers
``pv_fast_cases.PILOT`` holds, with the reference games they call for.
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from dataclasses import replace
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "philo_vance"))

import boardkit as bk  # noqa: E402
from pv_fast_cases import (CASES, FAST_PER_REFERENCE, RECORDING, caught, decode, encode, games_needed,  # noqa: E402
                           load_recording)

WORKERS = 2
PILOT_GAMES = 20_000


def nearest_half(winner) -> float:
    """The win rate (a seat's, or "no winner"'s) nearest 1/2: the hardest one to pin down."""
    shares = winner.fillna(-1).value_counts(normalize=True)
    return float(shares.iloc[np.argmin(abs(shares.to_numpy() - 0.5))])


def pilot():
    for name, case in CASES.items():
        start = time.process_time()
        frame = bk.simulate(case.rules, case.n_players, n_games=PILOT_GAMES, seed=7, bots=case.bots(),
                            progress=False, engine="fast")
        seconds = time.process_time() - start
        p, cv = nearest_half(frame["winner"]), frame["turns"].std() / frame["turns"].mean()
        print(f"    {name!r}: ({p:.3f}, {cv:.3f}),  # n = {games_needed(p, cv):,}; "
              f"fast lane {PILOT_GAMES / seconds:,.0f} games/s (with compiling)", flush=True)


def report(path: Path):
    """What each recorded case catches: p and CV measured on the recording, n recorded, m = 2n."""
    recording = load_recording(path)
    print(f"{'case':<50} {'n':>7} {'m':>7} {'p':>6} {'CV':>5} {'points':>6} {'length':>6}")
    for name, case in CASES.items():
        frame = decode(recording[name][1], recording["end_labels"], case.n_players)
        n = len(frame)
        p, cv = nearest_half(frame["winner"]), frame["turns"].std() / frame["turns"].mean()
        points, percent = caught(p, cv, n, FAST_PER_REFERENCE * n)
        print(f"{name[:50]:<50} {n:>7,} {FAST_PER_REFERENCE * n:>7,} {p:>6.3f} {cv:>5.2f} {points:>6.2f} "
              f"{percent:>5.2f}%")


def record(scale: float, path: Path, missing: bool = False):
    """Play each case's reference games and write them to ``path``; with ``missing``, keep the cases
    already recorded there as defined now (same fingerprint) and play only the others."""
    end_labels = ("convicted", "all retired", "turn cap")
    kept = load_recording(path) if missing and path.exists() else {}
    if kept and tuple(kept["end_labels"]) != end_labels:
        kept = {}
    todo = [name for name, case in CASES.items()
            if name not in kept or kept[name][0] != replace(case, n=len(kept[name][1]["seed"])).fingerprint()]
    names, fingerprints, parts = [], [], []
    total = sum(max(1, round(CASES[name].n * scale)) for name in todo)
    print(f"recording {total:,} reference games of {len(todo)} cases on {WORKERS} cores"
          + (f", keeping {len(CASES) - len(todo)} recorded" if missing else ""), flush=True)
    with bk.process_pool(workers=WORKERS) as pool:
        for name, case in CASES.items():
            names.append(name)
            if name not in todo:
                fingerprints.append(kept[name][0])
                parts.append(kept[name][1])
                continue
            n = max(1, round(case.n * scale))
            start = time.time()
            frame = bk.simulate(case.rules, case.n_players, n_games=n, seed=case.seed, bots=case.bots(),
                                progress=True, executor=pool, engine="reference")
            assert frame.attrs["engine"] == "reference"
            print(f"{name}: {n:,} games in {time.time() - start:,.0f} s", flush=True)
            fingerprints.append(replace(case, n=n).fingerprint())  # a quick recording's n is not the case's
            parts.append(encode(frame, end_labels))
    write_recording(path, names, fingerprints, parts, end_labels)


def write_recording(path: Path, names, fingerprints, parts, end_labels):
    """Write the cases' encoded games (``parts``) and fingerprints to ``path`` (one .npz)."""
    columns = {key: np.concatenate([part[key] for part in parts]) for key in parts[0]}
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(path.stem + ".partial.npz")
    np.savez_compressed(temporary, names=np.array(names), fingerprints=np.array(fingerprints),
                        sizes=np.array([len(part["seed"]) for part in parts], dtype=np.int64),
                        end_labels=np.array(end_labels), **columns)
    os.replace(temporary, path)
    assert list(load_recording(path)) == ["end_labels"] + list(names)
    print(f"wrote {path} ({path.stat().st_size / 1e6:.2f} MB)", flush=True)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="record n/100 games a case (to try things out)")
    parser.add_argument("--missing", action="store_true",
                        help="record only the cases not recorded as defined now, keeping the others")
    parser.add_argument("--pilot", action="store_true", help="print p and CV per case from fast-lane games")
    parser.add_argument("--report", action="store_true",
                        help="print what each recorded case catches (win-rate points, mean length %%)")
    parser.add_argument("--out", type=Path, default=RECORDING, help=f"where to write (default {RECORDING})")
    args = parser.parse_args(argv)
    if args.pilot:
        pilot()
    elif args.report:
        report(args.out)
    else:
        record(0.01 if args.quick else 1.0, args.out, missing=args.missing)


if __name__ == "__main__":
    main()

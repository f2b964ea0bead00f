"""Many pages writing straight at the class store: writes per second, latency, CPU and the store's size.

    python benchmarks/classroom_store.py                       # 300 writers (10 classes of 30), SQLite then PostgreSQL
    python benchmarks/classroom_store.py --every 2             # each page writes every 2 s (a lively class), not flat out
    python benchmarks/classroom_store.py --store sqlite --writers 30
    python benchmarks/classroom_store.py --store postgresql --url postgresql+psycopg://user@host/db   # your server

Each writer is a process of its own with its own ``ClassStore``, as each page's
kernel is: it joins its class, then makes ``--writes`` writes the way a student's
page does (running play totals, and every fifth write a locked guess), timing
each call (a write the store is too busy for is tried again 0.1 s later, as a
page's link does, and timed until it is in).  All writers start together (with
``--every``, they join over the first interval).  PostgreSQL is, unless ``--url`` names a
server, a throwaway cluster started here with the server's default, durable
settings (fsync and synchronous commit on); SQLite is a file in a temporary
folder with the store's own settings (WAL, synchronous=NORMAL).

Reported per store: writes per second over the whole run, the latency of one
write (median, p90, p99, max), how many tries were turned away by a busy store
and whether every class's totals came out exact (they must), the CPU the writers (and the PostgreSQL server)
used, and the store's size (all classes, and per class).  Timings are wall-clock
on a shared machine: run it on a quiet one.
"""
from __future__ import annotations

import argparse
import multiprocessing
import os
import sys
import tempfile
import time
import traceback

import numpy as np

from boardkit.classroom import ClassStore, StoreUnavailable

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tests", "classroom"))
from pg_cluster import Cluster  # noqa: E402  (the tests' throwaway cluster)


def write_like_a_page(url, code, number, writes, every, start, results):
    """One page: join, then ``writes`` writes, ``every`` seconds apart (0: flat out); send back the latencies.

    A write the store cannot take now (StoreUnavailable: busy past its timeout) is tried
    again 0.1 s later, as a page's ClassLink does; its latency runs until it is in.
    """
    latencies, retries = [], 0

    def write(call, *args, **options):
        nonlocal retries
        before = time.perf_counter()
        while True:
            try:
                call(code, page_id, *args, **options)
                break
            except StoreUnavailable:
                retries += 1
                time.sleep(0.1)
        latencies.append(time.perf_counter() - before)

    try:
        store = ClassStore(url, busy_timeout=5)
        page_id = f"bench-page-{number:05d}"
        rng = np.random.default_rng(number)
        start.wait()
        began, cpu = time.perf_counter(), time.process_time()
        if every:
            time.sleep(every * rng.uniform(0, 1))          # pages join over the first interval, not all at once
        write(store.join)
        successes = 0
        for count in range(writes):
            if every:
                time.sleep(every * rng.uniform(0.5, 1.5))
            if count % 5 == 4:
                write(store.lock_prediction, f"guess{count % 3}", float(rng.uniform()), between=(0, 1))
            else:
                successes += int(rng.uniform() < 0.2)
                write(store.record_plays, "dream_date", successes, count - count // 5 + 1)
        results.put((number, latencies, retries, began, time.perf_counter(), time.process_time() - cpu))
        store.close()
    except BaseException:                                  # a refused write (a bug here) or a crash
        results.put((number, None, traceback.format_exc(), 0.0, 0.0, 0.0))


def run(url, writers, class_size, writes, every, server_cpu=None) -> dict:
    """Start the classes, let every writer write, and measure."""
    store = ClassStore(url)
    codes = [store.start_class("benchmark") for _ in range(-(-writers // class_size))]
    store.close()                                        # no connection crosses the fork
    fork = multiprocessing.get_context("fork")
    start, results = fork.Barrier(writers), fork.Queue()
    cpu_before, server_before = os.times(), server_cpu() if server_cpu else 0.0
    pages = [fork.Process(target=write_like_a_page,
                          args=(url, codes[n // class_size], n, writes, every, start, results))
             for n in range(writers)]
    for page in pages:
        page.start()
    answers = [results.get(timeout=600) for _ in pages]
    for page in pages:
        page.join()
    cpu_after = os.times()
    broken = [answer for answer in answers if answer[1] is None]
    if broken:
        raise SystemExit(f"{len(broken)} writers crashed; the first:\n{broken[0][2]}")
    latencies = np.concatenate([answer[1] for answer in answers]) * 1000
    seconds = max(a[4] for a in answers) - min(a[3] for a in answers)
    trials = writes - writes // 5
    exact = all(store.class_view(code).plays["dream_date"].trials ==
                trials * sum(1 for n in range(writers) if n // class_size == i) for i, code in enumerate(codes))
    size = store.size()
    for code in codes:
        store.end_class(code)
    return {
        "writers": writers, "classes": len(codes), "writes": len(latencies),   # the joins included
        "seconds": seconds, "writes_per_second": len(latencies) / seconds,
        "median_ms": np.percentile(latencies, 50), "p90_ms": np.percentile(latencies, 90),
        "p99_ms": np.percentile(latencies, 99), "max_ms": latencies.max(),
        "retried": sum(answer[2] for answer in answers), "exact": exact,
        "cpu_per_write_ms": 1000 * sum(answer[5] for answer in answers) / len(latencies),
        "writer_cpu": (cpu_after.children_user + cpu_after.children_system
                       - cpu_before.children_user - cpu_before.children_system),
        "server_cpu": (server_cpu() - server_before) if server_cpu else None,
        "server_cpu_per_write_ms": 1000 * (server_cpu() - server_before) / len(latencies) if server_cpu else None,
        "cores_used": ((cpu_after.children_user + cpu_after.children_system - cpu_before.children_user
                        - cpu_before.children_system) + ((server_cpu() - server_before) if server_cpu else 0))
                      / seconds,
        "size": size, "size_per_class": size / len(codes), "size_after_end": store.size(),
    }


def report(name, result) -> None:
    server = "" if result["server_cpu"] is None else \
        f", server {result['server_cpu']:.1f} s ({result['server_cpu_per_write_ms']:.2f} ms a write)"
    print(f"{name}: {result['writers']} writers in {result['classes']} classes, {result['writes']:,} writes in "
          f"{result['seconds']:.1f} s = {result['writes_per_second']:,.0f} writes/s; one write: median "
          f"{result['median_ms']:.1f} ms, p90 {result['p90_ms']:.1f} ms, p99 {result['p99_ms']:.1f} ms, max "
          f"{result['max_ms']:.0f} ms; tries again after a busy store: {result['retried']}, totals exact: "
          f"{result['exact']}; CPU: writers "
          f"{result['writer_cpu']:.1f} s (starting included; {result['cpu_per_write_ms']:.2f} ms a write){server}, "
          f"{result['cores_used']:.2f} of {os.cpu_count()} cores while it ran; store {result['size'] / 1e6:.2f} MB "
          f"({result['size_per_class'] / 1e3:.0f} kB a class; {result['size_after_end'] / 1e6:.2f} MB once ended)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--store", choices=["sqlite", "postgresql", "both"], default="both")
    parser.add_argument("--writers", type=int, default=300)
    parser.add_argument("--class-size", type=int, default=30)
    parser.add_argument("--writes", type=int, default=50, help="writes per page after joining")
    parser.add_argument("--every", type=float, default=0.0, help="seconds between a page's writes (0: flat out)")
    parser.add_argument("--url", help="a PostgreSQL address to use instead of a throwaway cluster")
    options = parser.parse_args()
    print(f"{os.cpu_count()} cores; {options.writers} writers, {options.writes} writes each, "
          f"{'flat out' if not options.every else f'about every {options.every:g} s'}")
    if options.store in ("sqlite", "both"):
        with tempfile.TemporaryDirectory() as folder:
            report("SQLite", run(f"sqlite:///{folder}/class-store.db", options.writers, options.class_size,
                                 options.writes, options.every))
    if options.store in ("postgresql", "both"):
        if options.url:
            report("PostgreSQL", run(options.url, options.writers, options.class_size, options.writes,
                                     options.every))
        else:
            cluster = Cluster(durable=True)
            try:
                report("PostgreSQL 15", run(cluster.admin_url, options.writers, options.class_size,
                                            options.writes, options.every, cluster.server_cpu))
            finally:
                cluster.remove()


if __name__ == "__main__":
    main()

"""What the benchmark scripts share: timing a run the same way."""
from __future__ import annotations

import time


def timed(run, repeat: int) -> tuple[float, float]:
    """Best wall-clock and best process (CPU) time of ``repeat`` calls of ``run()``, in seconds."""
    walls, cpus = [], []
    for _ in range(repeat):
        wall, cpu = time.perf_counter(), time.process_time()
        run()
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return min(walls), min(cpus)

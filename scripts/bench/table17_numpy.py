"""Vectorised numpy Table 17 (Joules-to-GDP K.1), the speed reference for scripts/bench/uncertainty.ts.

Reads per-task components as JSON (occupation_index, weights, and for each of the four crossed cells
value_usd and time_saving_hours; cost_usd and energy_mj shared), then, for every repetition:
draws B task-composition resamples within occupations (numpy's own generator, so the intervals agree
with the TypeScript ones only statistically), forms per-draw task multiplicities with one bincount,
re-aggregates every component with one matrix product, forms NVJ = (G - C) / E and TSJ = S / E per
draw and takes percentile 95% intervals (numpy's default linear interpolation = type 7). Draws are taken
in chunks of at most CHUNK_CELLS draw x task cells (all at once for 220 tasks at 10,000 draws; 87 draws a
chunk for 25,080 tasks, whose 10,000 x 25,080 matrices would need several GB).

usage: python3 scripts/bench/table17_numpy.py COMPONENTS.json DRAWS SEED REPS
prints one JSON object: {"ms": [...wall per repetition...], "cpu_ms": [...], "nvj_lo": [...], ...}
   or: python3 scripts/bench/table17_numpy.py COMPONENTS.json DRAWS serve
reads one seed per line on stdin and answers each with one JSON line {"ms": wall, "cpu_ms": cpu,
"numpy": version}: the benchmark alternates its repetitions with TypeScript's, so that a slow spell of a
shared machine falls on both sides of the ratio.
Run it with OPENBLAS_NUM_THREADS=1 (as the benchmark does) for a one-core comparison.
"""
import json
import sys
import time

import numpy as np

# Largest draws x tasks block held at once (float64 and int64 arrays of this many cells: about 100 MB).
CHUNK_CELLS = 2_200_000


def table17(c, draws, seed):
    occ = np.asarray(c["occupation_index"], dtype=np.int64)
    w = np.asarray(c["weights"], dtype=np.float64)
    n = occ.size
    counts = np.bincount(occ, minlength=w.size)
    offsets = np.concatenate(([0], np.cumsum(counts)[:-1]))
    order = np.argsort(occ, kind="stable")
    slot_occ = np.repeat(np.arange(w.size), counts)
    slot_off, slot_cnt = offsets[slot_occ], counts[slot_occ]
    rng = np.random.default_rng(seed)
    factor = w[occ] / (counts[occ] * w.sum())
    cells = c["cells"]
    data = np.column_stack([np.asarray(x, dtype=np.float64) for cell in cells for x in (cell["value_usd"], cell["time_saving_hours"])]
                           + [np.asarray(c["cost_usd"]), np.asarray(c["energy_mj"])])
    # draws in chunks of at most CHUNK_CELLS draw x task cells (one chunk for GDPval's 220 tasks at 10,000 draws)
    chunk = max(1, CHUNK_CELLS // n)
    parts = []
    for b0 in range(0, draws, chunk):
        nb = min(chunk, draws - b0)
        u = rng.random((nb, n))
        idx = order[slot_off + (u * slot_cnt).astype(np.int64)]
        flat = idx + (np.arange(nb, dtype=np.int64) * n)[:, None]
        mult = np.bincount(flat.ravel(), minlength=nb * n).reshape(nb, n)
        parts.append((mult * factor) @ data)  # nb x (2 * cells + 2)
    agg = np.concatenate(parts)
    cost, energy = agg[:, -2], agg[:, -1]
    if not np.all(energy > 0):
        raise ValueError("netValuePerJoule requires a positive energy")
    g = agg[:, 0:-2:2]
    s = agg[:, 1:-2:2]
    nvj = (g - cost[:, None]) / energy[:, None]
    tsj = s / energy[:, None]
    nvj_ci = np.percentile(nvj, [2.5, 97.5], axis=0)
    tsj_ci = np.percentile(tsj, [2.5, 97.5], axis=0)
    return nvj_ci, tsj_ci


def serve(c, draws):
    for line in sys.stdin:
        seed = int(line)
        t, u = time.perf_counter(), time.process_time()
        table17(c, draws, seed)
        ms, cpu_ms = 1000 * (time.perf_counter() - t), 1000 * (time.process_time() - u)
        print(json.dumps({"ms": ms, "cpu_ms": cpu_ms, "numpy": np.__version__}), flush=True)


def main():
    path, draws = sys.argv[1], int(sys.argv[2])
    with open(path) as f:
        c = json.load(f)
    if sys.argv[3] == "serve":
        serve(c, draws)
        return
    seed, reps = int(sys.argv[3]), int(sys.argv[4])
    ms, cpu_ms = [], []
    for r in range(reps):
        t, u = time.perf_counter(), time.process_time()
        nvj_ci, tsj_ci = table17(c, draws, seed + r)
        ms.append(1000 * (time.perf_counter() - t))
        cpu_ms.append(1000 * (time.process_time() - u))
    print(json.dumps({"ms": ms, "cpu_ms": cpu_ms, "nvj_lo": nvj_ci[0].tolist(), "nvj_hi": nvj_ci[1].tolist(),
                      "tsj_lo": tsj_ci[0].tolist(), "tsj_hi": tsj_ci[1].tolist(), "numpy": np.__version__}))


if __name__ == "__main__":
    main()

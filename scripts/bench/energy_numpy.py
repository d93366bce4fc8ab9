"""Comparator for scripts/bench/energy.ts: pandas + numpy read the same smi.csv and integrate each
GPU's power.draw by the trapezoid rule (the whole trace, no segment split). Prints one JSON line:
seconds, records, maxRssMB. Runs only where python3 has numpy and pandas."""
import json
import resource
import sys
import time

import numpy as np
import pandas as pd

t0 = time.perf_counter()
df = pd.read_csv(sys.argv[1], usecols=["mono_ns", "device", "power_w"], dtype={"mono_ns": np.int64, "device": "category", "power_w": np.float64})
total = 0.0
for _, g in df.groupby("device", observed=True):
    t = (g["mono_ns"].to_numpy() - g["mono_ns"].iloc[0]) / 1e9
    p = g["power_w"].to_numpy()
    total += float(np.sum((t[1:] - t[:-1]) * (p[1:] + p[:-1]) / 2))
seconds = time.perf_counter() - t0
print(json.dumps({"seconds": seconds, "records": int(len(df)), "energyJ": total,
                  "maxRssMB": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)}))

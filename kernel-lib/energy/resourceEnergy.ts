/**
 * Resource-proportional energy of each run: in a segment, each GPU's energy goes to the running runs
 * that use that GPU (equally), CPU and DRAM energy to all running runs (equally). A GPU used by none of
 * the running runs is shared by all of them, so the segment is still charged once. Setup and idle
 * shares are those of `attributeEnergy`. Needs every run's GPU list (`power-log mark run-start ID
 * --gpus 0,1`); returns null otherwise.
 * QAIJ step 7: "Time-proportional and resource-proportional rules can yield different rankings".
 *
 * Units: joules. gpuSegJ: per GPU index, its segment energies.
 *
 * Example: runs a on GPU 0, b on GPU 1, overlapping; GPU 0 at 600 W, GPU 1 at 100 W => in the overlap
 * a gets 600 W, b 100 W (time-proportional would give each 350 W).
 */
import type { Timeline } from './timeline.ts';

export function resourceEnergyJ(
  tl: Timeline,
  gpuSegJ: Map<number, Float64Array>,
  hostSegJ: Float64Array,
  runGpus: (number[] | null)[],
): Float64Array | null {
  if (runGpus.some((g) => g === null)) return null;
  const out = new Float64Array(runGpus.length);
  tl.running.forEach((rs, k) => {
    if (rs.length === 0) return;
    for (const i of rs) out[i] += hostSegJ[k] / rs.length;
    for (const [gpu, seg] of gpuSegJ) {
      const users = rs.filter((i) => runGpus[i]!.includes(gpu));
      const to = users.length ? users : rs;
      for (const i of to) out[i] += seg[k] / to.length;
    }
  });
  return out;
}

/**
 * A gauge of how fast this machine is running right now: the median and the fastest of 15 runs of a
 * fixed loop (20 million square roots and adds), in ms. On a shared virtual machine the same loop was
 * seen anywhere from 46 to 160 ms within one minute (other tenants), so an absolute wall-time target
 * (reproduce under 60 s) can only be read beside this number: compare runs whose gauges agree.
 * @example hostSpeedGauge() // => { median_ms: 52.3, fastest_ms: 47.1 } on a quiet 2-core machine
 */
export function hostSpeedGauge(runs = 15): { median_ms: number; fastest_ms: number } {
  const ms: number[] = [];
  let sink = 0;
  for (let r = 0; r < runs; r++) {
    const t = performance.now();
    let s = 0;
    for (let i = 0; i < 2e7; i++) s += Math.sqrt(i);
    ms.push(performance.now() - t);
    sink += s;
  }
  if (sink < 0) throw new Error('unreachable');
  ms.sort((a, b) => a - b);
  return { median_ms: Number(ms[runs >> 1].toFixed(1)), fastest_ms: Number(ms[0].toFixed(1)) };
}

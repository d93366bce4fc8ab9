/**
 * A power-log trace as a picture (measurement walkthrough, Joules-to-GDP section 2.3): power of every
 * device against seconds since the logger started, with the run windows (blue) and setup windows
 * (grey) shaded, so a reader sees which runs share which watts before eq. (2.3) splits them.
 *
 * Power comes from `smi.csv` (nvidia-smi power.draw, W) and, for counters, from differences of
 * `nvml.csv` (mJ) and `rapl.csv` (uJ) between consecutive samples. An interval whose counter went
 * down (a reset or a RAPL wrap) has no defined power and is left as a gap in the line; the caption
 * says how many. Long traces are thinned to at most `maxPointsPerDevice` points per device (every
 * k-th sample, streamed: memory does not grow with the trace).
 */
import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import { J2GError } from '../errors.ts';
import { streamSamples } from '../energy/sampleStream.ts';
import { markWindows } from '../energy/markWindows.ts';
import { readTraceManifest } from '../energy/traceManifest.ts';
import type { PlotSpec, Trace } from './spec.ts';
import { axis, baseLayout, systemStyle, type FigureOptions, type Provenance } from './theme.ts';

export interface PowerTraceOptions extends FigureOptions {
  /** at most this many points per device line (default 2000) */
  maxPointsPerDevice?: number;
}

const SOURCES = [
  { file: 'smi.csv', header: 'mono_ns,wall_ns,device,power_w', label: 'power.draw', toW: null },
  { file: 'nvml.csv', header: 'mono_ns,wall_ns,device,energy_millijoule', label: 'NVML', toW: 1e-3 },
  { file: 'rapl.csv', header: 'mono_ns,wall_ns,device,energy_uj', label: 'RAPL', toW: 1e-6 },
] as const;

export function powerTraceFigure(dir: string, options: PowerTraceOptions = {}): PlotSpec {
  const manifest = readTraceManifest(dir);
  const originNs = manifest.started.mono_ns;
  const maxPoints = options.maxPointsPerDevice ?? 2000;
  const data: Trace[] = [];
  let gaps = 0;
  for (const src of SOURCES) {
    const path = join(dir, src.file);
    if (!existsSync(path)) continue;
    // pass 1: samples per device, to choose the stride
    const counts: number[] = [];
    streamSamples(path, src.header, originNs, (d) => { counts[d] = (counts[d] ?? 0) + 1; });
    const stride = counts.map((n) => Math.max(1, Math.ceil(n / maxPoints)));
    const xs: number[][] = [], ys: (number | null)[][] = [];
    const seen: number[] = [], last: { t: number; v: number }[] = [];
    let names: readonly string[] = [];
    streamSamples(path, src.header, originNs, (d, tS, value, deviceNames) => {
      names = deviceNames;
      xs[d] ??= []; ys[d] ??= [];
      seen[d] = (seen[d] ?? 0) + 1;
      let w: number | null = value;
      if (src.toW !== null) {
        const prev = last[d];
        last[d] = { t: tS, v: value };
        if (!prev) return;
        w = value >= prev.v && tS > prev.t ? ((value - prev.v) * src.toW) / (tS - prev.t) : null;
        if (w === null) gaps++;
      }
      if (w === null || (seen[d] - 1) % stride[d] === 0) {
        xs[d].push(tS);
        ys[d].push(w);
      }
    });
    names.forEach((name, d) => {
      // one look per device line (theme.ts systemStyle): past sixteen lines the dash tells them apart
      const style = systemStyle(data.length);
      data.push({
        type: 'scatter', mode: 'lines', name: `${name} (${src.label})`, x: xs[d] ?? [], y: ys[d] ?? [],
        line: { width: 1.5, color: style.colour, ...(style.dash === 'solid' ? {} : { dash: style.dash }) }, connectgaps: false,
        hovertemplate: `${name}<br>%{x:.2f} s<br>%{y:.0f} W<extra></extra>`,
      } as Trace);
    });
  }
  const { runs, setups } = markWindows(dir, originNs);
  const end = Math.max(0, ...data.flatMap((t) => (t.x as number[]).slice(-1)));
  const band = (w: { id: string; startS: number; endS: number }, colour: string, row: number) => ({
    type: 'rect', xref: 'x', yref: 'paper', x0: w.startS, x1: Number.isFinite(w.endS) ? w.endS : end,
    y0: 1 - 0.06 * (row + 1), y1: 1 - 0.06 * row, fillcolor: colour, opacity: 0.35, line: { width: 0 }, name: w.id,
  });
  const shapes = [
    ...setups.map((w, i) => band(w, '#999999', i % 3)),
    ...runs.map((w, i) => band(w, '#0072B2', 3 + (i % 5))),
  ];
  const labels = [...setups.map((w, i) => ({ w, row: i % 3 })), ...runs.map((w, i) => ({ w, row: 3 + (i % 5) }))].map(({ w, row }) => ({
    text: w.id, showarrow: false, xref: 'x', yref: 'paper', x: w.startS, y: 1 - 0.06 * row - 0.03, xanchor: 'left', yanchor: 'middle', font: { size: 9 },
  }));
  const caption = `Device power over the trace; shaded bands are setup (grey) and run (blue) windows from marks.csv.${gaps ? ` ${gaps} counter interval(s) went down (reset or wrap) and are drawn as gaps.` : ''} Trace: ${manifest.host ?? dir}.`;
  const layout = baseLayout('power-trace', 'Power trace and run windows', caption, { height: 460, ...options, provenance: options.provenance });
  layout.xaxis = axis('Time since the logger started', 's');
  // head-room above the highest power for the window bands (they occupy the top 48% of the plot)
  const maxW = Math.max(1, ...data.flatMap((t) => (t.y as (number | null)[]).filter((v): v is number => v !== null)));
  layout.yaxis = axis('Power', 'W', { range: [0, maxW * 1.95] });
  layout.shapes = shapes;
  layout.annotations = [...(layout.annotations ?? []), ...labels];
  return { layout, data };
}

/**
 * The caption provenance of a trace directory: its folder name, `recorded` or `synthetic` (a stand-in
 * trace), and the device boundary of power-log's sources. Throws "invalid trace provenance: x".
 */
export function traceProvenance(dir: string, provenance: string): Provenance {
  if (provenance !== 'recorded' && provenance !== 'synthetic' && provenance !== 'reconstructed') throw new J2GError(`invalid trace provenance: ${provenance}`);
  return { name: basename(dir.replace(/\/+$/, '')), provenance, energy_boundary: 'device' };
}

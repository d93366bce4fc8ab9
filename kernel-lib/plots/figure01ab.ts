/**
 * Figure 1(a), 1(b) and the bottom panel of Joules-to-GDP's overview figure:
 * (a) NVJ and TSJ as the dollar and time benefit per joule of one AI system, from its GDP-weighted
 *     per-task components: NVJ = (G - C)/E in USD/MJ, TSJ = S/E in hours/MJ (eq. 2.4);
 * (b) what the study compares: how many occupations, categories, sectors, tasks, models, accelerator
 *     types and AI systems the dataset holds;
 * bottom: the energy scale, one H200 at its rated power for an hour (700 W x 3600 s = 2.52 MJ) and
 *     its laptop equivalent, beside the system's energy per task. The constants come from
 *     data/reference/energy_scale.csv with their sources (`loadEnergyScale`), never typed here.
 */
import type { EnergyScale } from '../reference/constants.ts';
import type { PlotSpec, Trace } from './spec.ts';
import { OKABE_ITO, axis, baseLayout, labelAxis, type FigureOptions } from './theme.ts';
import { onPanel, panelGrid, placePanel, type Panel } from './panels.ts';
import { publishedRankedBars } from './bars.ts';
import { figureNote } from './marks.ts';
import type { PublishedPoint } from './published.ts';

export interface BenefitPerJouleRow {
  /** "GLM 5.2" */
  label: string;
  /** GDP-weighted per-task averages: output value G, AI cost C (USD), time saving S, AI time L (hours), energy E (MJ) */
  valueUSD: number;
  costUSD: number;
  timeSavingHours: number;
  aiHours: number;
  energyMJ: number;
  /** (G - C)/E, USD/MJ */
  nvj: number;
  /** S/E, hours/MJ */
  tsj: number;
}

const fmt = (x: number, d: number) => x.toFixed(d);

/** Figure 1(a): the components of NVJ and TSJ for one system, with the two ratios in the panel titles. */
export function figure01a(row: BenefitPerJouleRow, options: FigureOptions = {}): PlotSpec {
  // the energy per task E, which both ratios divide by, in the title: a panel title holding it ran
  // past the figure's right edge (issue #24)
  const layout = baseLayout('1a', `Figure 1(a). Dollar and time benefit per joule: ${row.label}, E = ${fmt(row.energyMJ, 3)} MJ per task`,
    'GDP-weighted per-task averages, attempt 1, expert-only reference; NVJ = (G − C)/E and TSJ = S/E.',
    { height: 380, ...options });
  const [a, b] = panelGrid(2, 2, 0.3);
  const bars = (panel: typeof a, title: string, labels: string[], values: number[], colours: string[], unit: string, d: number): Trace => {
    placePanel(layout, panel, title, axis('Per task', unit, { rangemode: 'tozero' }),
      labelAxis('', { categoryorder: 'array', categoryarray: [...labels].reverse(), title: { text: '' } }));
    return onPanel({
      type: 'bar', orientation: 'h', name: title, showlegend: false, x: values, y: labels,
      // 'auto': inside a bar wide enough for its number, else just past its end (a short bar's number,
      // the AI cost's, was hidden inside it: issue #24)
      marker: { color: colours }, text: values.map((v) => fmt(v, d)), textposition: 'auto', insidetextanchor: 'start', cliponaxis: false,
      textfont: { size: 11 }, insidetextfont: { color: '#FFFFFF', size: 11 }, outsidetextfont: { color: '#222222', size: 11 },
      hovertemplate: `%{y}: %{x:.4g} ${unit}<extra></extra>`,
    }, panel);
  };
  return {
    layout,
    data: [
      bars(a, `NVJ = (G − C)/E = ${fmt(row.nvj, 1)} USD/MJ`, ['Output value G', 'AI cost C', 'Net value G − C'],
        [row.valueUSD, row.costUSD, row.valueUSD - row.costUSD], [OKABE_ITO.blue, OKABE_ITO.orange, OKABE_ITO.green], 'USD', 2),
      bars(b, `TSJ = S/E = ${fmt(row.tsj, 3)} hours/MJ`, ['Time saving S', 'AI time L'],
        [row.timeSavingHours, row.aiHours], [OKABE_ITO.green, OKABE_ITO.orange], 'hours', 3),
      // Table 1's execution cost and completion time of this model beside C and L, when given (issue #24)
      ...publishedComponents(layout, a, b, options.published?.get(row.label)),
    ],
  };
}

/** Hollow bars for Table 1's C (USD) and L (hours) of Figure 1(a)'s model, "published" in the legend, with a note; none without them. */
function publishedComponents(layout: PlotSpec['layout'], a: Panel, b: Panel, p: { costUSD?: PublishedPoint; aiHours?: PublishedPoint } | undefined): Trace[] {
  if (!p?.costUSD && !p?.aiHours) return [];
  const out: Trace[] = [];
  if (p.costUSD) out.push(publishedRankedBars(a, [p.costUSD], () => 'AI cost C', (x) => x, { label: 'AI cost C', unit: 'USD', format: '.2f' }, true));
  if (p.aiHours) out.push(publishedRankedBars(b, [p.aiHours], () => 'AI time L', (x) => x, { label: 'AI time L', unit: 'hours', format: '.3f' }, !p.costUSD));
  figureNote(layout, 'Hollow bars: Table 1 (execution cost; completion time in hours).');
  return out;
}

export interface StudyCountRow {
  /** "Occupations" */
  what: string;
  count: number;
}

/** Figure 1(b): what the study compares, counted from the dataset. */
export function figure01b(rows: readonly StudyCountRow[], options: FigureOptions = {}): PlotSpec {
  const layout = baseLayout('1b', 'Figure 1(b). What the study compares',
    'Counted from the dataset: evaluated tasks and their occupations, categories and sectors; models, accelerator types and AI systems (model × accelerator × count); the LLM judges, and the outputs human experts also judged (D.1).',
    { height: 380, ...options });
  const [p] = panelGrid(1);
  const labels = rows.map((r) => r.what);
  // counts from 2 to hundreds: a log axis, ticks at the decades only (1, 10, 100, 1,000; never "2 3 4 ...
  // 9"), and each count printed horizontally beside its bar (issue #24)
  const max = Math.max(1, ...rows.map((r) => r.count));
  const decades = Array.from({ length: Math.ceil(Math.log10(max) + 0.3) + 1 }, (_, i) => 10 ** i);
  placePanel(layout, p, '', axis('Count', 'number', { type: 'log', tickvals: decades, ticktext: decades.map((d) => d.toLocaleString('en-US')), range: [-0.05, Math.log10(decades[decades.length - 1])] }),
    labelAxis('', { categoryorder: 'array', categoryarray: [...labels].reverse(), title: { text: '' } }));
  return {
    layout,
    data: [onPanel({
      type: 'bar', orientation: 'h', name: 'counts', showlegend: false, x: rows.map((r) => r.count), y: labels,
      marker: { color: OKABE_ITO.blue }, text: rows.map((r) => String(r.count)), textposition: 'outside', textangle: 0, cliponaxis: false,
      textfont: { color: '#222222', size: 11 }, hovertemplate: '%{y}: %{x}<extra></extra>',
    }, p)],
  };
}

export interface EnergyScaleRow {
  label: string;
  energyMJ: number;
}

/**
 * Figure 1's bottom panel: the energy scale (one H200 at its rated power for an hour) beside each
 * given energy, every bar labelled with its H200 minutes and laptop hours: minutes = E / P_H200 / 60,
 * laptop hours = E / P_laptop / 3600 with P_laptop = scale energy / laptop hours (the paper's
 * equivalence).
 */
export function figure01Scale(scale: EnergyScale, rows: readonly EnergyScaleRow[], options: FigureOptions = {}): PlotSpec {
  // The scale's constants, then the inputs the task energy was computed under (plots/captions.ts).
  const own = `One H200 drawing ${scale.h200PowerW.value} W for ${scale.durationH.value} hour: ${fmt(scale.scaleMJ, 2)} MJ, equivalent to about ${scale.laptopHours.value} hours of active laptop use (as the paper states; it gives no laptop power). Sources: data/reference/energy_scale.csv.`;
  const layout = baseLayout('1scale', 'Figure 1 (bottom). The energy scale', options.caption ? `${own} ${options.caption}` : own,
    { height: 320, ...options, caption: undefined });
  const [p] = panelGrid(1);
  const all: EnergyScaleRow[] = [{ label: `One H200 at ${scale.h200PowerW.value} W for ${scale.durationH.value} hour`, energyMJ: scale.scaleMJ }, ...rows];
  const labels = all.map((r) => r.label);
  const max = Math.max(...all.map((r) => r.energyMJ));
  placePanel(layout, p, '', axis('Energy', 'MJ', { range: [0, max * 1.04] }),
    labelAxis('', { categoryorder: 'array', categoryarray: [...labels].reverse(), title: { text: '' } }));
  const note = (e: number) => `${fmt(e, 3)} MJ ≈ ${fmt((e * 1e6) / scale.h200PowerW.value / 60, 1)} min of one H200 ≈ ${fmt((e * 1e6) / scale.laptopPowerW / 3600, 1)} h of laptop use`;
  return {
    layout,
    data: [onPanel({
      type: 'bar', orientation: 'h', name: 'energy', showlegend: false, x: all.map((r) => r.energyMJ), y: labels,
      marker: { color: all.map((_, i) => (i === 0 ? '#999999' : OKABE_ITO.blue)) },
      hovertemplate: '%{y}<br>%{text}<extra></extra>', text: all.map((r) => note(r.energyMJ)),
      textposition: 'auto', textfont: { size: 10 }, cliponaxis: false,
    }, p)],
  };
}

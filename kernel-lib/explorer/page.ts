/**
 * The explorer page (out/explorer/index.html): controls for every scenario field, every paper table
 * and figure recomputed by kernel-lib in the browser when a control changes (point estimates on the
 * page's thread, intervals in a Web Worker with progress), the scenario in the URL and as a
 * downloadable scenario.json, a pinned baseline beside the current variant, and a reader's own
 * dataset checked by the recorded-data schema (problems shown as `file:line: column: expected`).
 *
 * The main thread stays free (issue #24): tables are built one per task and figures one per task (a
 * figure with rows of panels one above another, Figure 9's sectors, categories and occupations among
 * them, one plot per row and one task each: figureFit.ts splitPanelRows, all of a figure's plots with
 * one left margin so that their axes line up; a legend that only keys colours, as Figure 9's categories
 * by its occupation bars, drawn in HTML beside the plot: figureFit.ts htmlLegends),
 * each drawn at its column's width (figureFit.ts), only those near the window (a figure further away is
 * built and drawn when the reader scrolls near it); a figure still showing the previous scenario
 * carries an "updating" mark until it is redrawn; a long-task observer covers the whole page. Nothing
 * in a pass measures the page's layout while it is dirty (the figures' distances from the window come
 * from IntersectionObservers; tables away from the window are content-visibility:auto), and a figure
 * is redrawn with the margins Plotly settled on at its last draw at that width (automargin off: one
 * layout pass), or with automargin when its new text would not fit them; at its first draw at a width
 * those margins are found by automargin on its skeleton (no data labels), a task of its own.
 * Messages (a bad file, a link the page cannot reopen) appear in the sticky header, always in view.
 * The QAIJ table (the companion measure, under the scenario's latency contract) is a bootstrap of its
 * own: the worker computes it while its panel is open, after the paper's intervals.
 */
import { isDatasetFile, textsOfDroppedFiles } from './droppedFiles.ts';
import { datasetFromTexts, type Dataset } from '../data/load.ts';
import { REFERENCES } from '../data/schema.ts';
import { formatIssue, ValidationError, type ValidationIssue } from '../errors.ts';
import { decodeUtf8 } from '../io/csv.ts';
import { FIGURE_IDS, type FigureId, type FigureResult } from '../plots/paperFigures.ts';
import { fitFigure, htmlLegends, marginSkeleton, marginsKey, minFigureWidth, panelColumns, rewrapToFit, splitPanelRows, stackPanels, withLeftMargin, withRecordedMargins, wrapCategoryTicks, type HtmlLegend, type Margins } from './figureFit.ts';
import { cellText, columnLabel, type TableFormats } from './tableFormat.ts';
import type { PlotSpec } from '../plots/spec.ts';
import { provenanceOf } from '../plots/rows.ts';
import { layoutMargins } from '../plots/marks.ts';
import { parseWeightsCsv } from '../weights/parseWeightsCsv.ts';
import { distinctWarnings, onWarning } from '../warn.ts';
import { computeFigures, computeTable, explorerTableNames, INTERVAL_ONLY, printedCell, QAIJ_TABLE, scenarioNote, withSweepOf, type FigureConstants, type TableData, type TableResult } from './compute.ts';
import { TABLES, rowKeyOf, tableEntry } from '../tables/registry.ts';
import type { FromWorker, ToWorker } from './protocol.ts';
import type { ScenarioComparison } from '../scenario/compare.ts';
import type { ResolvedScenario } from '../scenario/schema.ts';
import type { ScenarioContext } from '../tables/context.ts';
import {
  FULL_DRAWS, LIVE_DRAWS, pageOptions, pageScenarioWords, scenarioChangeWords, pageResolved, scenarioFile, scenarioFromQuery, scenarioToQuery, WEIGHTS, WIN_TIE, type PageScenario,
} from './scenario.ts';

declare const Plotly: {
  react(el: HTMLElement, data: unknown[], layout: unknown, config?: unknown): Promise<unknown>;
  relayout(el: HTMLElement, update: Record<string, unknown>): Promise<unknown>;
  purge(el: HTMLElement): void;
};

interface DatasetEntry { id: string; dir: string; files: string[] }

/** What tests and the bench read: timings of the last passes and the page's state. */
interface ExplorerProbe {
  ready: boolean;
  /** ms from navigation start to every table on screen (cold start), and to every figure near the window drawn (the others wait until scrolled near) */
  firstRenderMs: number | null;
  figuresDrawnMs: number | null;
  /** the last pass (a control change): when it started (performance.now()), and ms from then until every table, and every figure, showed its scenario (figures far from the window are drawn when scrolled near: until then passFiguresMs is null) */
  passStartedAt: number | null;
  passTablesMs: number | null;
  passFiguresMs: number | null;
  /** ms from the pass's start until every figure in the window when it started showed its scenario (null: none was in view) */
  passInViewFiguresMs: number | null;
  /** sum of the point tables' build times, and of the figures' spec builds, in the last pass, ms */
  pointTablesMs: number | null;
  pointFiguresMs: number | null;
  intervalMs: number | null;
  intervalDraws: number | null;
  intervalsPending: boolean;
  /** figures near the window queued and not drawn yet (a figure far from the window waits until it is scrolled near: figuresHeld) */
  figuresPending: boolean;
  /** figures not showing the scenario on show that are drawn when scrolled near the window (each carries its updating mark) */
  figuresHeld: number;
  /** each table's time in the last point pass and interval pass, ms */
  pointTableMs: Record<string, number>;
  intervalTableMs: Record<string, number>;
  /** the longest gap between animation frames while the last interval pass ran, ms (a frozen page shows here) */
  maxFrameGapMs: number;
  /** each figure's last drawing (Plotly.react and the text check after it), ms */
  figureDrawMs: Record<string, number>;
  /**
   * every plot drawn (Plotly.react and the text check after it: one main-thread task each), in order: the
   * figure ('9', or '9/1', '9/2' for the further rows of a figure drawn one plot per row), when (performance.now()) and ms,
   * how (drawPart: at a first draw 'labels' for its skeleton's labels measured, 'margins' for its margins
   * found on the skeleton, then 'skeleton' for the draw with them; 'recorded', 'fallback', 'automargin')
   * and its steps' ms
   */
  figureDraws: { figure: string; start: number; ms: number; how?: string; steps?: string }[];
  /** figures drawn with their recorded margins whose labels did not fit them, drawn again with automargin (drawFigure) */
  marginFallbacks: number;
  /** every main-thread task over 50 ms since the page opened (PerformanceObserver 'longtask'): start and duration, ms */
  longTasks: { start: number; ms: number }[];
  /** the QAIJ table: asked of the worker and not shown yet (its panel open), its last time in the worker (ms), and the scenario it shows */
  qaijPending: boolean;
  qaijMs: number | null;
  qaijKey: string | null;
  /** compareScenarios' time in the worker, ms (baseline pinned) */
  compareMs: number | null;
  passes: number;
  /** the scenario on show, and its URL query (what each figure's data-scenario says once it shows it) */
  scenario: PageScenario | null;
  scenarioKey: string | null;
  errors: string[];
}
const probe: ExplorerProbe = {
  ready: false, firstRenderMs: null, figuresDrawnMs: null, passStartedAt: null, passTablesMs: null, passFiguresMs: null, passInViewFiguresMs: null, pointTablesMs: null, pointFiguresMs: null,
  intervalMs: null, intervalDraws: null, intervalsPending: false, figuresPending: false, figuresHeld: 0, pointTableMs: {}, intervalTableMs: {}, maxFrameGapMs: 0,
  figureDrawMs: {}, figureDraws: [], marginFallbacks: 0, longTasks: [], qaijPending: false, qaijMs: null, qaijKey: null, compareMs: null, passes: 0, scenario: null, scenarioKey: null, errors: [],
};
try {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (probe.longTasks.length < 2000) probe.longTasks.push({ start: e.startTime, ms: e.duration });
  }).observe({ type: 'longtask', buffered: true });
} catch {
  // a browser without the Long Tasks API: the frame-gap probe still watches
}

/** Watch frame gaps while a pass runs (tables, figures, intervals): the page must stay responsive. */
function watchFrames(): void {
  probe.maxFrameGapMs = 0;
  let last = performance.now();
  const tick = (now: number) => {
    probe.maxFrameGapMs = Math.max(probe.maxFrameGapMs, now - last);
    last = now;
    if (probe.intervalsPending || probe.figuresPending) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}
(window as unknown as { __explorer: ExplorerProbe }).__explorer = probe;

/** Let the browser paint and handle input between two pieces of work (one table, one figure). */
const yieldToPage = () => new Promise<void>((r) => {
  const ch = new MessageChannel();
  ch.port1.onmessage = () => r();
  ch.port2.postMessage(null);
});

const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;
const el = <K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, text?: string) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
};

let entries: DatasetEntry[] = [];
/** data/reference/node_rates.csv (Table 5's sweep), or null when the build had none */
let nodeRates: string | null = null;
/** data/constants.json: the reference constants the figures draw, read by the build with kernel-lib/reference */
let constants: FigureConstants | null = null;
/** data/formats.json: the paper's printed decimals per column, † cells of the bundled datasets */
let formats: TableFormats = { decimals: {}, marks: {} };
let current: { name: string; dir: string; id: string | null; texts: Record<string, string>; ds: Dataset } | null = null;
let scenario: PageScenario = { dataset: '' };
let baseline: { scenario: PageScenario; tables: Map<string, TableData> } | null = null;
/** The scenario of a link naming a dataset the page does not bundle: used when the reader opens a folder of that name. */
let heldLink: PageScenario | null = null;
/** The tables on show (point estimates, then replaced by the interval pass's). */
const shown = new Map<string, TableData>();
/** Whether the scenario on show is the paper's (the † marks of bundled reconstructed data apply then only). */
let paperScenario = true;
let worker: Worker | null = null;
let workerBusy = false;
let runId = 0;
const warningsSeen: string[] = [];
let tablesShown: () => void = () => undefined;
const firstTables = new Promise<void>((r) => (tablesShown = r));
onWarning((m) => warningsSeen.push(m));

async function fetchText(url: string): Promise<string> {
  const r = await fetch(url);
  if (!r.ok) throw new Error(`${url}: HTTP ${r.status}`);
  return r.text();
}

/** The worker, (re)started with the current dataset's texts. A busy worker is replaced, not queued. */
function freshWorker(): Worker {
  if (worker && !workerBusy) return worker;
  worker?.terminate();
  worker = new Worker('worker.js');
  worker.onmessage = (e: MessageEvent<FromWorker>) => onWorker(e.data);
  worker.onerror = (e) => showError(`interval worker: ${e.message}`);
  worker.postMessage({ type: 'load', name: current!.dir, texts: current!.texts, nodeRates, constants } satisfies ToWorker);
  return worker;
}

/** A problem with the scenario or a pass, in the header's message area (in view wherever the page is scrolled). */
function showError(message: string): void {
  probe.errors.push(message);
  const box = $('errors');
  box.hidden = false;
  box.append(el('div', { class: 'error' }, message));
}

/** A lasting notice in the header's message area (kept across passes until dismissed). */
function showNotice(id: string, message: string): void {
  document.getElementById(id)?.remove();
  const n = el('div', { id, class: 'notice' }, message);
  const dismiss = el('button', { type: 'button', class: 'dismiss' }, 'dismiss');
  dismiss.addEventListener('click', () => n.remove());
  n.append(dismiss);
  $('notices').append(n);
}

/** Use a dataset (validated already): controls rebuilt for its systems, judges and attempts. */
function useDataset(name: string, dir: string, id: string | null, texts: Record<string, string>, ds: Dataset, s: PageScenario): void {
  current = { name, dir, id, texts, ds };
  worker?.terminate();
  worker = null;
  workerBusy = false;
  baseline = null;
  scenario = { ...s, dataset: dir };
  buildControls();
  renderBadge();
}

function renderBadge(): void {
  const p = provenanceOf(current!.ds);
  const badge = $('provenance');
  badge.className = `badge ${p.provenance}`;
  badge.textContent = `${p.name}: ${p.provenance} data, ${p.energy_boundary} energy boundary`;
  badge.title = p.provenance === 'recorded' ? 'measured task-level records'
    : p.provenance === 'reconstructed' ? 'task-level records reconstructed from the paper\'s published tables, not measurements'
      : 'synthetic data for testing: its numbers say nothing about real systems';
}

function select(id: string, label: string, options: [value: string, text: string][], value: string, onChange: (v: string) => void): HTMLElement {
  const wrap = el('label', { class: 'control' });
  wrap.append(el('span', {}, label));
  const s = el('select', { id });
  for (const [v, t] of options) s.append(Object.assign(el('option', { value: v }, t), { selected: v === value }));
  s.addEventListener('change', () => onChange(s.value));
  wrap.append(s);
  return wrap;
}

function numberInput(id: string, label: string, value: string, placeholder: string, onChange: (v: string) => void): HTMLElement {
  const wrap = el('label', { class: 'control' });
  wrap.append(el('span', {}, label));
  const i = el('input', { id, type: 'number', min: '0', step: 'any', placeholder, value });
  i.addEventListener('change', () => onChange(i.value.trim()));
  wrap.append(i);
  return wrap;
}

function set(patch: Partial<PageScenario>): void {
  scenario = { ...scenario, ...patch };
  for (const k of Object.keys(scenario) as (keyof PageScenario)[]) if (scenario[k] === undefined) delete scenario[k];
  void recompute();
}

let weightsFileName: string | null = null;

function buildControls(): void {
  const ds = current!.ds;
  const m = ds.manifest;
  // the controls show the resolved scenario (every default filled in one place: resolveScenario);
  // a scenario that does not resolve shows its error on recompute, and its raw fields here
  let resolved: Partial<ResolvedScenario> = {};
  try {
    resolved = pageResolved(ds, scenario);
  } catch {
    resolved = scenario as Partial<ResolvedScenario>;
  }
  const box = $('controls');
  box.replaceChildren();
  const datasetOptions: [string, string][] = entries.map((e) => [e.dir, e.id]);
  if (!entries.some((e) => e.dir === current!.dir)) datasetOptions.push([current!.dir, `${current!.name} (your files)`]);
  box.append(select('c-dataset', 'Dataset', datasetOptions, current!.dir, (v) => { void openBundled(entries.find((e) => e.dir === v)!, { dataset: v }); }));
  box.append(select('c-system', 'System', ds.rows.systems.map((s) => [s.system, s.system === m.primary_system ? `${s.system} (primary)` : s.system]),
    resolved.system ?? '', (v) => set({ system: v === m.primary_system ? undefined : v })));
  const judges = [...new Set(ds.rows.judgments.map((j) => j.judge))];
  box.append(select('c-judge', 'Judge', judges.map((j) => [j, j === m.primary_judge ? `${j} (primary)` : j]),
    resolved.judge ?? '', (v) => set({ judge: v === m.primary_judge ? undefined : v })));
  const refs: [string, string][] = REFERENCES.map((r) => [r, r.replace(/_/g, '-')]);
  box.append(select('c-judgmentReference', 'Judgment reference', refs, resolved.judgmentReference ?? '',
    (v) => set({ judgmentReference: v === 'expert_only' ? undefined : (v as PageScenario['judgmentReference']) })));
  box.append(select('c-timeReference', 'Time reference', [['', 'same as judgments'], ...refs], scenario.timeReference ?? '',
    (v) => set({ timeReference: v === '' ? undefined : (v as PageScenario['timeReference']) })));
  const maxAttempts = Math.max(1, ...ds.rows.runs.map((r) => r.attempt));
  const policies: [string, string][] = [];
  for (let k = 1; k <= maxAttempts; k++) policies.push([`pass@${k}`, `pass@${k}`]);
  for (let n = 2; n <= maxAttempts; n++) for (let k = 1; k <= n; k++) policies.push([`${k}-of-${n}`, `at least ${k} of ${n}`]);
  if (scenario.policy && !policies.some(([v]) => v === scenario.policy)) policies.push([scenario.policy, scenario.policy]);
  box.append(select('c-policy', 'Attempt policy', policies, resolved.policy ?? '', (v) => set({ policy: v === 'pass@1' ? undefined : v })));
  box.append(numberInput('c-tieCredit', 'Tie credit, 0 to 1 (a tie\'s share of a win)', String(scenario.tieCredit ?? ''), '1 (the paper)',
    (v) => set({ tieCredit: v === '' ? undefined : Number(v) })));
  const custom = typeof scenario.weights === 'object';
  const weightOptions: [string, string][] = WEIGHTS.map((w) => [w, w === 'gdp' ? 'GDP (paper)' : w]);
  if (custom) weightOptions.push(['custom', 'custom (weights file)']);
  box.append(select('c-weights', 'Weights', weightOptions, custom ? 'custom' : (resolved.weights as string | undefined) ?? '',
    (v) => { if (v !== 'custom') set({ weights: v === 'gdp' ? undefined : (v as PageScenario['weights']) }); }));
  const wfile = el('div', { class: 'control' });
  wfile.append(el('span', {}, 'Weights file (occupation,weight)'));
  const pick = el('label', { class: 'file-button' }, 'Open a weights file…');
  const wi = el('input', { id: 'c-weights-file', type: 'file', accept: '.csv,text/csv', class: 'visually-hidden' });
  wi.addEventListener('change', () => { const f = wi.files?.[0]; if (f) void openWeights(f); });
  pick.append(wi);
  wfile.append(pick, el('span', { id: 'c-weights-file-name', class: 'file-name' }, custom && weightsFileName ? weightsFileName : custom ? 'custom weights (from the link)' : 'none chosen'));
  box.append(wfile);
  box.append(numberInput('c-rate', 'Node rate, USD per node-hour', String(scenario.rates?.nodeRateUSDPerHour ?? ''), 'recorded',
    (v) => set({ rates: v === '' ? undefined : { nodeRateUSDPerHour: Number(v) } })));
  box.append(numberInput('c-latencyMax', 'QAIJ latency contract L*, seconds', String(scenario.qaij?.latencyMaxS ?? ''), 'none', (v) => {
    $<HTMLDetailsElement>('qaij-panel').open = true; // the reader wants to see what the contract does
    set({ qaij: v === '' ? undefined : { latencyMaxS: Number(v) } });
  }));
  box.append(numberInput('c-seed', 'Seed', String(scenario.seed ?? ''), String(m.bootstrap?.seed ?? 'default'),
    (v) => set({ seed: v === '' ? undefined : Number(v) })));
  box.append(select('c-winTieInterval', 'Win-tie interval (Table 15)', WIN_TIE.map((w) => [w, w.replace('_', ' ')]), resolved.winTieInterval ?? '',
    (v) => set({ winTieInterval: v === 'wilson' ? undefined : (v as PageScenario['winTieInterval']) })));
  const draws = el('div', { class: 'control' });
  draws.append(el('span', {}, 'Bootstrap draws'));
  const full = el('button', { id: 'c-full', type: 'button' }, `Full ${FULL_DRAWS.toLocaleString('en')} draws`);
  full.addEventListener('click', () => set({ draws: FULL_DRAWS }));
  const live = el('button', { id: 'c-live', type: 'button' }, `Live ${LIVE_DRAWS.toLocaleString('en')}`);
  live.addEventListener('click', () => set({ draws: undefined }));
  draws.append(el('output', { id: 'c-draws' }, (scenario.draws ?? LIVE_DRAWS).toLocaleString('en')), full, live);
  box.append(draws);
}

/** Row keys: the registry's key columns (tables/registry.ts rowKeyOf, as compareScenarios matches rows), so a baseline row is matched to the same variant row. */
function rowKey(name: string, t: TableData, r: (number | string | null)[]): string {
  if (name === QAIJ_TABLE) return JSON.stringify([r[t.columns.indexOf('system')]]);
  return rowKeyOf(name, Object.fromEntries(t.columns.map((c, i) => [c, r[i]])));
}

/** The warnings of the last pass that speak of table `name` ("it is left out of Table 1"): shown beside that table. */
function tableWarnings(name: string): string[] {
  if (name === QAIJ_TABLE) return [];
  const n = tableEntry(name).number;
  const re = new RegExp(`\\bTables? ${n}\\b`);
  return distinctWarnings(warningsSeen).map((w) => w.message).filter((m) => re.test(m));
}

/** Per table, what the last render found against the pinned baseline. */
const diffCounts = new Map<string, { changed: number; unchangedRows: number; newRows: number }>();

function renderTable(result: TableResult): void {
  const sec = $(`sec-${result.name}`);
  const body = sec.querySelector('.body')!;
  body.replaceChildren();
  sec.querySelector('.diff-count')?.remove();
  diffCounts.delete(result.name);
  const notes = tableWarnings(result.name);
  if (notes.length) {
    // what the scenario leaves out of this table, where the reader looks (not only under Warnings)
    const box = el('div', { class: 'table-notes', role: 'note' });
    box.append(el('strong', {}, notes.length === 1 ? 'Note on this table: ' : `${notes.length} notes on this table:`));
    const ul = el('ul');
    for (const m of notes) ul.append(el('li', {}, m));
    box.append(ul);
    body.append(box);
  }
  if ('skipped' in result) {
    shown.delete(result.name);
    body.append(skippedNote(result.skipped));
    return;
  }
  shown.set(result.name, result.table);
  body.append(el('p', { class: 'caption' }, result.caption));
  const t = result.table;
  const decimals = formats.decimals[result.name] ?? {};
  const marks = paperScenario && current?.id ? formats.marks[current.id]?.[result.name] : undefined;
  const marked = new Set(marks?.keys ?? []);
  const base = baseline?.tables.get(result.name);
  const baseRows = new Map(base ? base.rows.map((r) => [rowKey(result.name, base, r), r]) : []);
  const table = el('table', { 'data-table': result.name });
  const head = el('tr');
  for (const c of t.columns) head.append(el('th', { title: c, scope: 'col' }, columnLabel(c)));
  table.append(el('thead'), el('tbody'));
  table.tHead!.append(head);
  let changed = 0, unchangedRows = 0, newRows = 0;
  t.rows.forEach((r, i) => {
    const tr = el('tr', { 'data-row': String(i) });
    const b = baseRows.get(rowKey(result.name, t, r));
    let rowChanged = false;
    r.forEach((v, j) => {
      const col = t.columns[j];
      const text = cellText(v, decimals[col]) + (marked.has(`${i}\u0000${col}`) ? '†' : '');
      // data-value: the value to 6 significant digits, what `j2g tables` writes rounded the same way
      const td = el('td', { 'data-col': col, 'data-value': printedCell(v) }, text);
      if (typeof v === 'number') td.className = 'num';
      if (base && b) {
        const k = base.columns.indexOf(col);
        const bv = k >= 0 ? b[k] : null;
        // highlighted where the value as printed here differs (a difference below the printed decimals is not shown as a change)
        if (cellText(bv, decimals[col]) !== cellText(v, decimals[col])) {
          td.classList.add('changed');
          rowChanged = true;
          changed++;
          const diff = typeof v === 'number' && typeof bv === 'number' ? `; difference ${printedCell(v - bv)}${bv !== 0 ? ` (${printedCell((100 * (v - bv)) / Math.abs(bv))}%)` : ''}` : '';
          td.title = `baseline ${cellText(bv, decimals[col]) || '(empty)'} → now ${text || '(empty)'}${diff}`;
        }
      } else if (base) tr.classList.add('new-row');
      tr.append(td);
    });
    if (base && !b) newRows++;
    else if (base && !rowChanged) unchangedRows++;
    table.tBodies[0].append(tr);
  });
  body.append(table);
  if (marks) body.append(el('p', { class: 'marks-note' }, marks.note));
  if (base) {
    diffCounts.set(result.name, { changed, unchangedRows, newRows });
    const parts = [`${changed} changed cell${changed === 1 ? '' : 's'}`];
    if (newRows) parts.push(`${newRows} row${newRows === 1 ? '' : 's'} not in the baseline`);
    const badge = el('span', { class: 'diff-count', title: 'against the pinned baseline: hover a highlighted cell for baseline → now' }, parts.join(', '));
    sec.querySelector('h3')!.append(badge);
  }
}

/** Why a table or figure is not shown: the reason's first line, the rest (a list of tasks) folded away. */
function skippedNote(reason: string): HTMLElement {
  const [first, ...rest] = reason.split('\n');
  const p = el('div', { class: 'skipped' }, `Not available for this scenario: ${first}`);
  if (rest.length) {
    const d = el('details');
    d.append(el('summary', {}, `${rest.length} more line(s)`), el('pre', {}, rest.join('\n')));
    p.append(d);
  }
  return p;
}

const renders = new Map<string, number>();
let plotly: Promise<void> | null = null;
/** plotly.js (5 MB) is loaded after the first tables are on screen, so that they do not wait for it. */
function loadPlotly(): Promise<void> {
  plotly ??= new Promise<void>((resolve, reject) => {
    const s = el('script', { src: 'plotly.js' });
    s.onload = () => resolve();
    s.onerror = () => reject(new Error('plotly.js did not load'));
    document.head.append(s);
  });
  return plotly;
}

/** A figure to draw: its result, or how to build it (one figure per task, in the draw loop), and the scenario it shows. */
interface QueuedFigure { key: string; result?: FigureResult; build?: () => FigureResult }
/** The latest figure of each id not drawn yet, and the loop drawing them (one per task). */
const pendingFigures = new Map<FigureId, QueuedFigure>();
/** The last result drawn per figure (drawn again at a new width), and the scenario it shows. */
const drawnFigures = new Map<FigureId, { key: string; result: FigureResult }>();
let drawing: Promise<void> | null = null;
/** Whether a pass is building its tables (its figures are queued when they are done). */
let tablesPhase = false;
let figuresWaiting: (() => void)[] = [];

/** Mark every figure that does not show scenario `key` as updating (the mark goes when it is redrawn). */
function markUpdating(key: string): void {
  for (const id of FIGURE_IDS) {
    const sec = $(`fig-${id}`);
    const stale = sec.dataset.scenario !== key;
    sec.classList.toggle('updating', stale);
    sec.querySelector<HTMLElement>('.updating-mark')!.hidden = !stale;
  }
}

/**
 * Queue figures to draw; resolves when every queued figure is drawn. A figure queued again before it
 * was drawn (the interval pass's version arriving) replaces the older one: nothing is drawn twice.
 */
function queueFigures(figures: QueuedFigure[] | (QueuedFigure & { id: FigureId })[], ids: readonly FigureId[]): Promise<void> {
  ids.forEach((id, i) => pendingFigures.set(id, figures[i]));
  probe.figuresPending = true;
  drawing ??= drawLoop().finally(() => {
    drawing = null;
    probe.figuresHeld = pendingFigures.size;
    // a pass still building its tables queues its figures next: they are pending already; a figure
    // scrolled near the window while the loop ended is drawn now
    probe.figuresPending = tablesPhase || nearestPending() !== null;
    if (probe.figuresPending) void queueFigures([], []);
    else if (pendingFigures.size) drawHeldWhenIdle();
    else drawFar = false;
  });
  return new Promise<void>((r) => figuresWaiting.push(r));
}

/**
 * The width a figure is drawn at: its section's, never wider (a figure too wide for a narrow column is
 * re-laid for it instead: panels stacked, long category labels wrapped; drawFigure). A section not laid
 * out yet (width 0) is drawn at 340 px, and again at its width when it has one (watchWidths).
 */
const figureWidth = (sec: HTMLElement) => (sec.clientWidth > 0 ? Math.floor(sec.clientWidth) : 340);

/**
 * A figure's spec for a column `width` px wide: as built where it fits; panels set side by side stacked
 * one above another where the column is narrower than they need (figureFit.ts stackPanels), and category
 * labels longer than the room beside the plot wrapped onto lines (wrapCategoryTicks).
 */
function specForColumn(spec: PlotSpec, width: number): PlotSpec {
  const stacked = width < minFigureWidth(spec) ? stackPanels(spec) : spec;
  return width < minFigureWidth(stacked) ? wrapCategoryTicks(stacked, width) : stacked;
}

/** How far from the window (a share of its height) a figure is drawn ahead of being scrolled to. */
const NEAR = 0.5;

/**
 * Each figure's distance from the window (px; 0 in it, Infinity when not laid out) as the nearness
 * observers last saw it (watchNearness). Read instead of measuring each figure's box: a box measured
 * after the tables changed forces a layout of the whole page inside the task (issue #24: 230 ms of a
 * 450 ms task after a control change, page at the top).
 */
const figureDistance = new Map<FigureId, number>();

/**
 * The pending figure to draw next: one in the window first, then the nearest to it (a reader sees the
 * figures in front of them change first), paper order among equals; null when every pending figure is
 * further than NEAR windows away: those wait, marked updating, until the reader scrolls near them
 * (watchNearness), so that a control change costs only the figures a reader can see. Distances are
 * the observers' (a frame old at most); a figure they have not reported yet is measured.
 */
function nearestPending(): FigureId | null {
  let best: FigureId | null = null, bestDistance = Infinity;
  for (const id of pendingFigures.keys()) {
    let distance = figureDistance.get(id);
    if (distance === undefined) {
      const r = $(`fig-${id}`).getBoundingClientRect();
      distance = r.height === 0 ? Infinity : r.bottom < 0 ? -r.bottom : r.top > innerHeight ? r.top - innerHeight : 0; // not laid out (a hidden page): drawn when it is
    }
    if (distance < bestDistance) [best, bestDistance] = [id, distance];
  }
  return bestDistance <= NEAR * innerHeight || (drawFar && best !== null) ? best : null;
}

/**
 * Whether the figures far from the window are drawn too (nearest first): set once the figures near it
 * are drawn and the page has been idle a moment (drawHeldWhenIdle), and by a print, so that a print or
 * a full-page capture shows every figure, not "updating…" boxes; reset by every new pass.
 */
let drawFar = false;
let idleTimer: ReturnType<typeof setTimeout> | null = null;

/** After the near figures are drawn: the held ones in the background, one per task, unless a pass comes first. */
function drawHeldWhenIdle(): void {
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = setTimeout(() => {
    idleTimer = null;
    if (tablesPhase || drawing || pendingFigures.size === 0) return;
    drawFar = true;
    void queueFigures([], []);
  }, 400);
}

/**
 * The figures' distances from the window kept by two IntersectionObservers (the window, and NEAR
 * windows around it: thresholds at every tenth of a figure, so that a figure moving through either
 * reports again); a held figure scrolled near the window is drawn.
 */
function watchNearness(): void {
  const seen = (entries: IntersectionObserverEntry[]) => {
    for (const e of entries) {
      const id = (e.target as HTMLElement).dataset.figure as FigureId;
      const r = e.boundingClientRect, vh = innerHeight; // (rootBounds: the window grown by the observer's margin)
      figureDistance.set(id, r.height === 0 ? Infinity : r.bottom < 0 ? -r.bottom : r.top > vh ? r.top - vh : 0);
    }
    if (entries.some((e) => e.isIntersecting && pendingFigures.has((e.target as HTMLElement).dataset.figure as FigureId)) && !drawing) void queueFigures([], []);
  };
  const threshold = Array.from({ length: 11 }, (_, i) => i / 10);
  const inWindow = new IntersectionObserver(seen, { threshold });
  const near = new IntersectionObserver(seen, { rootMargin: `${NEAR * 100}% 0px`, threshold });
  for (const id of FIGURE_IDS) {
    inWindow.observe($(`fig-${id}`));
    near.observe($(`fig-${id}`));
  }
}

let plotlyWarmed = false;
/**
 * Plotly's drawing code run once, on a small plot out of sight, after the first view's figures: the
 * first plot a page draws runs that code cold (parsed and compiled as it goes) and took twice as long
 * as the next (issue #24: Figure 1(a) drawn first in the scroll through the figures, 209 ms against
 * 35 ms afterwards), so the first figure a reader scrolls to is drawn warm. The plot has what the
 * figures have: bars with text and patterns, a scatter of lines, markers and text, axis titles with
 * automargin, a legend and an annotation. One task, before the pass counts as drawn.
 */
async function warmPlotly(): Promise<void> {
  plotlyWarmed = true;
  await yieldToPage();
  const box = el('div', { 'aria-hidden': 'true' });
  box.style.cssText = 'position:fixed;left:-10000px;top:0;width:400px;height:300px;visibility:hidden;pointer-events:none';
  document.body.append(box);
  try {
    await Plotly.react(box, [
      { type: 'bar', orientation: 'h', x: [1, 2], y: ['a', 'b'], text: ['1.0', '2.0'], textposition: 'auto', cliponaxis: false, marker: { color: ['#0072b2', '#e69f00'], pattern: { shape: ['', '/'] } }, name: 'bars' },
      { type: 'scatter', mode: 'lines+markers+text', x: [0.5, 1.5], y: ['a', 'b'], text: ['p', 'q'], textposition: 'top center', name: 'points' },
    ], {
      width: 400, height: 300, margin: { l: 40, r: 20, t: 30, b: 40 }, font: { family: 'Inter, Helvetica, Arial, sans-serif', size: 11 },
      xaxis: { title: { text: 'x (u)' }, automargin: true, type: 'log' }, yaxis: { title: { text: 'y' }, automargin: true },
      legend: { orientation: 'h', y: -0.3 }, annotations: [{ text: 'note', xref: 'paper', yref: 'paper', x: 0, y: 1, showarrow: false }],
    }, { displaylogo: false, responsive: false });
  } finally {
    Plotly.purge(box);
    box.remove();
  }
}

async function drawLoop(): Promise<void> {
  await loadPlotly();
  for (;;) {
    const id = nearestPending();
    if (id === null) break;
    const q = pendingFigures.get(id)!;
    pendingFigures.delete(id);
    await yieldToPage();
    let f: FigureResult;
    if (q.result) f = q.result;
    else {
      const t = performance.now();
      f = q.build!();
      probe.pointFiguresMs = (probe.pointFiguresMs ?? 0) + performance.now() - t;
      await yieldToPage(); // the spec's build and its drawing are two tasks
      if (pendingFigures.get(id)?.result && pendingFigures.get(id)!.key === q.key) continue; // the interval version came meanwhile
    }
    // the interval pass's version of a figure without intervals is the point version again (all but
    // Figures 4 and 10): what is on screen already shows it, at this width
    const d = drawnFigures.get(id);
    if (d && d.key === q.key && $(`fig-${id}`).querySelector<HTMLElement>('.plot')!.dataset.width === String(figureWidth($(`fig-${id}`))) && JSON.stringify(d.result) === JSON.stringify(f)) continue;
    await drawFigure(id, f, q.key);
  }
  probe.figuresDrawnMs ??= performance.now();
  if (!plotlyWarmed) await warmPlotly();
  const waiting = figuresWaiting;
  figuresWaiting = [];
  for (const r of waiting) r();
}

async function drawFigure(id: FigureId, f: FigureResult, key: string): Promise<void> {
  const sec = $(`fig-${id}`);
  const note = sec.querySelector<HTMLElement>('.skipped')!;
  drawnFigures.set(id, { key, result: f });
  if ('skipped' in f) {
    note.replaceChildren(skippedNote(f.skipped));
    for (const p of sec.querySelectorAll<HTMLElement>('.plot')) p.hidden = true;
    sec.querySelector('.fig-badge')!.replaceChildren();
    sec.querySelector('.fig-caption')!.textContent = '';
  } else {
    note.replaceChildren();
    // panels side by side: two grid columns on a wide page (class wide); stacked in a narrow column
    sec.classList.toggle('wide', panelColumns(f.spec) > 1);
    sec.dataset.minWidth = String(minFigureWidth(f.spec));
    const width = figureWidth(sec);
    const fit = fitFigure(specForColumn(f.spec as PlotSpec, width), width);
    sec.querySelector('h3 .fig-title')!.textContent = fit.title ?? `Figure ${id}`;
    const badge = sec.querySelector<HTMLElement>('.fig-badge')!;
    badge.replaceChildren();
    badge.hidden = !fit.badge;
    if (fit.badge) {
      badge.className = `fig-badge${fit.badge.warn ? ' warn' : ''}`;
      fit.badge.lines.forEach((l, i) => { if (i) badge.append(el('br')); badge.append(l); });
    }
    sec.querySelector('.fig-caption')!.textContent = fit.caption ?? '';
    // a figure with rows of panels one above another is drawn as one plot per row, each its own task
    // (figureFit.ts splitPanelRows: no drawing task over 100 ms, issue #24); the plots stack in the
    // figure's box, between its badge and its caption
    const parts = splitPanelRows(fit.spec);
    const plots = [...sec.querySelectorAll<HTMLElement>('.plot')];
    while (plots.length < parts.length) {
      const p = el('div', { class: 'plot', 'data-part': String(plots.length) });
      plots[plots.length - 1].after(p);
      plots.push(p);
    }
    while (plots.length > parts.length) plots.pop()!.remove();
    const t = performance.now();
    // the parts of one figure share one left margin, the widest Plotly settled on for any of them at
    // this width (figureFit.ts withLeftMargin), so that their axes line up
    const left = parts.length > 1 && figureLeft.get(id)?.width === width ? figureLeft.get(id)!.l : 0;
    // each part as drawn, and its HTML legends (drawn again with the widest left margin below)
    const drawn: { spec: PlotSpec; legends: HtmlLegend[] }[] = [];
    for (const [i, whole] of parts.entries()) {
      if (i > 0) await yieldToPage();
      // a legend of key-only traces (Figure 9's categories by the occupations) drawn in HTML, not by Plotly
      const { spec, legends } = htmlLegends(whole);
      const part = withLeftMargin(spec, left);
      drawn.push({ spec: part, legends });
      await drawPart(i ? `${id}/${i}` : id, plots[i], part);
      drawHtmlLegends(plots[i], legends);
      plots[i].hidden = false;
      plots[i].dataset.width = String(width);
      plots[i].dataset.traces = String(part.data.length);
      renders.set(`${id}/${i}`, (renders.get(`${id}/${i}`) ?? 0) + 1);
      plots[i].dataset.renders = String(renders.get(`${id}/${i}`));
    }
    if (parts.length > 1) {
      // a part whose labels needed less room than another's: drawn again with the widest (once per
      // width and set of labels: afterwards every part is drawn with it from the start), its own task
      const ls = plots.map((p) => Math.round((p as unknown as { _fullLayout?: { _size?: Margins } })._fullLayout?._size?.l ?? 0));
      const widest = Math.max(left, ...ls);
      figureLeft.set(id, { width, l: widest });
      for (const [i, l] of ls.entries()) {
        if (l >= widest) continue;
        await yieldToPage();
        await drawPart(i ? `${id}/${i}` : id, plots[i], withLeftMargin(drawn[i].spec, widest));
        drawHtmlLegends(plots[i], drawn[i].legends);
      }
    }
    probe.figureDrawMs[id] = performance.now() - t;
  }
  sec.dataset.scenario = key;
  const current = key === probe.scenarioKey;
  sec.classList.toggle('updating', !current);
  sec.querySelector<HTMLElement>('.updating-mark')!.hidden = current;
  // the pass's figure time: until the last figure shows its scenario (the interval versions may follow)
  if (current && probe.passStartedAt !== null && probe.passInViewFiguresMs === null && inViewAtPass.length && inViewAtPass.every((i) => $(`fig-${i}`).dataset.scenario === key)) {
    probe.passInViewFiguresMs = performance.now() - probe.passStartedAt;
  }
  if (current && probe.passStartedAt !== null && probe.passFiguresMs === null && FIGURE_IDS.every((i) => $(`fig-${i}`).dataset.scenario === key)) {
    probe.passFiguresMs = performance.now() - probe.passStartedAt;
  }
}

/**
 * Draw one plot of a figure (the whole figure, or one row of its panels): with the margins Plotly
 * settled on last time at this width and layout (one layout pass instead of automargin's two or more);
 * at a first draw (no margins recorded for this width and legend), the margins are found first by
 * Plotly's automargin on the plot's skeleton (figureFit.ts marginSkeleton: its axes, legends and data
 * without data labels, patterns or annotations), in a task of its own after one that draws the skeleton
 * with the spec's own margins (Plotly measures each label once); when the new labels do not fit
 * the recorded margins, drawn again with automargin, in a task of its own. Each task is timed in the probe.
 */
async function drawPart(key: string, plot: HTMLElement, spec: PlotSpec): Promise<void> {
  const config = { displaylogo: false, responsive: false };
  const mkey = marginsKey(spec);
  let t = performance.now();
  const steps: string[] = [];
  let s0 = t;
  const step = (name: string) => { const n = performance.now(); steps.push(`${name} ${Math.round(n - s0)}`); s0 = n; };
  // one task's drawing in the probe (figureDraws)
  const record = (how: string) => {
    if (probe.figureDraws.length < 5000) probe.figureDraws.push({ figure: key, start: t, ms: performance.now() - t, how, steps: steps.join(', ') });
  };
  // the task so far recorded, then the next task
  const nextTask = async (how: string) => {
    record(how);
    steps.length = 0;
    await yieldToPage();
    t = s0 = performance.now();
  };
  /** Plotly's automargin draw of `s`, its margins recorded for this width and legend */
  const automargin = async (s: PlotSpec) => {
    await Plotly.react(plot, s.data, s.layout, config);
    const size = (plot as unknown as { _fullLayout?: { _size?: Margins } })._fullLayout?._size;
    if (size) {
      const own = spec.layout.margin as Margins;
      recordedMargins.set(key, { key: mkey, margins: { l: size.l, r: size.r, t: size.t, b: size.b }, base: { l: own.l, r: own.r, t: own.t, b: own.b }, legendHeight: legendHeightOf(plot) });
    }
  };
  let rec = recordedMargins.get(key);
  const first = !rec || rec.key !== mkey;
  if (first) {
    const skeleton = marginSkeleton(spec);
    // its labels drawn and measured once with the spec's own margins (Plotly keeps each text's size),
    // so that automargin's passes over them, a task later, measure nothing new
    const own = layoutMargins(spec.layout);
    const labels = withRecordedMargins(skeleton, own, own);
    // the skeleton is not for the reader: the plot is hidden (still laid out and measured) until drawn whole
    plot.style.visibility = 'hidden';
    await Plotly.react(plot, labels.data, labels.layout, config);
    step('skeleton');
    await nextTask('labels');
    await automargin(skeleton);
    step('skeleton-automargin');
    rec = recordedMargins.get(key);
    if (rec && rec.key === mkey) await nextTask('margins');
  }
  // how its margins were found: on the skeleton at this (first) draw, recorded at an earlier one, or by
  // automargin (the labels did not fit the recorded ones: a fallback)
  let how: 'skeleton' | 'recorded' | 'automargin' | 'fallback' = 'automargin';
  if (rec && rec.key === mkey) {
    const fixed = withRecordedMargins(spec, rec.margins, rec.base);
    await Plotly.react(plot, fixed.data, fixed.layout, config);
    plot.style.visibility = '';
    step('react');
    const fits = textFits(plot, rec.legendHeight);
    step('check');
    if (fits) how = first ? 'skeleton' : 'recorded';
    else {
      how = 'fallback';
      probe.marginFallbacks++;
      await nextTask('recorded, did not fit');
    }
  }
  if (how === 'automargin' || how === 'fallback') {
    await automargin(spec);
    plot.style.visibility = '';
    step('react-automargin');
  }
  plot.dataset.margins = how;
  await keepAnnotationsInside(plot, spec.layout.annotations ?? []);
  step('annotations');
  record(how);
}

/**
 * A plot's HTML legends (figureFit.ts htmlLegends), placed where Plotly would have put them: left edge
 * at x and top at y of the plot area as Plotly laid it out (its `_fullLayout._size`: margins l and t,
 * area w by h, px), in the legend's font size, one coloured square and name a key, in order. The
 * plot's earlier ones are replaced; a plot with none keeps none.
 */
function drawHtmlLegends(plot: HTMLElement, legends: HtmlLegend[]): void {
  for (const old of plot.querySelectorAll(':scope > .html-legend')) old.remove();
  const size = (plot as unknown as { _fullLayout?: { _size?: { l: number; r: number; t: number; w: number; h: number } } })._fullLayout?._size;
  if (!size) return;
  for (const l of legends) {
    const box = el('div', { class: 'html-legend', 'data-legend': l.name });
    const left = Math.round(size.l + l.x * size.w);
    box.style.left = `${left}px`;
    // names wrap to the room left of the plot's right edge (Plotly's legend would have grown the margin)
    box.style.maxWidth = `${Math.max(80, Math.floor(size.l + size.w + size.r - left - 4))}px`;
    box.style.top = `${Math.round(size.t + (1 - l.y) * size.h)}px`;
    box.style.fontSize = `${l.fontSize}px`;
    if (l.title) box.append(el('div', { class: 'title' }, l.title));
    const list = el('ul');
    for (const k of l.keys) {
      const item = el('li', { class: 'key' });
      const swatch = el('span', { class: 'swatch' });
      swatch.style.background = k.colour;
      item.append(swatch, k.name);
      list.append(item);
    }
    box.append(list);
    plot.append(box);
  }
}

/** Per figure drawn one plot per row: the widest left margin of its parts at its last draw, and the width then (px). */
const figureLeft = new Map<FigureId, { width: number; l: number }>();

/** Per figure (per plot of a figure drawn in rows: '9/1', '9/2'): the margins Plotly settled on at its last automargin draw (and the spec's own then), for the width and legend of marginsKey, and its legend's height then (px). */
const recordedMargins = new Map<string, { key: string; margins: Margins; base: Margins; legendHeight: number }>();

/** The summed height of a figure's legends (Plotly's legend, legend2, ... groups), px. */
const legendHeightOf = (plot: HTMLElement) => [...plot.querySelectorAll('g.infolayer > g[class^="legend"]')].reduce((s, g) => s + g.getBoundingClientRect().height, 0);

/**
 * Whether a figure drawn with recorded margins (automargin off) kept its text inside its drawing (every
 * axis's labels and title, legends, data labels; annotations are wrapped to fit by keepAnnotationsInside),
 * its legends no taller than when the margins were recorded (a legend that wrapped into more rows would
 * cover the plot).
 */
function textFits(plot: HTMLElement, legendHeight: number): boolean {
  const svg = plot.querySelector('.main-svg');
  if (!svg) return true;
  const edge = svg.getBoundingClientRect();
  for (const t of plot.querySelectorAll('svg text')) {
    if (t.closest('g.annotation')) continue;
    const r = t.getBoundingClientRect();
    if (r.width === 0 || !(t.textContent ?? '').trim()) continue;
    if (r.left < edge.left - 1 || r.right > edge.right + 1 || r.top < edge.top - 1 || r.bottom > edge.bottom + 1) return false;
  }
  return legendHeightOf(plot) <= legendHeight + 1;
}

/**
 * An annotation drawn past the figure's edge (fitFigure estimates text widths; Plotly may widen a
 * margin for long tick labels) is wrapped again to the room it has, measured here, in one relayout.
 */
async function keepAnnotationsInside(plot: HTMLElement, annotations: readonly Record<string, unknown>[]): Promise<void> {
  const svg = plot.querySelector('.main-svg');
  if (!svg || !annotations.length) return;
  const edge = svg.getBoundingClientRect();
  const update: Record<string, unknown> = {};
  plot.querySelectorAll<SVGGElement>('g.annotation').forEach((g) => {
    const i = Number(g.getAttribute('data-index'));
    const a = annotations[i];
    const text = g.querySelector('text');
    if (!a || typeof a.text !== 'string' || !text) return;
    const r = text.getBoundingClientRect();
    if (r.left >= edge.left - 0.5 && r.right <= edge.right + 0.5) return;
    const room = a.xanchor === 'left' ? edge.right - r.left : a.xanchor === 'right' ? r.right - edge.left
      : 2 * Math.min((r.left + r.right) / 2 - edge.left, edge.right - (r.left + r.right) / 2);
    update[`annotations[${i}].text`] = rewrapToFit(a.text, r.width, Math.max(40, room - 6));
  });
  if (Object.keys(update).length) await Plotly.relayout(plot, update);
}

/** Figures drawn again when their column's width changes (a window resized, a panel opened). */
function watchWidths(): void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const observer = new ResizeObserver(() => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      const ids = FIGURE_IDS.filter((id) => {
        const d = drawnFigures.get(id);
        const plot = $(`fig-${id}`).querySelector<HTMLElement>('.plot')!;
        return d && 'spec' in d.result && !pendingFigures.has(id) && Number(plot.dataset.width) !== figureWidth($(`fig-${id}`));
      });
      if (ids.length) void queueFigures(ids.map((id) => drawnFigures.get(id)!), ids);
    }, 150);
  });
  observer.observe($('figures'));
}

let comparison: ScenarioComparison | null = null;

/**
 * The baseline/variant view, folded under a one-line summary (so Table 1 stays near the top): the
 * fields that differ, how many cells changed per table, compareScenarios' conclusions (leaders, rank
 * orders, signs, frontier membership) and the paired intervals of the differences that are not zero
 * (the rows with no difference folded behind their count).
 */
function renderCompare(): void {
  const box = $('compare');
  const panel = $<HTMLDetailsElement>('compare-panel');
  box.replaceChildren();
  panel.hidden = !baseline;
  if (!baseline) return;
  const changed = document.querySelectorAll('td.changed').length;
  const perTable = [...diffCounts].filter(([, d]) => d.changed > 0).map(([name, d]) => `${name === QAIJ_TABLE ? 'QAIJ' : tableEntry(name).title.replace(/:.*/, '')} ${d.changed}`);
  $('compare-summary').textContent = `Comparison with the pinned baseline: ${changed} changed cell${changed === 1 ? '' : 's'}${perTable.length ? ` (${perTable.join(', ')})` : ''}`
    + (comparison ? `; ${comparison.conclusions.length} conclusion${comparison.conclusions.length === 1 ? '' : 's'} changed` : '; comparing…');
  box.append(el('strong', {}, 'Baseline pinned: '), el('span', { id: 'baseline-words' }, pageScenarioWords(baseline.scenario)));
  box.append(el('div', { id: 'changed-count' }, `The ${changed} changed cell${changed === 1 ? ' is' : 's are'} highlighted in the tables (hover one for baseline → now).`));
  if (!comparison) {
    box.append(el('div', { class: 'note' }, 'comparing (paired bootstrap in the worker)...'));
    return;
  }
  const changes = scenarioChangeWords(baseline.scenario, scenario);
  if (changes.length) box.append(el('div', { id: 'changes' }, `Changed: ${changes.join('; ')}`));
  const list = el('ul', { id: 'conclusions' });
  for (const c of comparison.conclusions) list.append(el('li', {}, c));
  if (!comparison.conclusions.length) list.append(el('li', {}, 'no leader, rank order, sign or frontier membership changes'));
  box.append(list);
  const paired = comparison.cells.filter((c) => c.lo !== null && c.hi !== null);
  if (paired.length) {
    // a difference below 1e-9 of the values it separates is rounding in the sums: printed as 0
    const scale = (c: (typeof paired)[number]) => 1e-9 * Math.max(Math.abs(c.base ?? 0), Math.abs(c.variant ?? 0));
    const zero = (c: (typeof paired)[number]) => c.difference === null || Math.abs(c.difference) < scale(c);
    const tiny = (v: number | null, c: (typeof paired)[number]) => (v !== null && Math.abs(v) < scale(c) ? 0 : v);
    const tableOf = (rows: typeof paired, id: string, caption: string) => {
      const t = el('table', { id });
      t.append(el('caption', {}, caption));
      const head = el('tr');
      for (const h of ['table', 'row', 'column', 'baseline', 'variant', 'difference', '%', 'lo', 'hi']) head.append(el('th', {}, h));
      t.append(head);
      for (const c of rows) {
        const tr = el('tr');
        for (const v of [c.table, c.row, columnLabel(c.column), c.base, c.variant, tiny(c.difference, c), zero(c) ? 0 : c.percentChange, tiny(c.lo, c), tiny(c.hi, c)]) tr.append(el('td', typeof v === 'number' ? { class: 'num' } : {}, printedCell(v)));
        t.append(tr);
      }
      return t;
    };
    // the changed cells as the tables print them (the same rule as their highlight), those that carry an interval
    const printedChange = (c: (typeof paired)[number]) => cellText(c.base, formats.decimals[c.table]?.[c.column]) !== cellText(c.variant, formats.decimals[c.table]?.[c.column]);
    const moved = paired.filter((c) => !zero(c) && printedChange(c));
    const still = paired.filter((c) => zero(c) || !printedChange(c));
    box.append(tableOf(moved, 'paired', `Paired 95% bootstrap intervals of the differences (now − baseline; ${comparison.draws.toLocaleString('en')} draws, seed ${comparison.seed}, the same resampled tasks on both sides), for the ${moved.length} of the ${changed} changed cells that carry one`));
    if (still.length) {
      const d = el('details', { id: 'unchanged-rows' });
      d.append(el('summary', {}, `${still.length} cell${still.length === 1 ? '' : 's'} whose printed value did not change`), tableOf(still, 'paired-unchanged', 'Cells whose printed value did not change'));
      box.append(d);
    }
  }
}

/**
 * Ask the worker for the QAIJ table of the scenario on show, when its panel is open and the table
 * does not show that scenario already (queued behind the pass's intervals in the same worker). Until
 * it comes, the table on show (an earlier scenario's) is marked as updating.
 */
function requestQaij(): void {
  const panel = $<HTMLDetailsElement>('qaij-panel');
  if (!panel.open || !current || probe.qaijPending || probe.qaijKey === probe.scenarioKey) return;
  const draws = scenario.draws ?? LIVE_DRAWS;
  const sec = $('sec-qaij');
  sec.classList.add('updating');
  if (!shown.has(QAIJ_TABLE)) sec.querySelector('.body')!.replaceChildren(el('div', { class: 'skipped' }, `computing: a bootstrap of ${draws.toLocaleString('en')} draws in the background…`));
  probe.qaijPending = true;
  workerBusy = true;
  (worker ?? freshWorker()).postMessage({ type: 'qaij', id: runId, scenario, draws } satisfies ToWorker);
}

/** How long a slice of table builds runs, ms, before the page yields to input and painting (recompute). */
const TABLE_SLICE_MS = 30;

/** The current pass; an older pass stops at its next step. */
let passId = 0;
/** The figures in the window when the current pass started (what a reader looking at them waits for). */
let inViewAtPass: FigureId[] = [];

/**
 * One pass: point tables, one per task, then the figures, one per task (each marked "updating" until it
 * shows the new scenario), then intervals from the worker. Resolves once the figures are drawn.
 */
async function recompute(): Promise<unknown> {
  if (!current) return;
  const pass = ++passId;
  // the worker's messages of an earlier pass are dropped from here on (onWorker checks the run id)
  const id = ++runId;
  const started = performance.now();
  const key = scenarioToQuery(scenario);
  probe.scenario = scenario;
  probe.scenarioKey = key;
  probe.passStartedAt = started;
  probe.passTablesMs = null;
  probe.passFiguresMs = null;
  probe.passInViewFiguresMs = null;
  inViewAtPass = FIGURE_IDS.filter((i) => { const r = $(`fig-${i}`).getBoundingClientRect(); return r.bottom > 0 && r.top < innerHeight && r.height > 0; });
  probe.pointFiguresMs = 0;
  history.replaceState(null, '', `?${key}${baseline ? `&baseline=${encodeURIComponent(scenarioToQuery(baseline.scenario))}` : ''}`);
  $('c-draws').textContent = (scenario.draws ?? LIVE_DRAWS).toLocaleString('en');
  $('errors').replaceChildren();
  $('errors').hidden = true;
  warningsSeen.length = 0;
  let options: ScenarioContext;
  try {
    // one context for the whole pass: its memo of task components serves every table and figure
    options = withSweepOf(pageOptions(current.ds, scenario, false), nodeRates);
  } catch (e) {
    showError((e as Error).message);
    return;
  }
  markUpdating(key);
  const note = scenarioNote(options);
  paperScenario = note === null;
  showScenarioNote(note);
  probe.figuresPending = true; // figures follow the tables: the pass is not settled before they are drawn
  drawFar = false; // the new pass's figures near the window first
  probe.passes++; // counted when it starts: a pass superseded by a quicker control change counts too
  tablesPhase = true;
  watchFrames();
  const names = explorerTableNames(options).filter((n) => options.bootstrap !== false || !INTERVAL_ONLY.has(n));
  probe.pointTableMs = {};
  probe.intervalTableMs = {};
  let sum = 0;
  // built in slices of at most about TABLE_SLICE_MS, the first in the control change's own task (the
  // page answers input between slices; a yield before each table cost more than most tables take:
  // each let the browser restyle the page), put on screen together: one layout and paint of the
  // page for all of them, not one per table
  const built: TableResult[] = [];
  let slice = started;
  for (const name of names) {
    if (performance.now() - slice > TABLE_SLICE_MS) {
      await yieldToPage();
      if (pass !== passId) return;
      slice = performance.now();
    }
    const r = computeTable(name, options);
    sum += r.ms;
    probe.pointTableMs[name] = r.ms;
    built.push(r);
  }
  for (const r of built) renderTable(r);
  tablesPhase = false;
  probe.pointTablesMs = sum;
  probe.passTablesMs = performance.now() - started;
  tablesShown();
  const ctx = options;
  const drawn = queueFigures(FIGURE_IDS.map((id) => ({ key, build: () => computeFigures(ctx, constants, [id])[0] })), FIGURE_IDS)
    .then(() => { if (pass === passId) renderCompare(); });
  const warn = $('warnings');
  warn.replaceChildren();
  for (const w of distinctWarnings(warningsSeen)) warn.append(el('li', {}, w.message));
  // intervals
  const draws = scenario.draws ?? LIVE_DRAWS;
  const w = freshWorker();
  workerBusy = true;
  probe.intervalsPending = true;
  $('progress-text').textContent = `intervals at ${draws.toLocaleString('en')} draws: computing`;
  $<HTMLProgressElement>('progress').value = 0;
  $('progress').hidden = false;
  comparison = null;
  renderCompare();
  w.postMessage({ type: 'run', id, scenario, draws, baseline: baseline?.scenario ?? null } satisfies ToWorker);
  probe.qaijPending = false; // a worker busy with an earlier pass's QAIJ was replaced above
  requestQaij();
  return drawn;
}

function onWorker(m: FromWorker): void {
  if (m.id !== runId) return;
  if (m.type === 'table') {
    probe.intervalTableMs[m.result.name] = m.result.ms;
    renderTable(m.result);
    const p = $<HTMLProgressElement>('progress');
    p.max = m.total;
    p.value = m.done;
    $('progress-text').textContent = `intervals: ${m.done} of ${m.total}`;
  } else if (m.type === 'figures') {
    const key = probe.scenarioKey ?? '';
    void queueFigures(m.figures.map((result) => ({ key, result })), m.figures.map((f) => f.id));
  } else if (m.type === 'comparison') {
    comparison = m.comparison;
    probe.compareMs = m.ms;
    renderCompare();
  } else if (m.type === 'qaij' || m.type === 'qaij-error') {
    workerBusy = probe.intervalsPending;
    probe.qaijPending = false;
    if (m.type === 'qaij') {
      probe.qaijMs = m.ms;
      probe.qaijKey = probe.scenarioKey;
      $('sec-qaij').classList.remove('updating');
      renderTable(m.result);
    } else showError(`QAIJ: ${m.message}`);
  } else if (m.type === 'done') {
    workerBusy = probe.qaijPending;
    probe.intervalMs = m.ms;
    probe.intervalDraws = m.draws;
    probe.intervalsPending = false;
    $('progress').hidden = true;
    $('progress-text').textContent = `95% intervals at ${m.draws.toLocaleString('en')} draws (seed ${scenario.seed ?? current!.ds.manifest.bootstrap?.seed ?? 'default'}), ${Math.round(m.ms)} ms`;
    renderCompare();
  } else {
    workerBusy = probe.qaijPending;
    probe.intervalsPending = false;
    showError(`intervals: ${m.message}`);
  }
}

async function openBundled(entry: DatasetEntry, s: PageScenario): Promise<void> {
  const texts: Record<string, string> = {};
  await Promise.all(entry.files.map(async (f) => { texts[f] = await fetchText(`data/${entry.id}/${f}`); }));
  const ds = datasetFromTexts(entry.dir, texts);
  useDataset(entry.id, entry.dir, entry.id, texts, ds, s);
  await recompute();
}

/** A problem list in the header's message area (in view wherever the page is scrolled). */
function showLoadErrors(heading: string, e: unknown): void {
  const list = $('load-errors');
  list.replaceChildren();
  const head = el('p', {}, heading);
  const dismiss = el('button', { type: 'button', class: 'dismiss' }, 'dismiss');
  dismiss.addEventListener('click', () => list.replaceChildren());
  head.append(dismiss);
  list.append(head);
  const ul = el('ul');
  const issues = e instanceof ValidationError ? e.issues.map(formatIssue) : [(e as Error).message];
  for (const i of issues) ul.append(el('li', { class: 'issue' }, i));
  list.append(ul);
  list.scrollIntoView({ block: 'nearest' });
}

/** A reader's files (from the file input or a drop): checked; on a problem nothing is computed. */
async function openFiles(files: { path: string; file: File }[]): Promise<void> {
  $('load-errors').replaceChildren();
  const dropped = await Promise.all(files.filter((f) => isDatasetFile(f.path)).map(async (f) => ({ path: f.path, bytes: new Uint8Array(await f.file.arrayBuffer()) })));
  const { texts, issues: undecodable } = textsOfDroppedFiles(dropped); // two files of one name are refused, naming both
  const folder = files.find((f) => f.path.includes('/'))?.path.split('/')[0] ?? 'my-dataset';
  let ds: Dataset;
  try {
    if (undecodable.length) throw new ValidationError(undecodable);
    ds = datasetFromTexts(folder, texts);
  } catch (e) {
    showLoadErrors(`${folder}: not loaded, nothing computed from it (the page still shows ${current?.name ?? 'no dataset'}):`, e);
    return;
  }
  // a link to this folder's dataset (`?dataset=<folder>&...`) opened earlier: its scenario applies now
  const s = heldLink && heldLink.dataset === folder ? heldLink : { dataset: folder };
  if (s === heldLink) {
    heldLink = null;
    document.getElementById('notice-held')?.remove();
  }
  useDataset(ds.manifest.name, folder, null, texts, ds, s);
  await recompute();
}

/**
 * A reader's weights file (`occupation,weight`): checked as `j2g tables --weights FILE` checks it
 * (parseWeightsCsv against the dataset on show); on a problem each is listed and the weights stay as
 * they were; on success the scenario's weights become `{custom: ...}` (so the URL and scenario.json
 * carry them).
 */
async function openWeights(file: File): Promise<void> {
  $('load-errors').replaceChildren();
  let weights: { custom: Record<string, number> };
  try {
    weights = parseWeightsCsv(decodeUtf8(new Uint8Array(await file.arrayBuffer()), file.name), file.name, current!.ds);
  } catch (e) {
    showLoadErrors(`${file.name}: weights not used, the page keeps its weights:`, e);
    return;
  }
  scenario = { ...scenario, weights };
  weightsFileName = file.name;
  buildControls();
  await recompute();
}

async function droppedFiles(dt: DataTransfer): Promise<{ path: string; file: File }[]> {
  const out: { path: string; file: File }[] = [];
  const walk = async (entry: FileSystemEntry, prefix: string): Promise<void> => {
    if (entry.isFile) {
      const file = await new Promise<File>((res, rej) => (entry as FileSystemFileEntry).file(res, rej));
      out.push({ path: prefix + entry.name, file });
    } else if (entry.isDirectory) {
      const reader = (entry as FileSystemDirectoryEntry).createReader();
      const kids = await new Promise<FileSystemEntry[]>((res, rej) => reader.readEntries(res, rej));
      for (const k of kids) await walk(k, `${prefix}${entry.name}/`);
    }
  };
  const items = [...dt.items].map((i) => i.webkitGetAsEntry()).filter((e): e is FileSystemEntry => !!e);
  if (items.length) for (const e of items) await walk(e, '');
  else for (const f of dt.files) out.push({ path: f.name, file: f });
  return out;
}

function download(name: string, text: string): void {
  const a = el('a', { href: URL.createObjectURL(new Blob([text], { type: 'application/json' })), download: name });
  document.body.append(a);
  a.click();
  a.remove();
}

/**
 * What the scenario differs in from the paper's, beside the provenance badge, in the words the notebooks
 * and the report use ("differs from the paper because you changed weights (employment)"); hidden under
 * the paper's scenario.
 */
function showScenarioNote(note: string | null): void {
  let p = document.getElementById('scenario-note');
  if (!p) {
    p = el('span', { id: 'scenario-note', class: 'badge scenario-note' });
    $('provenance').after(p);
  }
  p.hidden = note === null;
  p.textContent = note === null ? "" : `This scenario ${note}; values that depend on it are not compared with published numbers.`;
}

/** The tables on show drawn again (baseline pinned or cleared: the highlights change). */
function rerenderShown(): void {
  for (const [name, t] of [...shown]) {
    const caption = $(`sec-${name}`).querySelector('.caption')?.textContent ?? '';
    renderTable({ name, table: t, caption, ms: 0 });
  }
}

/**
 * The baseline a link names (`&baseline=<the baseline's query>`), restored with its point tables, or a
 * notice saying why it was dropped.
 */
function restoreBaseline(query: string | null): void {
  if (query === null || !current) return;
  try {
    const s = { ...scenarioFromQuery(query, current.dir), dataset: current.dir };
    const options = withSweepOf(pageOptions(current.ds, s, false), nodeRates);
    const tables = new Map<string, TableData>();
    for (const name of explorerTableNames(options).filter((n) => !INTERVAL_ONLY.has(n))) {
      const r = computeTable(name, options);
      if ('table' in r) tables.set(name, r.table);
    }
    baseline = { scenario: s, tables };
  } catch (e) {
    showNotice('notice-baseline', `The pinned baseline in this link was dropped: ${(e as Error).message}`);
  }
}

function layout(): void {
  const tables = $('tables');
  for (const { name } of TABLES) {
    const sec = el('section', { id: `sec-${name}`, class: 'table' });
    sec.append(el('h3', {}, tableEntry(name).title), el('div', { class: 'body' }));
    tables.append(sec);
  }
  // QAIJ, the companion measure: computed on request (a bootstrap of its own), under the latency contract
  const qaij = el('details', { id: 'qaij-panel' });
  const qsec = el('section', { id: `sec-${QAIJ_TABLE}`, class: 'table' });
  qsec.append(el('h3', {}, 'QAIJ: quality-adjusted service per joule, by system'), el('div', { class: 'body' }));
  qaij.append(el('summary', {}, 'QAIJ: quality-adjusted service per joule, under the latency contract L* (computed when opened)'), qsec);
  qaij.addEventListener('toggle', () => requestQaij());
  tables.after(qaij);
  const figs = $('figures');
  for (const id of FIGURE_IDS) {
    const sec = el('section', { id: `fig-${id}`, class: 'figure updating', 'data-figure': id });
    const h = el('h3');
    h.append(el('span', { class: 'fig-title' }, `Figure ${id}`));
    sec.append(h, el('span', { class: 'updating-mark', role: 'status' }, 'updating…'), el('div', { class: 'fig-badge', hidden: '' }),
      el('div', { class: 'skipped' }), el('div', { class: 'plot' }), el('p', { class: 'fig-caption' }));
    figs.append(sec);
  }
  $('pin').addEventListener('click', () => {
    baseline = { scenario: { ...scenario }, tables: new Map(shown) };
    comparison = null;
    rerenderShown();
    void recompute(); // the worker compares the variant (for now the baseline itself) with the baseline
  });
  $('unpin').addEventListener('click', () => {
    baseline = null;
    comparison = null;
    history.replaceState(null, '', `?${scenarioToQuery(scenario)}`);
    rerenderShown();
    renderCompare();
  });
  $('download').addEventListener('click', () => download('scenario.json', scenarioFile(current!.ds, scenario)));
  $('copy-link').addEventListener('click', () => void navigator.clipboard?.writeText(location.href));
  const input = $<HTMLInputElement>('files');
  input.addEventListener('change', () => void openFiles([...(input.files ?? [])].map((f) => ({ path: f.webkitRelativePath || f.name, file: f }))));
  const folder = $<HTMLInputElement>('folder');
  folder.addEventListener('change', () => void openFiles([...(folder.files ?? [])].map((f) => ({ path: f.webkitRelativePath || f.name, file: f }))));
  const drop = $('drop');
  drop.addEventListener('dragover', (e) => { e.preventDefault(); drop.classList.add('over'); });
  drop.addEventListener('dragleave', () => drop.classList.remove('over'));
  drop.addEventListener('drop', (e) => {
    e.preventDefault();
    drop.classList.remove('over');
    if (e.dataTransfer) void droppedFiles(e.dataTransfer).then(openFiles);
  });
  // the settings folded at every width, so that the sticky header is a line or two (at most about 15% of
  // a 1280x800 window: it took a third of it, covering figure tops) and the messages; one click opens them
  $<HTMLDetailsElement>('settings').open = false;
  // a print draws every figure, not only those near the window (the others are drawn in idle time too)
  window.addEventListener('beforeprint', () => { drawFar = true; void queueFigures([], []); });
  watchWidths();
  watchNearness();
}

async function main(): Promise<void> {
  layout();
  entries = JSON.parse(await fetchText('data/index.json')) as DatasetEntry[];
  nodeRates = await fetchText('data/node_rates.csv').catch(() => null);
  constants = await fetchText('data/constants.json').then((t) => JSON.parse(t) as FigureConstants).catch(() => null);
  formats = await fetchText('data/formats.json').then((t) => JSON.parse(t) as TableFormats).catch(() => formats);
  let s: PageScenario;
  try {
    s = scenarioFromQuery(location.search, entries[0].dir);
  } catch (e) {
    showError((e as Error).message);
    s = { dataset: entries[0].dir };
  }
  const found = entries.find((e) => e.dir === s.dataset || e.id === s.dataset);
  const entry = found ?? entries[0];
  if (!found) {
    // a link to a reader's own dataset: the page has only the bundled ones, and says so
    heldLink = s;
    showNotice('notice-held', `This link names the dataset "${s.dataset}", which is not bundled with this page: a reader's own files cannot be reopened from a link. `
      + `The page shows ${entry.id} instead; open or drop the folder "${s.dataset}" to see it under the link's scenario.`);
    s = { dataset: entry.dir };
  }
  const params = new URLSearchParams(location.search);
  const texts: Record<string, string> = {};
  await Promise.all(entry.files.map(async (f) => { texts[f] = await fetchText(`data/${entry.id}/${f}`); }));
  useDataset(entry.id, entry.dir, entry.id, texts, datasetFromTexts(entry.dir, texts), { ...s, dataset: entry.dir });
  if (!heldLink) restoreBaseline(params.get('baseline'));
  // a link with a latency contract is about QAIJ: its table is shown
  if (s.qaij?.latencyMaxS !== undefined && s.qaij.latencyMaxS !== null) $<HTMLDetailsElement>('qaij-panel').open = true;
  const drawn = recompute();
  await firstTables;
  await new Promise<void>((r) => requestAnimationFrame(() => r()));
  probe.firstRenderMs = performance.now();
  await drawn;
  probe.ready = true;
}

main().catch((e) => showError(location.protocol === 'file:'
  ? 'explorer: a page opened as a file cannot load its data files; serve the folder (python3 -m http.server -d out/explorer 8080) and open http://localhost:8080/'
  : `explorer: ${(e as Error).message}`));

/**
 * The explorer page (out/explorer/index.html): controls for every scenario field, every paper table
 * and figure recomputed by kernel-lib in the browser when a control changes (point estimates on the
 * page's thread, intervals in a Web Worker with progress), the scenario in the URL and as a
 * downloadable scenario.json, a pinned baseline beside the current variant, and a reader's own
 * dataset checked by the recorded-data schema (problems shown as `file:line: column: expected`).
 */
import { isDatasetFile, textsOfDroppedFiles } from './droppedFiles.ts';
import { datasetFromTexts, type Dataset } from '../data/load.ts';
import { REFERENCES } from '../data/schema.ts';
import { formatIssue, ValidationError, type ValidationIssue } from '../errors.ts';
import { decodeUtf8 } from '../io/csv.ts';
import { FIGURE_IDS, type FigureResult } from '../plots/paperFigures.ts';
import type { PlotSpec } from '../plots/spec.ts';
import { provenanceOf } from '../plots/rows.ts';
import { parseWeightsCsv } from '../weights/parseWeightsCsv.ts';
import { distinctWarnings, onWarning } from '../warn.ts';
import { computeFigures, computeTables, printedCell, scenarioNote, withSweepOf, type FigureConstants, type TableData, type TableResult } from './compute.ts';
import { TABLES, rowKeyOf, tableEntry } from '../tables/registry.ts';
import type { FromWorker, ToWorker } from './protocol.ts';
import type { ScenarioComparison } from '../scenario/compare.ts';
import type { ResolvedScenario } from '../scenario/schema.ts';
import {
  FULL_DRAWS, LIVE_DRAWS, pageOptions, pageResolved, scenarioFile, scenarioFromQuery, scenarioToQuery, WEIGHTS, WIN_TIE, type PageScenario,
} from './scenario.ts';

declare const Plotly: {
  react(el: HTMLElement, data: unknown[], layout: unknown, config?: unknown): Promise<unknown>;
};

interface DatasetEntry { id: string; dir: string; files: string[] }

/** What tests and the bench read: timings of the last passes and the page's state. */
interface ExplorerProbe {
  ready: boolean;
  /** ms from navigation start to every table on screen (cold start), and to every figure drawn */
  firstRenderMs: number | null;
  figuresDrawnMs: number | null;
  pointTablesMs: number | null;
  pointFiguresMs: number | null;
  intervalMs: number | null;
  intervalDraws: number | null;
  intervalsPending: boolean;
  /** figures queued and not drawn yet */
  figuresPending: boolean;
  /** each table's time in the last point pass and interval pass, ms */
  pointTableMs: Record<string, number>;
  intervalTableMs: Record<string, number>;
  /** the longest gap between animation frames while the last interval pass ran, ms (a frozen page shows here) */
  maxFrameGapMs: number;
  /** compareScenarios' time in the worker, ms (baseline pinned) */
  compareMs: number | null;
  passes: number;
  scenario: PageScenario | null;
  errors: string[];
}
const probe: ExplorerProbe = {
  ready: false, firstRenderMs: null, figuresDrawnMs: null, pointTablesMs: null, pointFiguresMs: null, intervalMs: null, intervalDraws: null,
  intervalsPending: false, figuresPending: false, pointTableMs: {}, intervalTableMs: {}, maxFrameGapMs: 0, compareMs: null, passes: 0, scenario: null, errors: [],
};

/** Watch frame gaps while intervals compute (the page must stay responsive: the work is in the worker). */
function watchFrames(): void {
  probe.maxFrameGapMs = 0;
  let last = performance.now();
  const tick = (now: number) => {
    probe.maxFrameGapMs = Math.max(probe.maxFrameGapMs, now - last);
    last = now;
    if (probe.intervalsPending) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}
(window as unknown as { __explorer: ExplorerProbe }).__explorer = probe;


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
let current: { name: string; dir: string; texts: Record<string, string>; ds: Dataset } | null = null;
let scenario: PageScenario = { dataset: '' };
let baseline: { scenario: PageScenario; tables: Map<string, TableData> } | null = null;
/** The tables on show (point estimates, then replaced by the interval pass's). */
const shown = new Map<string, TableData>();
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

function showError(message: string): void {
  probe.errors.push(message);
  const box = $('errors');
  box.hidden = false;
  box.append(el('div', { class: 'error' }, message));
}

/** Use a dataset (validated already): controls rebuilt for its systems, judges and attempts. */
function useDataset(name: string, dir: string, texts: Record<string, string>, ds: Dataset, s: PageScenario): void {
  current = { name, dir, texts, ds };
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
  const custom = typeof scenario.weights === 'object';
  const weightOptions: [string, string][] = WEIGHTS.map((w) => [w, w === 'gdp' ? 'GDP (paper)' : w]);
  if (custom) weightOptions.push(['custom', 'custom (weights file)']);
  box.append(select('c-weights', 'Weights', weightOptions, custom ? 'custom' : (resolved.weights as string | undefined) ?? '',
    (v) => { if (v !== 'custom') set({ weights: v === 'gdp' ? undefined : (v as PageScenario['weights']) }); }));
  const wfile = el('label', { class: 'control' });
  wfile.append(el('span', {}, 'Weights file (occupation,weight)'));
  const wi = el('input', { id: 'c-weights-file', type: 'file', accept: '.csv,text/csv', 'aria-label': 'weights file' });
  wi.addEventListener('change', () => { const f = wi.files?.[0]; if (f) void openWeights(f); });
  wfile.append(wi);
  box.append(wfile);
  box.append(numberInput('c-rate', 'Node rate, USD per node-hour', String(scenario.rates?.nodeRateUSDPerHour ?? ''), 'recorded',
    (v) => set({ rates: v === '' ? undefined : { nodeRateUSDPerHour: Number(v) } })));
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
  return rowKeyOf(name, Object.fromEntries(t.columns.map((c, i) => [c, r[i]])));
}

function renderTable(result: TableResult): void {
  const sec = $(`sec-${result.name}`);
  const body = sec.querySelector('.body')!;
  body.replaceChildren();
  if ('skipped' in result) {
    shown.delete(result.name);
    body.append(skippedNote(result.skipped));
    return;
  }
  shown.set(result.name, result.table);
  body.append(el('p', { class: 'caption' }, result.caption));
  const t = result.table;
  const base = baseline?.tables.get(result.name);
  const baseRows = new Map(base ? base.rows.map((r) => [rowKey(result.name, base, r), r]) : []);
  const table = el('table', { 'data-table': result.name });
  const head = el('tr');
  for (const c of t.columns) head.append(el('th', {}, c));
  table.append(el('thead'), el('tbody'));
  table.tHead!.append(head);
  t.rows.forEach((r, i) => {
    const tr = el('tr', { 'data-row': String(i) });
    const b = baseRows.get(rowKey(result.name, t, r));
    r.forEach((v, j) => {
      const td = el('td', { 'data-col': t.columns[j] }, printedCell(v));
      if (typeof v === 'number') td.className = 'num';
      if (base && b) {
        const k = base.columns.indexOf(t.columns[j]);
        const bv = k >= 0 ? b[k] : null;
        if (printedCell(bv) !== printedCell(v)) {
          td.classList.add('changed');
          const diff = typeof v === 'number' && typeof bv === 'number' ? `, difference ${printedCell(v - bv)}${bv !== 0 ? ` (${printedCell((100 * (v - bv)) / Math.abs(bv))}%)` : ''}` : '';
          td.title = `baseline ${printedCell(bv) || '(empty)'}${diff}`;
        }
      } else if (base) tr.classList.add('new-row');
      tr.append(td);
    });
    table.tBodies[0].append(tr);
  });
  body.append(table);
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
const nextFrame = () => new Promise<void>((r) => requestAnimationFrame(() => r()));
/** The latest figure of each id not drawn yet, and the loop drawing them (one per frame). */
const pendingFigures = new Map<string, FigureResult>();
let drawing: Promise<void> | null = null;

/**
 * Queue figures to draw; resolves when every queued figure is drawn. A figure queued again before it
 * was drawn (the interval pass's version arriving) replaces the older one: nothing is drawn twice.
 */
function renderFigures(figures: FigureResult[]): Promise<void> {
  for (const f of figures) pendingFigures.set(f.id, f);
  probe.figuresPending = true;
  drawing ??= drawLoop().finally(() => { drawing = null; probe.figuresPending = false; });
  return drawing;
}

async function drawLoop(): Promise<void> {
  await loadPlotly();
  for (;;) {
    const next = pendingFigures.values().next();
    if (next.done) break;
    const f = next.value;
    pendingFigures.delete(f.id);
    await nextFrame();
    const sec = $(`fig-${f.id}`);
    const plot = sec.querySelector<HTMLElement>('.plot')!;
    const note = sec.querySelector<HTMLElement>('.skipped')!;
    if ('skipped' in f) {
      note.replaceChildren(skippedNote(f.skipped));
      plot.hidden = true;
      continue;
    }
    note.replaceChildren();
    plot.hidden = false;
    const spec = f.spec as PlotSpec;
    await Plotly.react(plot, spec.data, spec.layout, { displaylogo: false, responsive: true });
    renders.set(f.id, (renders.get(f.id) ?? 0) + 1);
    plot.dataset.renders = String(renders.get(f.id));
    plot.dataset.traces = String(spec.data.length);
  }
  probe.figuresDrawnMs ??= performance.now();
}

let comparison: ScenarioComparison | null = null;

/**
 * The baseline/variant view: the fields that differ, how many cells changed, and compareScenarios'
 * conclusions (leaders, rank orders, signs, frontier membership) and paired intervals, once the
 * worker has them.
 */
function renderCompare(): void {
  const box = $('compare');
  box.replaceChildren();
  if (!baseline) return;
  box.append(el('strong', {}, 'Baseline pinned: '), el('code', {}, decodeURIComponent(scenarioToQuery(baseline.scenario)).replace(/&/g, ' ')));
  const changed = document.querySelectorAll('td.changed').length;
  box.append(el('div', { id: 'changed-count' }, `${changed} cell(s) differ from the baseline (highlighted; hover for the baseline value)`));
  if (!comparison) {
    box.append(el('div', { class: 'note' }, 'comparing (paired bootstrap in the worker)...'));
    return;
  }
  if (comparison.changes.length) box.append(el('div', { id: 'changes' }, `Changed: ${comparison.changes.join('; ')}`));
  const list = el('ul', { id: 'conclusions' });
  for (const c of comparison.conclusions) list.append(el('li', {}, c));
  if (!comparison.conclusions.length) list.append(el('li', {}, 'no leader, rank order, sign or frontier membership changes'));
  box.append(list);
  const paired = comparison.cells.filter((c) => c.lo !== null && c.hi !== null);
  if (paired.length) {
    const t = el('table', { id: 'paired' });
    t.append(el('caption', {}, `Paired 95% bootstrap intervals of the differences (variant - baseline; ${comparison.draws.toLocaleString('en')} draws, seed ${comparison.seed}, the same resampled tasks on both sides)`));
    const head = el('tr');
    for (const h of ['table', 'row', 'column', 'baseline', 'variant', 'difference', '%', 'lo', 'hi']) head.append(el('th', {}, h));
    t.append(head);
    // a difference below 1e-9 of the values it separates is rounding in the sums: printed as 0
    const scale = (c: (typeof paired)[number]) => 1e-9 * Math.max(Math.abs(c.base ?? 0), Math.abs(c.variant ?? 0));
    const tiny = (v: number | null, c: (typeof paired)[number]) => (v !== null && Math.abs(v) < scale(c) ? 0 : v);
    for (const c of paired) {
      const tr = el('tr');
      for (const v of [c.table, c.row, c.column, c.base, c.variant, tiny(c.difference, c), c.difference !== null && Math.abs(c.difference) < scale(c) ? 0 : c.percentChange, tiny(c.lo, c), tiny(c.hi, c)]) tr.append(el('td', typeof v === 'number' ? { class: 'num' } : {}, printedCell(v)));
      t.append(tr);
    }
    box.append(t);
  }
}

/** One pass: point tables and figures now, then intervals from the worker. Resolves once the figures are drawn. */
function recompute(): Promise<unknown> {
  if (!current) return Promise.resolve();
  probe.scenario = scenario;
  history.replaceState(null, '', `?${scenarioToQuery(scenario)}`);
  $('c-draws').textContent = (scenario.draws ?? LIVE_DRAWS).toLocaleString('en');
  $('errors').replaceChildren();
  $('errors').hidden = true;
  warningsSeen.length = 0;
  let options;
  try {
    // one context for the whole pass: its memo of task components serves every table and figure
    options = withSweepOf(pageOptions(current.ds, scenario, false), nodeRates);
  } catch (e) {
    showError((e as Error).message);
    return Promise.resolve();
  }
  const t0 = performance.now();
  showScenarioNote(scenarioNote(options));
  const point = computeTables(options);
  probe.pointTablesMs = performance.now() - t0;
  probe.pointTableMs = Object.fromEntries(point.map((r) => [r.name, r.ms]));
  probe.intervalTableMs = {};
  for (const r of point) renderTable(r);
  tablesShown();
  const t1 = performance.now();
  const figures = computeFigures(options, constants);
  probe.pointFiguresMs = performance.now() - t1;
  const drawn = renderFigures(figures).then(() => renderCompare());
  const warn = $('warnings');
  warn.replaceChildren();
  for (const w of distinctWarnings(warningsSeen)) warn.append(el('li', {}, w.message));
  probe.passes++;
  // intervals
  const id = ++runId;
  const draws = scenario.draws ?? LIVE_DRAWS;
  const w = freshWorker();
  workerBusy = true;
  probe.intervalsPending = true;
  void drawn.then(watchFrames);
  $('progress-text').textContent = `intervals at ${draws.toLocaleString('en')} draws: computing`;
  $<HTMLProgressElement>('progress').value = 0;
  $('progress').hidden = false;
  comparison = null;
  w.postMessage({ type: 'run', id, scenario, draws, baseline: baseline?.scenario ?? null } satisfies ToWorker);
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
    void renderFigures(m.figures);
  } else if (m.type === 'comparison') {
    comparison = m.comparison;
    probe.compareMs = m.ms;
    renderCompare();
  } else if (m.type === 'done') {
    workerBusy = false;
    probe.intervalMs = m.ms;
    probe.intervalDraws = m.draws;
    probe.intervalsPending = false;
    $('progress').hidden = true;
    $('progress-text').textContent = `95% intervals at ${m.draws.toLocaleString('en')} draws (seed ${scenario.seed ?? current!.ds.manifest.bootstrap?.seed ?? 'default'}), ${Math.round(m.ms)} ms`;
    renderCompare();
  } else {
    workerBusy = false;
    probe.intervalsPending = false;
    showError(`intervals: ${m.message}`);
  }
}

async function openBundled(entry: DatasetEntry, s: PageScenario): Promise<void> {
  const texts: Record<string, string> = {};
  await Promise.all(entry.files.map(async (f) => { texts[f] = await fetchText(`data/${entry.id}/${f}`); }));
  const ds = datasetFromTexts(entry.dir, texts);
  useDataset(entry.id, entry.dir, texts, ds, s);
  await recompute();
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
    const list = $('load-errors');
    list.append(el('p', {}, `${folder}: not loaded, nothing computed from it (the page still shows ${current?.name ?? 'no dataset'}):`));
    const ul = el('ul');
    const issues = e instanceof ValidationError ? e.issues.map(formatIssue) : [(e as Error).message];
    for (const i of issues) ul.append(el('li', { class: 'issue' }, i));
    list.append(ul);
    return;
  }
  useDataset(ds.manifest.name, folder, texts, ds, { dataset: folder });
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
    const list = $('load-errors');
    list.append(el('p', {}, `${file.name}: weights not used, the page keeps its weights:`));
    const ul = el('ul');
    const issues = e instanceof ValidationError ? e.issues.map(formatIssue) : [(e as Error).message];
    for (const i of issues) ul.append(el('li', { class: 'issue' }, i));
    list.append(ul);
    return;
  }
  scenario = { ...scenario, weights };
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

/** The tables on show drawn again (baseline pinned or cleared: the highlights change). */
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

function rerenderShown(): void {
  for (const [name, t] of [...shown]) {
    const caption = $(`sec-${name}`).querySelector('.caption')?.textContent ?? '';
    renderTable({ name, table: t, caption, ms: 0 });
  }
}

function layout(): void {
  const tables = $('tables');
  for (const { name } of TABLES) {
    const sec = el('section', { id: `sec-${name}`, class: 'table' });
    sec.append(el('h3', {}, tableEntry(name).title), el('div', { class: 'body' }));
    tables.append(sec);
  }
  const figs = $('figures');
  for (const id of FIGURE_IDS) {
    const sec = el('section', { id: `fig-${id}`, class: 'figure' });
    sec.append(el('h3', {}, `Figure ${id}`), el('div', { class: 'skipped' }), el('div', { class: 'plot' }));
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
}

async function main(): Promise<void> {
  layout();
  entries = JSON.parse(await fetchText('data/index.json')) as DatasetEntry[];
  nodeRates = await fetchText('data/node_rates.csv').catch(() => null);
  constants = await fetchText('data/constants.json').then((t) => JSON.parse(t) as FigureConstants).catch(() => null);
  let s: PageScenario;
  try {
    s = scenarioFromQuery(location.search, entries[0].dir);
  } catch (e) {
    showError((e as Error).message);
    s = { dataset: entries[0].dir };
  }
  const entry = entries.find((e) => e.dir === s.dataset || e.id === s.dataset) ?? entries[0];
  const drawn = openBundled(entry, { ...s, dataset: entry.dir });
  await firstTables;
  await nextFrame();
  probe.firstRenderMs = performance.now();
  await drawn;
  probe.ready = true;
}

main().catch((e) => showError(location.protocol === 'file:'
  ? 'explorer: a page opened as a file cannot load its data files; serve the folder (python3 -m http.server -d out/explorer 8080) and open http://localhost:8080/'
  : `explorer: ${(e as Error).message}`));

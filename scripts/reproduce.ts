/**
 * `npm run reproduce [-- --data DIR --out DIR --draws N --jobs N --no-notebooks --no-static --checks fail|report]`
 *
 * First the audit, printed as `j2g audit` prints it (stdout): a check that fails and is not a known
 * discrepancy stops the run there, exit status 1, as `j2g audit && ...` did. Then every table, figure
 * and notebook from one dataset, into out/:
 *   out/tables/tableNN.csv, .md          every table the dataset supports (the j2g tables builders)
 *   out/figures/figure-NN.html, .svg, .png   every paper figure the dataset supports
 *   out/checks.csv                        every published number beside the reproduced one, with status
 *   out/figure_claims.csv                 every qualitative claim of a figure caption or of the text about a figure, checked (holds, fails, ...)
 *   out/notebooks/*.ipynb, .html          the notebooks, executed headless with the project's tslab kernel (signed), and as HTML
 *   out/explorer/                         the explorer: every table and figure live in a browser (issue #12)
 *   out/scenario.json                     the resolved scenario everything was computed under (as j2g tables writes it)
 *   out/report.html                       one page with all of the above; for a dataset that is not the
 *                                         paper's (its systems are not the paper's, report/paperDataset.ts)
 *                                         its own tables and figures first, then the rows it shares with the paper
 * Progress is printed per step and per notebook with timings. Exit status 1 when a notebook fails, or
 * when a published value that does not hold by construction is off and the checks gate the exit
 * (`--checks fail`, the default unless the manifest says `synthetic` or the dataset's systems are not
 * the paper's: those numbers are not the paper's runs, so for them the comparison is reported, not enforced); 2 on a usage error.
 * The default dataset is the reconstructed one when present, else synthetic-small.
 * Speed (`npm run bench -- reproduce`): the notebooks run --jobs at a time (default one per core), each
 * on its own kernel driven from this process, the longest of the last run first
 * (build/notebook-seconds.json), starting before Chromium is up; tables, figures and the explorer are
 * made while they run.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadDataset } from '../kernel-lib/data/index.ts';
import { loadPublished } from '../kernel-lib/published/index.ts';
import { loadReference } from '../kernel-lib/reference/index.ts';
import { paperFigures, provenanceOf, publishedFigureInputs } from '../kernel-lib/plots/index.ts';
import { formatAuditReport, runAudit, type AuditReport } from '../kernel-lib/audit/index.ts';
import { BrowserUnavailableError, chromiumSource, findChromium, RENDER_URL_ENV, serialRenderer, staticRenderer, startRenderServer, writeFigures, type RenderServer, type StaticRenderer } from '../kernel-lib/export/index.ts';
import { comparisonText } from '../kernel-lib/display/index.ts';
import { applicableChecks, datasetReportHtml, identityWords, paperMatch, publishedFigureSource } from '../kernel-lib/report/index.ts';
import { loadScenario } from '../kernel-lib/scenario/files.ts';
import { verifyPackage } from '../kernel-lib/release/package.ts';
import { differsWords, scenarioDifferences } from '../kernel-lib/tables/paperScenario.ts';
import { tableCaption } from '../kernel-lib/plots/captions.ts';
import { runSummaryText, type RunSummaryLine } from '../kernel-lib/report/runSummary.ts';
import { reportHeadline } from '../kernel-lib/report/headline.ts';
import { measurementLines } from '../kernel-lib/report/measurementHtml.ts';
import { cellProvenance, type TableCellProvenance, tableMarkdown, failingChecks, extraTextClaimCells, figureClaims, paperTables, reportHtml, reproductionChecks, statusCounts } from '../kernel-lib/report/index.ts';
import { buildNotebookLibAsync, killAllKernels, startNotebookWorker, registerKernel, type NotebookRun, type NotebookWorker } from './notebooks/index.ts';
import { writeFileAtomic } from '../kernel-lib/io/atomic.ts';
import { checkOutput } from '../kernel-lib/io/outputDir.ts';
import { ROBUSTNESS_FIGURES } from '../kernel-lib/plots/registry.ts';
import { tableToCsv } from '../kernel-lib/io/tableCsv.ts';
import { formatCsv } from '../kernel-lib/io/csv.ts';
import { formatNumber } from '../kernel-lib/io/format.ts';
import { distinctWarnings, onWarning } from '../kernel-lib/warn.ts';
import { J2GError } from '../kernel-lib/errors.ts';
import { positiveInt, suggestion } from '../kernel-lib/cli/args.ts';
import { buildExplorer, DEFAULT_DATASETS } from './explorer/build.ts';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const RECONSTRUCTED = join(ROOT, 'data/recorded/joules-to-gdp-reconstructed');
export const SYNTHETIC = join(ROOT, 'data/recorded/synthetic-small');

export interface ReproduceOptions {
  data?: string;
  out?: string;
  draws?: number;
  jobs?: number;
  notebooks?: boolean;
  static?: boolean;
  /** 'fail': an off check makes the exit status 1; 'report': checks are only reported. Default: 'fail' unless the dataset is synthetic. */
  checks?: 'fail' | 'report';
  /** progress lines (default: stderr) */
  log?: (line: string) => void;
  /**
   * Run the audit first as `j2g audit` does and stop there, exit status 1, when a check fails that is
   * not a known discrepancy (what `npm run reproduce` ran as a separate `j2g audit` before). The report
   * goes to `print` (default: stdout). Off by default: the audit's counts still go into report.html.
   */
  auditGate?: boolean;
  print?: (text: string) => void;
  /** print every audit line (PASS included); by default only the failures and the counts are printed, the whole report goes to out/audit.txt */
  verbose?: boolean;
}

/** One line of the run's summary: something written, or not written with why and the command that fixes it. */
export interface SummaryLine {
  what: string;
  written: boolean;
  detail: string;
}

export interface ReproduceResult {
  exitCode: number;
  /** seconds per step and per notebook */
  timings: Record<string, number>;
  failingChecks: number;
  failedNotebooks: string[];
  /** what was written and what was not (and why), as printed at the end and shown at the top of report.html */
  summary: SummaryLine[];
}

function seconds(t0: number): number {
  return (performance.now() - t0) / 1000;
}

export function notebookFiles(): string[] {
  const dir = join(ROOT, 'notebooks');
  return readdirSync(dir).filter((f) => f.endsWith('.ipynb')).sort().map((f) => join(dir, f));
}

/** Where the seconds each notebook took in the last run are kept, to start the longest first. */
const NOTEBOOK_SECONDS = join(ROOT, 'build', 'notebook-seconds.json');

function recordedSeconds(): Record<string, number> {
  try {
    return JSON.parse(readFileSync(NOTEBOOK_SECONDS, 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
}

function recordSeconds(runs: readonly NotebookRun[]): void {
  const all = recordedSeconds();
  for (const r of runs) if (r.ok) all[basename(r.notebook)] = Number(r.seconds.toFixed(2));
  try {
    writeFileAtomic(NOTEBOOK_SECONDS, `${JSON.stringify(all, null, 2)}\n`);
  } catch {
    // only an ordering hint: a read-only checkout runs them in name order
  }
}

/**
 * `files` longest first by `seconds` (the last run's, by file name), so that the pool does not end on
 * one long notebook with the other cores idle; those without a record first (they may be long), in
 * name order. Example: longestFirst(['a', 'b', 'c'], { a: 1, c: 9 }) is ['b', 'c', 'a'].
 */
export function longestFirst(files: readonly string[], seconds: Record<string, number>): string[] {
  const s = (f: string) => seconds[basename(f)] ?? Infinity;
  return [...files].sort((a, b) => s(b) - s(a) || a.localeCompare(b));
}

async function pool<T, R>(items: readonly T[], jobs: number, fn: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(jobs, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i], i);
    }
  }));
  return out;
}

export async function reproduce(options: ReproduceOptions = {}): Promise<ReproduceResult> {
  const log = options.log ?? ((l: string) => process.stderr.write(`${l}\n`));
  const timings: Record<string, number> = {};
  const tAll = performance.now();
  const step = async <T>(name: string, fn: () => T | Promise<T>): Promise<T> => {
    const t0 = performance.now();
    const r = await fn();
    timings[name] = seconds(t0);
    log(`  ${name.padEnd(34, '.')} ${timings[name].toFixed(1).padStart(6)} s`);
    return r;
  };
  // `npm run reproduce` was `j2g audit && reproduce`: the same report and exit status, in this process,
  // and the same audit (run once) for report.html.
  let audit: AuditReport | undefined;
  let auditText: string | undefined;
  if (options.auditGate) {
    const t0 = performance.now();
    try {
      audit = runAudit();
    } catch (e) {
      if (!(e instanceof J2GError)) throw e;
      process.stderr.write(`j2g audit: ${e.message}\n`);
      return { exitCode: 1, timings, failingChecks: 0, failedNotebooks: [], summary: [] };
    }
    auditText = formatAuditReport(audit);
    (options.print ?? ((t: string) => process.stdout.write(`${t}\n`)))(options.verbose ? formatAuditReport(audit) : `${formatAuditReport(audit, { failuresOnly: true })}\n(every audit line: out/audit.txt, or --verbose)`);
    timings.audit = seconds(t0);
    if (audit.failed > 0) return { exitCode: 1, timings, failingChecks: 0, failedNotebooks: [], summary: [] };
  }
  const data = resolve(options.data ?? (existsSync(RECONSTRUCTED) ? RECONSTRUCTED : SYNTHETIC));
  const out = resolve(options.out ?? join(ROOT, 'out'));
  const warnings: string[] = [];
  onWarning((m) => warnings.push(m));
  log(`reproduce: ${relative(ROOT, data) || data} -> ${relative(ROOT, out) || out}`);
  // An invalid dataset stops here, before anything of an earlier run in `out` is touched.
  // A release folder (j2g pack) is checked against its datapackage.json first: a changed byte is refused, naming the file.
  const release = verifyPackage(data);
  if (release) log(`  (release ${release.name} ${release.version}: ${release.files} files, every SHA-256 matches)`);
  const dataset = await step('load dataset', () => loadDataset(data));
  // Everything below is computed under one resolved scenario (the defaults, with --draws), written as scenario.json.
  const { scenario, options: options_ } = loadScenario({ dataset: data, ...(options.draws ? { draws: options.draws } : {}) }, { dataset });
  const published = loadPublished();
  const reference = loadReference();
  const match = paperMatch(dataset, published);
  const checksGate = (options.checks ?? (dataset.manifest.provenance === 'synthetic' || !match.isPaper ? 'report' : 'fail')) === 'fail';
  outputDirectory(out);
  // never into the dataset, a dataset or trace folder, a filesystem root or through a link
  checkOutput('out', out, { inputs: [['dataset', data]], notIntoInputs: { tool: 'reproduce' } });
  // Then the earlier run goes as a whole (its report too), so `out` never mixes two runs.
  for (const sub of ['tables', 'figures', 'notebooks', 'explorer', 'checks.csv', 'figure_claims.csv', 'scenario.json', 'audit.txt', 'report.html']) rmSync(join(out, sub), { recursive: true, force: true });
  mkdirSync(out, { recursive: true });

  const runNotebooks = options.notebooks !== false;
  // Chromium and plotly.js take seconds to start: begin now, use it for figures and notebooks.
  let noBrowser = '';
  const rendererP: Promise<StaticRenderer | null> = options.static === false ? Promise.resolve(null)
    : staticRenderer().catch((e) => {
      if (e instanceof BrowserUnavailableError) {
        noBrowser = e.message;
        return null;
      }
      throw e;
    });
  // One figure at a time in Chromium's page, whether the figures step or a kernel asks (renderServer.ts).
  const shared = serialRenderer(rendererP);
  // A failure after Chromium started must still close it (and the render server, and the notebooks), or the process hangs.
  // (set by the notebooks' job as it starts them; aborted: a failure elsewhere, start nothing more)
  const running: { server: RenderServer | null; worker: NotebookWorker | null; aborted: boolean } = { server: null, worker: null, aborted: false };
  try {
  // The notebooks start first, without waiting for Chromium: a kernel takes seconds to start, and
  // its first figure waits at the render server until Chromium is ready. Tables, checks and figures
  // are computed meanwhile.
  // When the notebook library must be compiled first (kernel-lib changed since the last build; `npm
  // install` builds it), that compiler runs beside the tables and figures too.
  let notebooksJob: Promise<NotebookRun[]> = Promise.resolve([]);
  if (runNotebooks) notebooksJob = (async () => {
    await step('compile kernel-lib for notebooks', () => buildNotebookLibAsync(ROOT));
    if (running.aborted) return [];
    // Without a Chromium to find, no server: each kernel then notes that it has no static image.
    const server = running.server = options.static !== false && (await rendererP) ? await startRenderServer(shared) : null;
    if (running.aborted) return [];
    const files = longestFirst(notebookFiles(), recordedSeconds());
    const jupyterPath = registerKernel(ROOT, join(out, '.jupyter'));
    mkdirSync(join(out, 'notebooks'), { recursive: true });
    const env = {
      JUPYTER_PATH: jupyterPath, J2G_DATA: data, TZ: 'UTC',
      ...(server ? { [RENDER_URL_ENV]: server.url } : {}),
      ...(options.draws ? { J2G_DRAWS: String(options.draws) } : {}),
    };
    const t0 = performance.now();
    let done = 0;
    // one Python for every notebook: execute, sign and convert to HTML (every figure as its PNG)
    const w = running.worker = startNotebookWorker({ env });
    return pool(files, options.jobs ?? availableParallelism(), async (file) => {
      const dest = join(out, 'notebooks', basename(file));
      const r = await w.run(file, dest, { html: dest.replace(/\.ipynb$/, '.html') });
      done++;
      timings[`notebook ${basename(file)}`] = r.seconds;
      log(`  [${String(done).padStart(2)}/${files.length}] ${basename(file).padEnd(31, '.')} ${r.seconds.toFixed(1).padStart(6)} s  ${r.ok ? 'ok' : 'FAILED'}`);
      if (!r.ok) log(r.error!.split('\n').map((l) => `        ${l}`).join('\n'));
      return r;
    }).then(async (runs) => {
      await w.close();
      timings['notebooks (all)'] = seconds(t0);
      recordSeconds(runs);
      // back in the order of their names
      return runs.sort((a, b) => a.notebook.localeCompare(b.notebook));
    });
  })();
  // awaited below; a failure meanwhile is not an unhandled rejection
  notebooksJob.catch(() => undefined);

  writeFileAtomic(join(out, 'scenario.json'), `${JSON.stringify(scenario, null, 2)}\n`);
  if (auditText) writeFileAtomic(join(out, 'audit.txt'), `${auditText}\n`);
  const built = await step('tables', () => {
    const r = paperTables(options_);
    const cells: TableCellProvenance[] = [];
    for (const [name, table] of Object.entries(r.tables)) {
      writeFileAtomic(join(out, 'tables', `${name}.csv`), tableToCsv(table));
      // a reconstructed dataset's cells that no printed number pins are marked † in the Markdown (the CSV is data, unmarked)
      const marks = cellProvenance(dataset, name, table, published, reference, scenario.judge);
      if (marks) cells.push(marks);
      // Markdown at the paper's printed precision; the CSV keeps every digit
      writeFileAtomic(join(out, 'tables', `${name}.md`), tableMarkdown(name, table, published, marks));
    }
    return { ...r, cells: cells.sort((a, b) => a.name.localeCompare(b.name)) };
  });
  for (const [name, why] of Object.entries(built.skipped)) log(`  (table ${name} skipped: ${why})`);

  const comparisons = await step('published vs reproduced', () => {
    const extraClaims = extraTextClaimCells({ ...options_, tables: built.tables, reference });
    const rows = reproductionChecks({ ...options_, context: options_, published, tables: built.tables, reference, extraClaims });
    writeFileAtomic(join(out, 'checks.csv'), formatCsv(
      ['table', 'row', 'column', 'published', 'printed', 'reproduced', 'difference', 'status', 'by_construction'],
      rows.map((r) => ({ table: r.table, row: r.row, column: r.column, published: formatNumber(r.published), printed: r.printed ?? '',
        reproduced: formatNumber(r.reproduced), difference: formatNumber(r.difference), status: r.status, by_construction: String(r.byConstruction) })),
    ));
    return rows;
  });

  // the claims of captions and of the text about figures (issue #24), on the rows the figures draw
  const claims = await step('figure claims', () => {
    const r = figureClaims(options_, { isPaper: match.isPaper, reference });
    writeFileAtomic(join(out, 'figure_claims.csv'), formatCsv(['claim_id', 'figure', 'section', 'kind', 'quote', 'status', 'detail'],
      r.map((c) => ({ claim_id: c.id, figure: c.figure, section: c.section, kind: c.kind, quote: c.quote, status: c.status, detail: c.detail }))));
    return r;
  });
  // the paper's printed values beside the reproduced ones (Figures 3, 4, 5 and 10), only for the paper's systems
  // (publishedFigureInputs: the rule the explorer applies too, so both draw the same published values)
  const figureSource = publishedFigureSource(published, reference);
  const figures = await step('figures (specs)', () => paperFigures({ context: options_, ...publishedFigureInputs(dataset, figureSource) }));
  const drawn = figures.filter((f): f is Extract<typeof f, { spec: unknown }> => 'spec' in f);
  const skippedFigures = figures.filter((f): f is Extract<typeof f, { skipped: string }> => 'skipped' in f);
  for (const f of skippedFigures) log(`  (figure ${f.id} skipped: ${f.skipped})`);
  const renderer = await step('start Chromium + plotly.js', () => rendererP);
  if (renderer) log(`  (browser: ${chromiumSource(findChromium()!)})`);
  else if (options.static !== false) log(`  (no SVG/PNG: ${noBrowser})`);

  const written = await step('figures (HTML, SVG, PNG)', () => writeFigures(drawn, join(out, 'figures'), { renderer: renderer ? shared : undefined, static: renderer !== null }));
  await step('explorer', () => buildExplorer({ out: join(out, 'explorer'), datasets: [data, ...DEFAULT_DATASETS.filter((d) => resolve(ROOT, d) !== data)] }));
  const notebookRuns = await notebooksJob;
  running.worker = null;
  await running.server?.close();
  await renderer?.close();
  const robustness = robustnessFigures(out, notebookRuns);
  const summary = runSummary({
    tables: Object.keys(built.tables).length, skippedTables: Object.keys(built.skipped).length,
    figures: written.figures.length, staticFigures: written.figures.filter((f) => f.png && f.svg).length,
    skippedFigures: skippedFigures.length, noBrowser: options.static === false ? 'not asked for (--no-static): drop --no-static' : noBrowser,
    notebooks: runNotebooks ? notebookRuns : null, robustness: robustness !== undefined,
  });
  await step('report.html', () => {
    const files = new Map(written.figures.map((f) => [f.id, f]));
    const rel = (p?: string) => (p ? relative(out, p) : undefined);
    audit ??= runAudit();
    const input = {
      audit: { passed: audit.passed, known: audit.known, failed: audit.failed, results: audit.results },
      figureClaims: claims,
      checksEnforced: checksGate,
      scenario,
      scenarioNote: differsWords(scenarioDifferences(options_)),
      warnings: distinctWarnings(warnings),
      provenance: provenanceOf(dataset),
      comparisons,
      figures: drawn.map((f) => ({ id: f.id, spec: f.spec, files: { html: rel(files.get(f.id)?.html), svg: rel(files.get(f.id)?.svg), png: rel(files.get(f.id)?.png) } })),
      skippedFigures: skippedFigures.map((f) => ({ id: f.id, reason: f.skipped })),
      skippedTables: Object.entries(built.skipped).sort(([a], [b]) => a.localeCompare(b)).map(([name, reason]) => ({ name, reason })),
      notebooks: notebookRuns.map((r) => ({ name: basename(r.notebook), ok: r.ok, seconds: r.seconds, file: r.ok ? `notebooks/${basename(r.notebook).replace(/\.ipynb$/, '.html')}` : undefined })),
      tables: Object.keys(built.tables).sort().map((name) => ({ name, csv: `tables/${name}.csv`, md: `tables/${name}.md` })),
      explorer: 'explorer/index.html',
      cellProvenance: built.cells.map(({ name, pinned, unconstrained }) => ({ name, pinned, unconstrained })),
      robustness,
      runSummary: summary,
      headline: reportHeadline(options_),
      measurement: measurementLines(dataset),
    };
    writeFileAtomic(join(out, 'report.html'), match.isPaper ? reportHtml(input) : datasetReportHtml({
      ...input, match,
      ownTables: Object.keys(built.tables).sort().map((name) => {
        const t = built.tables[name];
        return { name: `Table ${Number(name.slice(5))}`, caption: tableCaption(name, options_), html: t.toHTML({ format: Object.fromEntries(t.columnNames().map((c) => [c, formatNumber])) }), csv: `tables/${name}.csv`, md: `tables/${name}.md` };
      }),
    }));
  });
  timings.total = seconds(tAll);

  // For a dataset that is not the paper's, only the checks about rows it shares count (and can be off).
  const applicable = applicableChecks(comparisons, match);
  const counts = statusCounts(applicable);
  // Every value of a reconstructed dataset holds by construction (kernel-lib/report/checks.ts): one that
  // is off is a target the reconstruction missed, and fails the run like an off value of recorded data.
  const reconstructed = dataset.manifest.provenance === 'reconstructed';
  const failing = reconstructed ? applicable.filter((c) => c.status === 'off') : failingChecks(applicable);
  const failedNotebooks = notebookRuns.filter((r) => !r.ok).map((r) => basename(r.notebook));
  log(`\nchecks: ${Object.entries(counts).map(([k, v]) => `${v} ${k}`).join(', ')}; ${applicable.filter((c) => c.byConstruction).length} by construction`);
  if (failing.length) log(`${reconstructed ? 'off (targets the reconstruction missed)' : 'off and not by construction'} (${failing.length}):\n${comparisonText(failing.slice(0, 40))}${failing.length > 40 ? `\n... and ${failing.length - 40} more in out/checks.csv` : ''}`);
  const failedClaims = claims.filter((c) => c.status === 'fails');
  log(`figure claims: ${claims.filter((c) => c.status === 'holds').length} hold, ${failedClaims.length} fail, ${claims.filter((c) => c.status !== 'holds' && c.status !== 'fails').length} not checked (out/figure_claims.csv)`);
  // reported, not enforced: a caption claim the data contradict is information about the data (for a
  // reconstruction, a target it misses that no printed number pins); report.html lists it in its headline
  for (const c of failedClaims) log(`  FAILS  Figure ${c.figure}: "${c.quote}" (${c.detail})`);
  if (failedNotebooks.length) log(`notebooks failed: ${failedNotebooks.join(', ')}`);
  const distinct = distinctWarnings(warnings);
  if (distinct.length) log(`${warnings.length} warning(s), ${distinct.length} distinct (all in report.html):\n${distinct.slice(0, 10).map((w) => `  ${w.message}${w.count > 1 ? ` (${w.count} times)` : ''}`).join('\n')}${distinct.length > 10 ? `\n  ... and ${distinct.length - 10} more` : ''}`);
  log(`\n${runSummaryText(summary)}`);
  log(`wrote ${relative(ROOT, join(out, 'report.html'))} in ${timings.total.toFixed(1)} s`);
  onWarning((m) => process.stderr.write(`warning: ${m}\n`));
  if (!match.isPaper) log(`${identityWords(match)} report.html leads with its own tables and figures and compares only the rows it shares (${failingChecksWords(comparisons.length, applicable.length)})`);
  if (failing.length && !checksGate) log(`checks are reported, not enforced, for ${dataset.manifest.provenance === 'synthetic' ? 'a synthetic dataset' : !match.isPaper ? "a dataset that is not the paper's" : 'this run'} (--checks fail to enforce them)`);
  return { exitCode: (checksGate && failing.length) || failedNotebooks.length ? 1 : 0, timings, failingChecks: failing.length, failedNotebooks, summary };
  } catch (e) {
    running.aborted = true;
    running.worker?.kill();
    await running.server?.close().catch(() => undefined);
    await (await rendererP.catch(() => null))?.close().catch(() => undefined);
    throw e;
  }
}

/**
 * What the run wrote and what it did not, with the reason and the command that fixes each missing part
 * (printed at the end, and first in report.html).
 */
export function runSummary(r: {
  tables: number; skippedTables: number; figures: number; staticFigures: number; skippedFigures: number;
  /** why there is no browser ('' when there is one) */
  noBrowser: string;
  /** the notebook runs; null when notebooks were not asked for (--no-notebooks) */
  notebooks: readonly NotebookRun[] | null; robustness: boolean;
}): RunSummaryLine[] {
  const lines: RunSummaryLine[] = [
    { what: `${r.tables} tables (tables/*.csv, *.md)`, written: r.tables > 0, detail: r.skippedTables ? `${r.skippedTables} more the dataset cannot support (listed in the report)` : '' },
    { what: `${r.figures} figures as interactive HTML (figures/*.html)`, written: r.figures > 0, detail: r.skippedFigures ? `${r.skippedFigures} more the dataset cannot support` : '' },
    r.staticFigures === r.figures && r.figures > 0
      ? { what: `${r.staticFigures} figures as PNG and SVG (figures/*.png, *.svg)`, written: true, detail: '' }
      : { what: `figures as PNG and SVG (${r.staticFigures} of ${r.figures})`, written: false, detail: r.noBrowser || 'the browser failed on some figures (see the log)' },
  ];
  if (r.notebooks === null) {
    lines.push({ what: 'notebooks executed (notebooks/*.ipynb, .html)', written: false, detail: 'not asked for (--no-notebooks): drop --no-notebooks' });
  } else {
    const failed = r.notebooks.filter((n) => !n.ok).map((n) => basename(n.notebook));
    lines.push(failed.length
      ? { what: `notebooks executed: ${r.notebooks.length - failed.length} of ${r.notebooks.length} (notebooks/*.ipynb, .html)`, written: false, detail: `failed: ${failed.join(', ')} (the error is above; npm run notebook -- NAME reruns one)` }
      : { what: `${r.notebooks.length} notebooks executed, with their HTML (notebooks/*.ipynb, .html)`, written: true, detail: '' });
  }
  lines.push(r.robustness
    ? { what: 'robustness figures from notebook 13 (report section "How robust is it?")', written: true, detail: '' }
    : { what: 'robustness figures (report section "How robust is it?")', written: false, detail: r.notebooks === null ? 'they come from notebook 13: drop --no-notebooks' : 'notebook 13 did not run or drew none' });
  lines.push({ what: 'explorer (explorer/index.html), checks.csv, figure_claims.csv, scenario.json, report.html', written: true, detail: '' });
  return lines;
}

/**
 * The robustness figures (plots/registry.ts ROBUSTNESS_FIGURES) as notebooks/13-robustness drew them
 * in this run, their PNGs copied out of its executed notebook into figures/ (issue #26: in the report
 * without computing the multiverse twice); undefined when that notebook did not run or drew neither.
 */
function robustnessFigures(out: string, runs: readonly NotebookRun[]): { figures: { id: string; title: string; png: string }[]; notebook: string } | undefined {
  const run = runs.find((r) => r.ok && /13-robustness/.test(basename(r.notebook)));
  if (!run) return undefined;
  const file = join(out, 'notebooks', basename(run.notebook));
  if (!existsSync(file)) return undefined;
  const nb = JSON.parse(readFileSync(file, 'utf8')) as { cells: { outputs?: { data?: Record<string, unknown> }[] }[] };
  const text = (v: unknown) => (Array.isArray(v) ? v.join('') : String(v ?? ''));
  const figures: { id: string; title: string; png: string }[] = [];
  const wanted: [string, RegExp][] = [['spec-curve', /^Specification curve/], ['spread', /^Spread by choice/], ['budget', /^Uncertainty budget/]];
  for (const o of nb.cells.flatMap((c) => c.outputs ?? [])) {
    const png = o.data?.['image/png'];
    if (typeof png !== 'string' && !Array.isArray(png)) continue;
    const caption = text(o.data?.['text/plain']);
    const hit = wanted.find(([id, re]) => re.test(caption) && !figures.some((f) => f.id === id));
    if (!hit) continue;
    const entry = ROBUSTNESS_FIGURES.find((f) => f.id === hit[0])!;
    const path = join(out, 'figures', `robustness-${hit[0]}.png`);
    writeFileAtomic(path, Buffer.from(text(png).replace(/\s+/g, ''), 'base64'));
    figures.push({ id: entry.id, title: entry.title, png: relative(out, path) });
  }
  return figures.length ? { figures, notebook: `notebooks/${basename(run.notebook).replace(/\.ipynb$/, '.html')}` } : undefined;
}

function failingChecksWords(all: number, applicable: number): string {
  return `${applicable} of ${all} published values`;
}

/** `out`, or the nearest of its parents that exists, must be a directory: a J2GError naming the file otherwise. */
function outputDirectory(out: string): void {
  for (let p = out; ; p = dirname(p)) {
    let st;
    try {
      st = statSync(p);
    } catch {
      if (dirname(p) === p) return;
      continue;
    }
    if (!st.isDirectory()) throw new J2GError(`cannot write to ${out}: ${p === out ? 'it' : p} is a file, not a directory`);
    return;
  }
}

export const REPRODUCE_HELP = `npm run reproduce [-- OPTIONS]
  The audit, then every table, figure and notebook from one dataset into OUT, and OUT/report.html.
  --data DIR          dataset (default: the reconstructed one, else synthetic-small)
  --out DIR           output folder (default: out)
  --draws N           bootstrap draws (default: the scenario's, 10000)
  --jobs N            notebooks at a time (default: one per core)
  --checks fail|report  whether an off published value fails the run (default: fail for the paper's data)
  --no-notebooks      skip executing the notebooks
  --no-static         skip PNG and SVG figures (no browser started)
  --verbose           print every audit line (default: failures and counts; all of them in OUT/audit.txt)
  --help              this text
Notebooks run headless from Node (no Python, no Jupyter); figures need a browser: J2G_CHROMIUM, else a
system Chrome/Chromium/Edge, else the headless Chromium npm installed. The run ends with a summary of
what was written and what was not (and why), which report.html shows first.`;

function parse(argv: string[]): ReproduceOptions & { help?: boolean } {
  const o: ReproduceOptions & { help?: boolean } = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new J2GError(`missing value for ${a}`);
      return v;
    };
    if (a === '--data') o.data = value();
    else if (a === '--out') o.out = value();
    else if (a === '--draws') o.draws = positiveInt('draws', value());
    else if (a === '--jobs') o.jobs = positiveInt('jobs', value());
    else if (a === '--checks') {
      const v = value();
      if (v !== 'fail' && v !== 'report') throw new J2GError(`invalid checks: ${v} (expected fail or report)`);
      o.checks = v;
    }
    else if (a === '--no-notebooks') o.notebooks = false;
    else if (a === '--verbose') o.verbose = true;
    else if (a === '--help' || a === '-h') o.help = true;
    else if (a === '--no-static') o.static = false;
    else throw new J2GError(`unknown option: ${a}${a.startsWith('--') ? suggestion(a.slice(2), ['data', 'out', 'draws', 'jobs', 'checks', 'no-notebooks', 'no-static', 'verbose', 'help'], '--') : ''}`);
  }
  return o;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.once('SIGINT', () => {
    process.stderr.write('reproduce: interrupted; kernels stopped\n');
    killAllKernels();
    process.exit(130);
  });
  try {
    const o = parse(process.argv.slice(2));
    if (o.help) process.stdout.write(`${REPRODUCE_HELP}\n`);
    else {
      const r = await reproduce({ ...o, auditGate: true });
      process.exitCode = r.exitCode;
    }
  } catch (e) {
    if (e instanceof J2GError) {
      process.stderr.write(`reproduce: ${e.message}\n`);
      process.exitCode = 2;
    } else throw e;
  }
}

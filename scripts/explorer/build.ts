/**
 * `npm run explore`: build the explorer, a static page that runs kernel-lib in the browser, into
 * out/explorer/ (written whole: built in a sibling folder, then swapped in):
 *   index.html            the page (no network: every script and data file is local)
 *   explorer.js           kernel-lib/explorer/page.ts and the kernel-lib it uses, bundled by esbuild
 *   worker.js             kernel-lib/explorer/worker.ts (the bootstrap intervals, off the page's thread)
 *   plotly.js             plotly.js-basic-dist-min (scatter, bar, pie: the only trace types the paper's
 *                         figures use), the same plotly.js version as plotly.js-dist (checked here)
 *   data/index.json       the bundled datasets; data/<name>/*.csv, manifest.json their files
 *   data/node_rates.csv   data/reference/node_rates.csv, Table 5's sweep
 *   data/constants.json   the energy scale and task titles the figures draw (kernel-lib/reference/constants.ts)
 *                         and the paper's printed values and systems (explorerFigureConstants), which the
 *                         figures draw beside the reproduced ones on the paper's dataset, as the report's do
 *   data/formats.json     the paper's printed decimals per table column and the † cells of each bundled
 *                         reconstructed dataset (kernel-lib/explorer/formats.ts: the report's rules)
 * Open it from any static file server: `npx http-server out/explorer` or
 * `python3 -m http.server -d out/explorer`, then http://localhost:8080 (a file:// URL cannot fetch).
 */
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { loadEnergyScale, loadTaskTitles } from '../../kernel-lib/reference/constants.ts';
import { loadDataset } from '../../kernel-lib/data/load.ts';
import { tableFormats } from '../../kernel-lib/explorer/formats.ts';
import type { TableFormats } from '../../kernel-lib/explorer/tableFormat.ts';
import { pageOptions } from '../../kernel-lib/explorer/scenario.ts';
import { withSweepOf, type FigureConstants } from '../../kernel-lib/explorer/compute.ts';
import { publishedFigureSourceJson } from '../../kernel-lib/plots/published.ts';
import { publishedFigureSource } from '../../kernel-lib/report/paperDataset.ts';
import { loadPublished } from '../../kernel-lib/published/load.ts';
import { loadReference } from '../../kernel-lib/reference/load.ts';
import { onWarning } from '../../kernel-lib/warn.ts';
import { checkOutput } from '../../kernel-lib/io/outputDir.ts';
import { parseArgs } from '../../kernel-lib/cli/args.ts';
import { J2GError } from '../../kernel-lib/errors.ts';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const DEFAULT_DATASETS = ['data/recorded/joules-to-gdp-reconstructed', 'data/recorded/synthetic-small'];

const require = createRequire(import.meta.url);

/**
 * The plotly.js bundle the explorer loads: plotly.js-basic-dist-min, plotly.js with the scatter, bar
 * and pie traces only (1.1 MB minified against the full bundle's 4.6 MB). Every paper figure draws
 * scatter and bar traces (explorer.browser.ts checks each drawn trace's type is registered), and the
 * page parses it in about a quarter of the time, on the page's thread. Throws when its plotly.js version
 * is not plotly.js-dist's (the report's and the notebooks' figures): the explorer must draw what they draw.
 */
export function explorerPlotlyPath(): string {
  const version = (name: string) => (JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8')) as { version: string }).version;
  const basic = version('plotly.js-basic-dist-min'), full = version('plotly.js-dist');
  if (basic !== full) throw new Error(`plotly.js-basic-dist-min ${basic} is not plotly.js-dist ${full}: install the same version of both (npm install --save-exact plotly.js-basic-dist-min@${full})`);
  return require.resolve('plotly.js-basic-dist-min/plotly-basic.min.js');
}

/**
 * data/constants.json: what the explorer's figures need from data/reference/ and data/published/ (its
 * page cannot read them): Figure 1's energy scale, Figure 2's task titles, and the paper's printed
 * values with the paper's systems, so that on the paper's dataset (by system identity) its figures
 * draw the published values the report's figures draw (kernel-lib/plots/published.ts publishedFigureInputs).
 */
export function explorerFigureConstants(): FigureConstants {
  const published = publishedFigureSourceJson(publishedFigureSource(loadPublished(), loadReference()));
  return { energyScale: loadEnergyScale(), taskTitles: [...loadTaskTitles()], published };
}

export interface BuildExplorerOptions {
  /** output folder (default out/explorer) */
  out?: string;
  /** dataset directories to bundle, the first opened by default (relative to the repository root or absolute) */
  datasets?: string[];
  minify?: boolean;
}

export async function buildExplorer(options: BuildExplorerOptions = {}): Promise<{ out: string; bytes: Record<string, number> }> {
  const out = resolve(options.out ?? join(ROOT, 'out', 'explorer'));
  const tmp = `${out}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(join(tmp, 'data'), { recursive: true });
  try {
    const result = await build({
      entryPoints: { explorer: join(ROOT, 'kernel-lib/explorer/page.ts'), worker: join(ROOT, 'kernel-lib/explorer/worker.ts') },
      bundle: true, platform: 'browser', format: 'iife', target: 'es2022', outdir: tmp,
      minify: options.minify ?? true, legalComments: 'none', metafile: true, logLevel: 'error',
    });
    const nodeImports = Object.values(result.metafile.inputs).flatMap((i) => i.imports).filter((i) => i.path.startsWith('node:'));
    if (nodeImports.length) throw new Error(`the explorer bundle imports ${[...new Set(nodeImports.map((i) => i.path))].join(', ')}`);
    cpSync(explorerPlotlyPath(), join(tmp, 'plotly.js'));
    const entries = (options.datasets ?? DEFAULT_DATASETS).filter((d) => existsSync(resolve(ROOT, d))).map((d) => {
      const abs = resolve(ROOT, d);
      const id = basename(abs);
      const files = readdirSync(abs).filter((f) => f.endsWith('.csv') || f === 'manifest.json').sort();
      mkdirSync(join(tmp, 'data', id));
      for (const f of files) cpSync(join(abs, f), join(tmp, 'data', id, f));
      const rel = relative(ROOT, abs);
      return { id, dir: rel.startsWith('..') ? abs : rel, files };
    });
    if (!entries.length) throw new Error('no dataset to bundle');
    writeFileSync(join(tmp, 'data', 'index.json'), JSON.stringify(entries, null, 2) + '\n');
    cpSync(join(ROOT, 'data/reference/node_rates.csv'), join(tmp, 'data', 'node_rates.csv'));
    // Figure 1's energy scale, Figure 2's task titles and the paper's printed values, read here (the page cannot read data/)
    writeFileSync(join(tmp, 'data', 'constants.json'), JSON.stringify(explorerFigureConstants()) + '\n');
    // the tables' printed decimals and † cells, by the report's rules, under each dataset's paper scenario
    const ratesCsv = readFileSync(join(ROOT, 'data/reference/node_rates.csv'), 'utf8');
    const previous = onWarning(null);
    try {
      const published = loadPublished(), reference = loadReference();
      const formats: TableFormats = { decimals: {}, marks: {} };
      for (const e of entries) {
        // a dataset whose tables cannot be built under its own scenario gets no marks (said here, not
        // silently); the page then shows it as it shows any reader's dataset
        try {
          const ds = loadDataset(resolve(ROOT, e.dir));
          const one = tableFormats([{ id: e.id, ds, context: withSweepOf(pageOptions(ds, { dataset: e.dir }, false), ratesCsv) }], published, reference);
          for (const [t, d] of Object.entries(one.decimals)) formats.decimals[t] = { ...d, ...formats.decimals[t] };
          Object.assign(formats.marks, one.marks);
        } catch (err) {
          console.error(`explorer build: no printed decimals or † marks from ${e.dir}: ${(err as Error).message}`);
        }
      }
      writeFileSync(join(tmp, 'data', 'formats.json'), JSON.stringify(formats) + '\n');
    } finally {
      onWarning(previous);
    }
    writeFileSync(join(tmp, 'index.html'), INDEX_HTML);
    rmSync(out, { recursive: true, force: true });
    mkdirSync(dirname(out), { recursive: true });
    renameSync(tmp, out);
  } catch (e) {
    rmSync(tmp, { recursive: true, force: true });
    throw e;
  }
  const bytes = Object.fromEntries(readdirSync(out).filter((f) => f.endsWith('.js') || f.endsWith('.html')).map((f) => [f, statSync(join(out, f)).size]));
  return { out, bytes };
}

const INDEX_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Joules-to-GDP explorer</title>
<style>
*, *::before, *::after { box-sizing: border-box; }
[hidden] { display: none !important; }
body { font: 14px/1.4 system-ui, sans-serif; margin: 0; color: #222; }
header { position: sticky; top: 0; z-index: 10; background: #fff; border-bottom: 1px solid #ccc; padding: 6px 16px; max-height: 70vh; overflow-y: auto; }
.bar { display: flex; flex-wrap: wrap; gap: 4px 10px; align-items: center; }
header h1 { font-size: 18px; margin: 0; }
.badge { display: inline-block; padding: 2px 8px; border-radius: 10px; font-weight: 600; }
.badge.recorded { background: #d8f0d8; } .badge.reconstructed { background: #fde9c4; } .badge.synthetic { background: #f6d0d0; }
.badge.scenario-note { font-weight: 400; background: #eef3ff; }
#settings > summary { cursor: pointer; font-size: 12px; color: #333; margin: 2px 0; }
#controls { display: flex; flex-wrap: wrap; gap: 6px 14px; align-items: end; }
.control { display: flex; flex-direction: column; font-size: 12px; max-width: 100%; }
.control > span { color: #555; }
.control input[type=number] { width: 8em; }
.control select { max-width: 100%; }
#actions { margin-top: 6px; display: flex; flex-wrap: wrap; gap: 8px; align-items: center; }
#drop { border: 2px dashed #aaa; padding: 4px 10px; border-radius: 6px; }
#drop.over { border-color: #36c; background: #eef3ff; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); clip-path: inset(50%); white-space: nowrap; }
.file-button { display: inline-block; border: 1px solid #888; border-radius: 4px; padding: 1px 8px; background: #f4f4f4; cursor: pointer; font-size: 13px; color: #222; }
.file-button:focus-within { outline: 2px solid #36c; }
.file-name { font-size: 12px; color: #333; overflow-wrap: anywhere; }
#messages { max-height: 35vh; overflow-y: auto; }
#messages .error, #load-errors { color: #a00; }
#messages > div:not(:empty) { margin-top: 4px; }
#load-errors:not(:empty), #errors:not(:empty) { background: #fdecec; border: 1px solid #d88; padding: 2px 8px; }
#load-errors ul { margin: 2px 0; padding-left: 20px; }
#load-errors li { font-family: ui-monospace, monospace; overflow-wrap: anywhere; }
.notice { background: #fff4d6; border: 1px solid #d9a400; padding: 2px 8px; }
.dismiss { margin-left: 8px; font-size: 12px; }
main { padding: 0 16px 40px; }
table { border-collapse: collapse; font-size: 12px; margin: 4px 0 12px; }
th, td { border: 1px solid #ddd; padding: 2px 6px; } th { text-align: left; vertical-align: bottom; font-weight: 600; }
td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
td.changed { background: #fff3a8; } tr.new-row td { background: #e6f2ff; }
.skipped { color: #777; font-style: italic; } .caption { color: #444; font-size: 12px; margin: 0 0 2px; max-width: 1100px; }
.marks-note { color: #555; font-size: 11px; max-width: 1100px; }
.table-notes { background: #fff4d6; border-left: 3px solid #d9a400; padding: 2px 8px; font-size: 12px; margin: 4px 0; max-width: 1100px; }
.table-notes ul { margin: 0; padding-left: 18px; }
.diff-count { font-size: 12px; font-weight: 400; background: #fff3a8; padding: 0 6px; border-radius: 8px; margin-left: 6px; }
section.table { overflow-x: auto; max-width: 100%; }
/* a table away from the window is not styled, laid out or painted (its box keeps the last size it had):
   the tables hold about 1,100 cells that each control change replaces; measured, a forced layout of the
   whole page took 230 ms of a 450 ms task after a change, at load 15 (issue #24) */
section.table { content-visibility: auto; contain-intrinsic-size: auto 600px; }
section.table.updating .body { opacity: 0.5; }
#qaij-panel { margin: 8px 0; } #qaij-panel > summary { cursor: pointer; font-weight: 600; }
#figures { display: grid; align-items: start; grid-template-columns: repeat(auto-fill, minmax(min(100%, 560px), 1fr)); gap: 16px; }
section.figure { position: relative; min-width: 0; border-top: 1px solid #eee; }
section.figure h3 { font-size: 15px; margin: 6px 0 2px; padding-right: 7em; }
section.figure .plot { position: relative; width: 100%; min-height: 120px; overflow-x: auto; overflow-y: hidden; }
.html-legend { position: absolute; color: #444; line-height: 1.25; pointer-events: none; } /* figureFit.ts htmlLegends */
.html-legend .title { font-size: 1.1em; margin-bottom: 2px; }
.html-legend ul { list-style: none; margin: 0; padding: 0; }
.html-legend li { padding: 2px 0 2px 16px; text-indent: -16px; }
.html-legend .swatch { display: inline-block; width: 10px; height: 10px; margin-right: 6px; vertical-align: -1px; }
section.figure .plot:empty { min-height: 360px; } /* a figure not drawn yet (far from the window) keeps about its room */
@media (min-width: 1200px) { section.figure.wide { grid-column: span 2; } }
section.figure.updating .plot { opacity: 0.4; }
.updating-mark { position: absolute; top: 6px; right: 0; background: #36c; color: #fff; padding: 1px 8px; border-radius: 10px; font-size: 12px; z-index: 2; }
.fig-badge { font-size: 11px; padding: 2px 6px; border: 1px solid #999; background: #f2f2f2; color: #444; display: inline-block; max-width: 100%; }
.fig-badge.warn { background: #fff1d6; border-color: #d55e00; color: #7a3b00; }
.fig-caption { font-size: 12px; color: #555; margin: 2px 0 8px; }
#compare-panel { margin: 8px 0; border: 1px solid #ccc; border-radius: 4px; padding: 2px 8px; }
#compare-panel > summary { cursor: pointer; }
#compare { max-height: 60vh; overflow: auto; }
#compare code { overflow-wrap: anywhere; }
@media (max-width: 700px) {
  header { padding: 4px 8px; } header h1 { font-size: 15px; } .badge { font-size: 11px; padding: 1px 6px; }
  main { padding: 0 8px 40px; } .scenario-note { display: block; }
}
</style>
</head><body>
<header>
  <div class="bar"><h1>Joules-to-GDP explorer</h1> <span id="provenance" class="badge">loading</span>
    <progress id="progress" hidden></progress> <span id="progress-text"></span></div>
  <details id="settings" open><summary>Scenario, baseline and your own data</summary>
  <div id="controls"></div>
  <div id="actions">
    <button id="pin" type="button">Pin as baseline</button> <button id="unpin" type="button">Clear baseline</button>
    <button id="download" type="button">Download scenario.json</button> <button id="copy-link" type="button">Copy link</button>
    <span id="drop">Your own dataset: drop its folder or files here, or
      <label class="file-button">Open a dataset folder…<input id="folder" class="visually-hidden" type="file" webkitdirectory multiple></label>
      <label class="file-button">Open dataset files (CSV, manifest.json)…<input id="files" class="visually-hidden" type="file" multiple accept=".csv,.json"></label></span>
  </div>
  </details>
  <div id="messages" role="status" aria-live="polite"><div id="notices"></div><div id="errors" hidden></div><div id="load-errors"></div></div>
</header>
<main>
  <details id="compare-panel" hidden><summary id="compare-summary">Comparison with the pinned baseline</summary><div id="compare"></div></details>
  <details><summary>Warnings</summary><ul id="warnings"></ul></details>
  <h2>Tables</h2><div id="tables"></div>
  <h2>Figures</h2><div id="figures"></div>
</main>
<script src="explorer.js"></script>
</body></html>
`;

export const EXPLORE_HELP = `npm run explore [-- --out DIR] [--data DIR ...]
  Build the explorer: a static page (index.html, its script, its worker, plotly.js and the datasets as
  data files) that runs kernel-lib in the browser and needs no network and no Node.
  --out DIR    where to write it (default: out/explorer)
  --data DIR   a dataset to include, first one opened first (repeatable; default: the bundled datasets)
  --help       this text
Serve the folder with any static file server, e.g. python3 -m http.server -d out/explorer 8080, or
npx http-server out/explorer; a file:// URL cannot load the data files.`;

/** The command line (kernel-lib/cli/args.ts parseArgs): --out DIR, --data DIR (repeatable), --help or -h. */
export function parseExploreArgs(argv: readonly string[]): { help?: boolean; out?: string; datasets?: string[] } {
  const a = parseArgs(argv.map((x) => (x === '-h' ? '--help' : x)), { values: ['out'], repeatable: ['data'], flags: ['help'] });
  if (a.positionals.length) throw new J2GError(`unexpected argument ${a.positionals[0]} (expected --out DIR, --data DIR or --help)`);
  return { help: a.flags.has('help') || undefined, out: a.options.out, datasets: a.lists.data?.map((d) => resolve(d)) };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  let args: ReturnType<typeof parseExploreArgs>;
  try {
    args = parseExploreArgs(process.argv.slice(2));
  } catch (e) {
    console.error(`explore: ${(e as Error).message}`);
    process.exit(2);
  }
  if (args.help) {
    console.log(EXPLORE_HELP);
    process.exit(0);
  }
  if (args.out) {
    try {
      checkOutput('out', resolve(args.out), { inputs: (args.datasets ?? []).map((d) => ['dataset', d] as const), notIntoInputs: { tool: 'explore' } });
    } catch (e) {
      console.error(`explore: ${(e as Error).message}`);
      process.exit(2);
    }
  }
  const t0 = performance.now();
  const { out, bytes } = await buildExplorer({ out: args.out, datasets: args.datasets });
  console.error(`wrote ${relative(process.cwd(), out) || out} (${Object.entries(bytes).map(([f, b]) => `${f} ${(b / 1e6).toFixed(2)} MB`).join(', ')}) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  console.error(`open it: python3 -m http.server -d ${relative(process.cwd(), out) || out} 8080, then http://localhost:8080/`);
}

/**
 * Every notebook run as a student would change it: each with at least three non-default parameter sets
 * (a policy, weights, a reference; 00b with each of its parameters, a one-attempt system included; 09
 * with its own), edited into a copy of the parameters cell, executed headless on synthetic-small. For
 * each run: no cell failed, no error output, no comparison marked "off" (a changed field is "differs
 * from the paper because you changed ..."), and the changed value appears in the captions of the
 * notebooks that caption paper tables and figures.
 *
 * The heaviest integration test: 43 notebook runs, two at a time. Measured: 159 s on a quiet 2-core
 * host (`J2G_NOTEBOOK_SETS=all`, 2026-12-01 22:17); under a load average of about 14 it was about ten
 * times slower. `npm test` runs the whole matrix; J2G_NOTEBOOK_SETS=rotate runs a rotation for a quick
 * look (00b's three sets, 09's, and every other notebook under one scenario set in turn: 16 runs), and
 * J2G_NOTEBOOK_SETS=03,00b every set of the notebooks whose names start so.
 */
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runNotebooks, notebookNames } from '../../scripts/notebook.ts';
import { buildNotebookLibAsync, type NotebookRun } from '../../scripts/notebooks/index.ts';
import { committedNotebookText } from '../../scripts/notebooks/format.ts';
import { tableEntry } from '../../kernel-lib/tables/registry.ts';
import { FIGURES } from '../../kernel-lib/plots/registry.ts';

const ROOT = new URL('../..', import.meta.url).pathname;

type Values = Record<string, string | number | null>;
interface ParameterSet {
  notebook: string; label: string; values: Values;
  /** the scenario field changed, and the words every caption of a table or figure that depends on it must contain */
  caption?: { field: string; words: RegExp };
}

const SMALL = "'../data/recorded/synthetic-small'";
const SCENARIO_SETS: Omit<ParameterSet, 'notebook'>[] = [
  { label: 'policy pass@2', values: { policy: "'pass@2'" }, caption: { field: 'policy', words: /pass@2/ } },
  { label: 'weights employment', values: { weights: "'employment'" }, caption: { field: 'weights', words: /employment/ } },
  { label: 'reference expert_with_ai', values: { judgmentReference: "'expert_with_ai'" }, caption: { field: 'judgmentReference', words: /expert-with-AI/ } },
];

/** The registry's scenario fields of the table or figure a caption names ("Table 13. ...", "Figure 1(c). ..."), or null. */
function dependsOn(caption: string): readonly string[] | null {
  const t = /^\*?Table (\d+)\./.exec(caption);
  if (t) return tableEntry(t[1]).dependsOn;
  const f = /^Figure (\d+)(?:\(([a-z])\))?[.:]/.exec(caption);
  if (!f) return null;
  const entry = FIGURES.find((e) => e.id === `${f[1]}${f[2] ?? ''}`);
  return entry ? entry.dependsOn : null;
}

function sets(): ParameterSet[] {
  const chosen = process.env.J2G_NOTEBOOK_SETS;
  const only = chosen === undefined || chosen === 'all' || chosen === 'rotate' ? undefined : chosen.split(',').filter(Boolean);
  const names = notebookNames().filter((n) => !only || only.some((o) => n.startsWith(o)));
  // the rotation (see the file comment): scenario notebook k runs scenario set k mod 3
  const rotate = chosen === 'rotate';
  let k = 0;
  return names.flatMap((notebook): ParameterSet[] => {
    if (notebook.startsWith('09-')) return [{ notebook, label: 'rate 50, recorded', values: { rateUSDPerHour: 50, traceProvenance: "'recorded'" } }];
    if (notebook.startsWith('00b-')) {
      return [
        { notebook, label: 'weights employment, category Cat2', values: { data: SMALL, weights: "'employment'", category: "'Cat2'" } },
        { notebook, label: 'weights equal, draws 30, seed 7', values: { data: SMALL, weights: "'equal'", draws: 30, seed: 7 } },
        { notebook, label: 'one-attempt system sysY, judge J1', values: { data: SMALL, system: "'sysY'", judge: "'J1'" } },
      ];
    }
    const mine = rotate ? [SCENARIO_SETS[k++ % SCENARIO_SETS.length]] : SCENARIO_SETS;
    return mine.map((s) => ({ ...s, notebook, values: { data: SMALL, draws: 50, ...s.values } }));
  });
}

/** The notebook with its parameters cell's values replaced in place (the line `  key: value, // comment`). */
function edited(notebook: string, values: Values): string {
  const nb = JSON.parse(readFileSync(join(ROOT, 'notebooks', notebook), 'utf8'));
  const cell = nb.cells.find((c: { cell_type: string }) => c.cell_type === 'code');
  let src: string = cell.source.join('');
  for (const [k, v] of Object.entries(values)) {
    const line = new RegExp(`^(\\s*${k}:\\s*)([^,\\n]*)(,)`, 'm');
    if (!line.test(src)) throw new Error(`${notebook}: no parameter ${k} in its parameters cell`);
    src = src.replace(line, `$1${v}$3`);
  }
  cell.source = src;
  return committedNotebookText(nb);
}

interface Output { output_type: string; text?: string | string[]; data?: Record<string, unknown> }
const join_ = (v: unknown) => (Array.isArray(v) ? v.join('') : String(v ?? ''));

describe('every notebook under changed parameters', () => {
  const all = sets();
  // one level below the repository root, as the notebooks' relative paths (../build, ../data) expect
  const from = join(ROOT, `.j2g-nbtest-${process.pid}`);
  const out = join(tmpdir(), `j2g-nbtest-out-${process.pid}`);
  const runs = new Map<string, NotebookRun>();
  const fileOf = (s: ParameterSet, i: number) => `${s.notebook.replace(/\.ipynb$/, '')}--${i}.ipynb`;

  beforeAll(async () => {
    mkdirSync(from, { recursive: true });
    all.forEach((s, i) => writeFileSync(join(from, fileOf(s, i)), edited(s.notebook, s.values)));
    const names = readdirSync(from).sort();
    const t0 = performance.now();
    // compile kernel-lib in a child process first: runNotebooks's own (synchronous) build then finds it
    // done, and this worker is never blocked long enough to starve vitest's RPC
    await buildNotebookLibAsync(ROOT);
    const done = await runNotebooks(names, out, { from, sign: false, jobs: 2, log: () => {} });
    done.forEach((r, i) => runs.set(names[i], r));
    console.log(`${names.length} notebook runs in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  }, 3_600_000);

  afterAll(() => {
    rmSync(from, { recursive: true, force: true });
    rmSync(out, { recursive: true, force: true });
  });

  it.each(all.map((s, i) => [s.notebook, s.label, i] as const))('%s with %s: runs without error, no "off", the value in the captions', (notebook, _label, i) => {
    const s = all[i];
    const r = runs.get(fileOf(s, i));
    expect(r?.ok, r?.error).toBe(true);
    const nb = JSON.parse(readFileSync(join(out, fileOf(s, i)), 'utf8')) as { cells: { outputs?: Output[] }[] };
    const outputs = nb.cells.flatMap((c) => c.outputs ?? []);
    expect(outputs.filter((o) => o.output_type === 'error')).toEqual([]);
    const html = outputs.map((o) => join_(o.data?.['text/html'])).join('\n');
    expect(html, 'no comparison row is "off"').not.toContain('data-status="off"');
    if (s.caption) {
      // every caption of a table or figure that depends on the changed field names its new value
      const captions = outputs.flatMap((o) => [join_(o.data?.['text/markdown']), o.data?.['application/vnd.plotly.v1+json'] ? join_(o.data?.['text/plain']) : ''])
        .filter((t) => dependsOn(t)?.includes(s.caption!.field));
      for (const c of captions) expect(c, `the caption names ${s.label}`).toMatch(s.caption.words);
    }
  });
});

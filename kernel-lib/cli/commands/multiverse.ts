/**
 * `j2g multiverse`: every specification of a grid of analysis choices, and how many of them each
 * conclusion survives (issue #26, kernel-lib/robustness/multiverse.ts).
 */
import { join } from 'node:path';
import { existsSync, statSync } from 'node:fs';
import { parseArgs } from '../args.ts';
import { J2GError } from '../../errors.ts';
import { writeFilesAtomic } from '../../io/atomic.ts';
import { checkOutput } from '../../io/outputDir.ts';
import { readScenarioFile } from '../../scenario/files.ts';
import { SCENARIO_VALUE_FLAGS } from '../../scenario/flags.ts';
import { readWeightsFile } from '../../weights/readWeightsFile.ts';
import { onWarning } from '../../warn.ts';
import { multiverse } from '../../robustness/multiverse.ts';
import { leaveOut, LEAVE_OUT_UNITS, type LeaveOutResult, type LeaveOutUnit } from '../../robustness/leaveOut.ts';
import { multiverseFiles, robustnessOrder } from '../../robustness/files.ts';
import { scenarioOfArgs } from './tables.ts';
import { budgetCsv, budgetFigure, uncertaintyBudget } from '../../robustness/budget.ts';

function meterOption(v: string | undefined, name: string, fallback: number): number {
  if (v === undefined) return fallback;
  const x = Number(v);
  if (!/^\d+(\.\d+)?$/.test(v) || !Number.isFinite(x)) throw new J2GError(`invalid --${name}: ${v} (expected a relative standard deviation >= 0, e.g. 0.05)`);
  return x;
}

export const summary = 'every specification of a grid of analysis choices, and the share of them each conclusion holds in';
export const usage = `usage: j2g multiverse (--data DIR | --scenario FILE) --out DIR [--grid FILE] [--draws N] [--seed S] [options]

Computes Table 1 (every system's NVJ and TSJ with percentile 95% intervals) and Table 13's categories
under every specification of a grid of scenario fields, and counts in how many specifications each
conclusion holds: every ordered pair of Table 1 systems by NVJ and by TSJ, Table 1's and Table 13's
leaders, and the paper's directional text claims.

  --data DIR         dataset directory                                       [dataset]
  --scenario FILE    the base scenario (a scenario.json); the grid's fields replace its own
  --out DIR          where to write the files below (created if needed)
  --grid FILE        JSON object from scenario field names to lists of values, e.g.
                     {"weights": ["gdp", "employment", "equal"], "policy": ["pass@1", "pass@2", "3-of-4"],
                      "rates": ["recorded", 50.44, {"label": "GCP", "usdPerNodeHour": 84.81}]}
                     fields: system, judge, weights (also {"file": "w.csv"}), judgmentReference,
                     timeReference, policy, tieCredit, rates. Default: every judge of the dataset x gdp,
                     employment, equal x both judgment references x the attempt policies of every
                     system x tie credit 1 and 0 x the recorded rates and each row of --rates FILE
  --rates FILE       a rates sweep (provider, usd_per_node_hour[, accelerator, accelerator_count]) whose
                     rows for the primary system's node type join the default grid's rates
  --draws N, --seed S  the shared bootstrap (default: manifest bootstrap, else 10000 and 20260726)
  --budget           also write uncertainty_budget.csv and uncertainty_budget.json (figure): for every
                     Table 1 system and Table 13 category of the base scenario, the width of the 95%
                     interval of NVJ and TSJ with tasks only (the published intervals), then adding
                     attempts (which recorded attempts are the runs), grading (which judge credits each
                     task), meter error, and all; and each source's share of the variance
  --leave-out U      occupation | category: also write leave_out.csv and a section of multiverse.md: every
                     conclusion of the reference specification evaluated again without each occupation
                     (or category) in turn, the units whose removal flips it and the most influential one
  --meter-eps X      relative meter error per run for --budget (default 0.05: an assumption)
  --meter-beta X     relative calibration bias per system for --budget (default 0.02: an assumption)
  Other scenario flags (--system, --judge, --weights, ...) set the base of the fields the grid leaves alone.

Files (written as one unit): specifications.csv (spec_id, the grid fields, system, nvj, nvj_lo,
nvj_hi, tsj, tsj_lo, tsj_hi, paired), specs.csv (every specification, supported or not with the
reason, and the j2g tables flags that compute it), conclusions.csv (conclusion, statement,
holds_in_reference, holds, of, share, holds_with_interval, share_with_interval), evaluations.csv (each
conclusion's margin and its paired 95% interval in each specification), specification_curve.json
(the primary system's NVJ by specification, a Plotly figure), multiverse.md (conclusions from
least to most robust). The draws are shared: every specification is evaluated on the same resampled
tasks, so differences between systems and between specifications are paired.`;

/** A grid file's JSON with {"file": ...} weights read into custom weights (labelled by the file). */
export function readGrid(path: string, dataset: Parameters<typeof readWeightsFile>[1]): unknown {
  const grid = readScenarioFile(path);
  if (grid && typeof grid === 'object' && Array.isArray((grid as Record<string, unknown>).weights)) {
    const g = grid as Record<string, unknown[]>;
    g.weights = g.weights.map((w) => (w && typeof w === 'object' && typeof (w as { file?: unknown }).file === 'string'
      ? { ...(readWeightsFile((w as { file: string }).file, dataset) as object), file: (w as { file: string }).file } : w));
  }
  return grid;
}

export async function run(argv: string[]): Promise<number> {
  const args = parseArgs(argv, { values: ['out', 'scenario', 'grid', 'meter-eps', 'meter-beta', 'leave-out', ...SCENARIO_VALUE_FLAGS], repeatable: ['rate'], flags: ['accept-dataset-change', 'budget'] });
  const by = args.options['leave-out'];
  if (by !== undefined && !(LEAVE_OUT_UNITS as readonly string[]).includes(by)) throw new J2GError(`--leave-out: ${JSON.stringify(by)} is not allowed (expected ${LEAVE_OUT_UNITS.join(' or ')})`);
  const { out } = args.options;
  if (!out) throw new J2GError('missing --out DIR');
  for (const f of ['meter-eps', 'meter-beta']) if (args.options[f] !== undefined && !args.flags.has('budget')) throw new J2GError(`--${f} applies to the uncertainty budget only: add --budget`);
  if (existsSync(out) && !statSync(out).isDirectory()) throw new J2GError(`--out ${out} exists and is not a directory`);
  const loaded = scenarioOfArgs(args);
  // the output guard (io/outputDir.ts): never into the dataset, another dataset or a trace folder, `/`, or through a link
  checkOutput('out', out, { inputs: [['dataset folder', loaded.dataset.dir]], notIntoInputs: { tool: 'multiverse' } });
  const grid = args.options.grid !== undefined ? readGrid(args.options.grid, loaded.dataset) : undefined;
  // A multiverse raises the same "left out of Table 1" warnings in many specifications: they are
  // counted and listed in multiverse.md, and summarised here, not printed one by one.
  onWarning(null);
  let result;
  try {
    result = multiverse(loaded.options, grid, { sweep: loaded.options.sweep, progress: (line) => process.stderr.write(`multiverse: ${line}\n`) });
  } finally {
    onWarning((m) => process.stderr.write(`warning: ${m}\n`));
  }
  const command = `j2g multiverse ${argv.join(' ')}`;
  const budget: Record<string, string> = {};
  if (args.flags.has('budget')) {
    const meter = { eps: meterOption(args.options['meter-eps'], 'meter-eps', 0.05), beta: meterOption(args.options['meter-beta'], 'meter-beta', 0.02) };
    const t0 = performance.now();
    onWarning(null);
    let rows;
    try {
      rows = uncertaintyBudget(loaded.options, meter);
    } finally {
      onWarning((m) => process.stderr.write(`warning: ${m}\n`));
    }
    const m = loaded.dataset.manifest;
    const provenance = { name: m.name, provenance: m.provenance, energy_boundary: m.energy_boundary };
    budget['uncertainty_budget.csv'] = budgetCsv(rows);
    budget['uncertainty_budget.json'] = `${JSON.stringify(budgetFigure(rows, 'table01', 'nvj', { provenance }), null, 1)}\n`;
    process.stderr.write(`multiverse: uncertainty budget (meter eps ${meter.eps}, beta ${meter.beta}) in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
  }
  let left: LeaveOutResult | undefined;
  if (by !== undefined) {
    const t0 = performance.now();
    onWarning(null);
    try {
      left = leaveOut(loaded.options, by as LeaveOutUnit);
    } finally {
      onWarning((m) => process.stderr.write(`warning: ${m}\n`));
    }
    process.stderr.write(`multiverse: left each of ${left.units.length} ${by === 'occupation' ? 'occupations' : 'categories'} out in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
  }
  const m = loaded.dataset.manifest;
  const files = { ...multiverseFiles(result, { dataset: loaded.scenario.dataset, command, provenance: { name: m.name, provenance: m.provenance, energy_boundary: m.energy_boundary }, leaveOut: left }), ...budget };
  try {
    writeFilesAtomic(Object.entries(files).map(([name, content]) => [join(out, name), content] as const));
  } catch (e) {
    if (!(e instanceof J2GError)) throw e;
    throw new J2GError(`${e.message}; --out must be a directory that can be written`);
  }
  const unsupported = result.specs.filter((s) => s.unsupported !== null).length;
  const least = robustnessOrder(result).filter((c) => c.holdsInReference === true).slice(0, 5);
  console.error(`${result.specs.length} specifications (${unsupported} unsupported, listed in specs.csv), ${result.conclusions.length} conclusions, ${result.elapsedS.toFixed(1)} s; ${result.warnings.length} distinct warnings in multiverse.md`);
  for (const c of least) console.error(`  least robust: ${c.statement}: holds in ${c.holds} of ${c.of}${c.shareWithInterval === null ? '' : `, interval excludes zero in ${c.holdsWithInterval}`}`);
  console.error(`wrote ${Object.keys(files).join(', ')} to ${out}`);
  return 0;
}

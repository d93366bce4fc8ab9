/**
 * `j2g compare`: a variant scenario beside its baseline (kernel-lib/scenario/compare.ts).
 */
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs, positiveInt } from '../args.ts';
import { J2GError } from '../../errors.ts';
import { writeFilesAtomic } from '../../io/atomic.ts';
import { checkOutput } from '../../io/outputDir.ts';
import { loadScenario, readScenarioFile } from '../../scenario/files.ts';
import { flagFieldName } from '../../scenario/flags.ts';
import { compareScenarios, comparisonCsv, comparisonMarkdown, comparisonPage } from '../../scenario/compare.ts';

export const summary = 'compare a variant scenario with its baseline: every table cell, paired bootstrap intervals, conclusions that change';
export const usage = `usage: j2g compare --base A --variant B --out DIR [--draws N] [--seed S]

  --base A       the baseline: a scenario JSON file, or an output folder of \`j2g tables\` (its scenario.json)
  --variant B    the variant, the same way
  --out DIR      where to write comparison.csv, comparison.md and comparison.html
  --draws N      paired bootstrap draws (default: the baseline's draws)
  --seed S       PRNG seed of the paired draws (default: the baseline's seed)
  --accept-dataset-change
                 compare although a scenario's dataset changed since it was written (refused
                 otherwise, naming the changed files: the recomputed "baseline" would not be the one on disk)

comparison.csv has every numeric cell of every table both scenarios build: baseline, variant,
difference (variant - baseline), percent change, and the paired percentile 95% bootstrap interval of
the difference (the same resampled tasks for both sides) for every cell that is a task average or a
ratio of task averages: Table 1's primary-system row, Tables 13 and 15 (categories, occupations),
17 (reference crossings) and 19-21 (policies). Tables 2, 14, 18 and 22 and Table 1's other systems
carry none; comparison.md and comparison.html say which cells carry one, and list the scenario fields
that differ, the conclusions that change (rank orders, leaders, signs, frontier membership) and the
NVJ and TSJ cells.`;

function scenarioAt(path: string): unknown {
  const file = existsSync(path) && statSync(path).isDirectory() ? join(path, 'scenario.json') : path;
  if (!existsSync(file)) throw new J2GError(`no scenario at ${file} (expected a scenario JSON file or a j2g tables output folder)`);
  return readScenarioFile(file);
}

export async function run(argv: string[]): Promise<number> {
  const a = parseArgs(argv, { values: ['base', 'variant', 'out', 'draws', 'seed'], flags: ['accept-dataset-change'] });
  const acceptDatasetChange = a.flags.has('accept-dataset-change');
  for (const k of ['base', 'variant', 'out']) if (!a.options[k]) throw new J2GError(`missing --${k}`);
  const base = loadScenario(scenarioAt(a.options.base), { where: (f) => `--base ${a.options.base}: ${flagFieldName(f)}`, acceptDatasetChange });
  const variant = loadScenario(scenarioAt(a.options.variant), { where: (f) => `--variant ${a.options.variant}: ${flagFieldName(f)}`, acceptDatasetChange, ...(base.scenario.dataset === scenarioDataset(a.options.variant) ? { dataset: base.dataset } : {}) });
  const c = compareScenarios(base, variant, {
    draws: a.options.draws !== undefined ? positiveInt('draws', a.options.draws) : undefined,
    seed: a.options.seed !== undefined ? positiveInt('seed', a.options.seed) : undefined,
  });
  const out = a.options.out;
  checkOutput('out', out, { inputs: [['--base dataset folder', base.dataset.dir], ['--variant dataset folder', variant.dataset.dir]], notIntoInputs: { tool: 'j2g compare' } });
  writeFilesAtomic([
    [join(out, 'comparison.csv'), comparisonCsv(c)],
    [join(out, 'comparison.md'), comparisonMarkdown(c)],
    [join(out, 'comparison.html'), comparisonPage(c)],
  ]);
  for (const s of c.conclusions) console.log(s);
  console.error(`wrote comparison.csv, comparison.md and comparison.html to ${out} (${c.cells.length} cells, ${c.conclusions.length} conclusions that change)`);
  return 0;
}

function scenarioDataset(path: string): unknown {
  const s = scenarioAt(path) as { dataset?: unknown };
  return s?.dataset;
}

/**
 * Child process of equivalence.test.ts: SHA-256 of every table file that `j2g tables` writes, for
 * both datasets in the tree and three generated shapes, under the scenarios the scenario-context
 * refactor (issue #22) had to keep byte-identical. Prints one JSON object:
 * { "<dataset>|<scenario>": { "table01.csv": "<sha256>", ..., "skipped": ["table17", ...] } }.
 * `--write FILE` writes it instead (how baseline.json was made, before the refactor, at f980365).
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeGeneratedDataset } from '../../../kernel-lib/data/generate.ts';
import { loadDataset } from '../../../kernel-lib/data/load.ts';
import { judgesOf } from '../../../kernel-lib/metrics/taskComponents.ts';
import { loadScenario } from '../../../kernel-lib/scenario/files.ts';
import { scenarioOutputs } from '../../../kernel-lib/cli/commands/tables.ts';
import { onWarning } from '../../../kernel-lib/warn.ts';

const ROOT = new URL('../../../', import.meta.url).pathname;
const DRAWS = 300;

export function datasets(): Record<string, string> {
  const tmp = mkdtempSync(join(tmpdir(), 'j2g-equiv-'));
  return {
    'synthetic-small': join(ROOT, 'data/recorded/synthetic-small'),
    reconstructed: join(ROOT, 'data/recorded/joules-to-gdp-reconstructed'),
    'generated-1': writeGeneratedDataset(join(tmp, 'g1'), { seed: 11, tasksPerOccupation: 1 }),
    'generated-5': writeGeneratedDataset(join(tmp, 'g5'), { seed: 5 }),
    'generated-40': writeGeneratedDataset(join(tmp, 'g40'), { seed: 40, tasksPerOccupation: 40, occupations: 12, categories: 4, sectors: 3 }),
  };
}

/** The scenarios: the defaults, each attempt policy, weights, a second judge, a rate, both references. */
export function scenarios(dir: string): Record<string, Record<string, unknown>> {
  const ds = loadDataset(dir);
  const second = [...judgesOf(ds)].filter((j) => j !== ds.manifest.primary_judge).sort()[0];
  return {
    default: {},
    'pass@2': { policy: 'pass@2' },
    '3-of-4': { policy: '3-of-4' },
    employment: { weights: 'employment' },
    equal: { weights: 'equal' },
    ...(second ? { [`judge=${second}`]: { judge: second } } : {}),
    'rate=50.44': { rates: { nodeRateUSDPerHour: 50.44 } },
    sweep: { rates: { sweepFile: join(ROOT, 'data/reference/node_rates.csv') } },
    'judgment=expert_with_ai': { judgmentReference: 'expert_with_ai' },
    'time=expert_with_ai': { timeReference: 'expert_with_ai' },
    'judgment=expert_with_ai,pass@2': { judgmentReference: 'expert_with_ai', policy: 'pass@2' },
  };
}

const sha = (s: string) => createHash('sha256').update(s).digest('hex');

export function allOutputs(): Record<string, Record<string, string | string[]>> {
  onWarning(null);
  const out: Record<string, Record<string, string | string[]>> = {};
  for (const [name, dir] of Object.entries(datasets())) {
    const dataset = loadDataset(dir);
    for (const [sname, fields] of Object.entries(scenarios(dir))) {
      const key = `${name}|${sname}`;
      try {
        const loaded = loadScenario({ dataset: dir, draws: DRAWS, seed: 7, ...fields }, { dataset });
        const { files, skipped } = scenarioOutputs(loaded);
        const row: Record<string, string | string[]> = {};
        for (const [f, text] of Object.entries(files).sort()) if (f !== 'scenario.json') row[f] = sha(text);
        row.skipped = Object.keys(skipped).sort();
        out[key] = row;
      } catch (e) {
        out[key] = { error: [(e as Error).constructor.name] };
      }
    }
  }
  return out;
}

const i = process.argv.indexOf('--write');
const result = allOutputs();
if (i > 0) writeFileSync(process.argv[i + 1], `${JSON.stringify(result, null, 1)}\n`);
else process.stdout.write(JSON.stringify(result));

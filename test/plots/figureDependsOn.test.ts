/**
 * The figures' registry `dependsOn` (plots/registry.ts): each context field changed on its own, the
 * fields that move what a figure draws (its traces' numbers and labels, or whether it is drawn) are
 * exactly the fields its entry lists, as test/tables/registryEntries.test.ts checks for the tables.
 * The badge reads dependsOn to say "pinned by the paper" or "differs because you changed ...", so a
 * field left out (Figure 2's node rate) lets a re-priced figure claim the paper's numbers.
 *
 * Oracle: the figure built twice, under the base scenario and under one changed field; nothing of
 * the registry is read to decide what moved. Synthetic-small gains two deployments of Model X
 * (4x H200 and 8x H100, their runs copied from sysX's at other costs and energies) so that Figures 6
 * and 7 are drawn.
 */
import { describe, expect, test } from 'vitest';
import { loadDataset } from '../../kernel-lib/data/load.ts';
import { FIGURES, paperFigures } from '../../kernel-lib/plots/paperFigures.ts';
import type { TableOptions } from '../../kernel-lib/tables/options.ts';
import { onWarning } from '../../kernel-lib/warn.ts';
import { editedDataset } from '../helpers/dataset.ts';
import { CONTEXT_VARIANTS } from '../helpers/contextVariants.ts';

onWarning(null);

// sysX's runs and judgments copied to a deployment `id`, each cost and energy scaled
const copyOf = (id: string, prefix: string, cost: number, energy: number) => ({
  runs: (t: string) => t.split('\n').filter((l) => /^x\w+,/.test(l)).map((l) => {
    const [run, task, , attempt, hours, c, e] = l.split(',');
    return `${prefix}${run.slice(1)},${task},${id},${attempt},${hours},${Number(c) * cost},${Number(e) * energy}`;
  }).join('\n'),
  judgments: (t: string) => t.split('\n').filter((l) => /^x\w+,/.test(l)).map((l) => `${prefix}${l.slice(1)}`).join('\n'),
});
const z = copyOf('sysZ', 'z', 1.5, 0.7);
const w = copyOf('sysW', 'w', 0.6, 1.3);
const DIR = editedDataset({
  'systems.csv': (t) => `${t.trimEnd()}\nsysZ,Model X,OpenHands,vLLM,H100,8,15\nsysW,Model X,OpenHands,vLLM,H200,4,6\n`,
  'runs.csv': (t) => `${t.trimEnd()}\n${z.runs(t)}\n${w.runs(t)}\n`,
  'judgments.csv': (t) => `${t.trimEnd()}\n${z.judgments(t)}\n${w.judgments(t)}\n`,
});

const BASE: Partial<TableOptions> = { bootstrap: false, sweep: [{ label: 'p', usdPerNodeHour: 20 }] };
// One field changed at a time (the same variants as the tables' test)
const VARIANTS = CONTEXT_VARIANTS;
// Listed but not moving this dataset's figure, each for a reason
const LISTED_STILL: Record<string, string[]> = {
  // Figure 2's credited value is the components' (tie credit applied), but synthetic-small's example task has no tie
  '2': ['tieCredit'],
};

/** What a figure draws: its traces (numbers, labels, colours), or the reason it is not drawn. */
function drawn(id: string, options: Partial<TableOptions>): string {
  const [r] = paperFigures({ dataset: loadDataset(DIR), ...BASE, ...options, figures: [id as never], taskTitles: new Map() } as never);
  return 'spec' in r ? JSON.stringify(r.spec.data) : `skipped: ${r.skipped}`;
}

describe('dependsOn: the context fields that move each figure', () => {
  test('a field moves a figure (or makes it skip) exactly when its entry lists it', () => {
    const found: Record<string, string[]> = {};
    for (const f of FIGURES) {
      const base = drawn(f.id, {});
      expect(base, f.id).not.toMatch(/^skipped/);
      found[f.id] = Object.entries(VARIANTS).filter(([, v]) => drawn(f.id, v) !== base).map(([k]) => k).sort();
    }
    const expected = Object.fromEntries(FIGURES.map((f) => [f.id, [...f.dependsOn].filter((k) => !(LISTED_STILL[f.id] ?? []).includes(k)).sort()]));
    expect(found).toEqual(expected);
  });
});

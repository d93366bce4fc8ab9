/**
 * Rewrites the worked example of docs/robustness.md from a fresh run (kernel-lib/robustness/docExample.ts):
 * the multiverse of the reconstructed dataset's default grid, its leave-one-category-out and its
 * uncertainty budget, at EXAMPLE's draws and seed. test/robustness/docExample.test.ts checks that the
 * document holds what this writes. Usage: node --import tsx scripts/docs-robustness.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { loadDataset } from '../kernel-lib/data/load.ts';
import { resolveContext } from '../kernel-lib/tables/context.ts';
import { multiverse } from '../kernel-lib/robustness/multiverse.ts';
import { uncertaintyBudget } from '../kernel-lib/robustness/budget.ts';
import { leaveOut } from '../kernel-lib/robustness/leaveOut.ts';
import { EXAMPLE, replaceGenerated, robustnessExampleMarkdown } from '../kernel-lib/robustness/docExample.ts';
import { onWarning } from '../kernel-lib/warn.ts';

/** The example's block from a fresh run. */
export function exampleBlock(): string {
  onWarning(null);
  const ctx = resolveContext({ dataset: loadDataset(EXAMPLE.dataset), bootstrap: { draws: EXAMPLE.draws, seed: EXAMPLE.seed } });
  return robustnessExampleMarkdown(multiverse(ctx), uncertaintyBudget(ctx), leaveOut(ctx, EXAMPLE.leaveOut));
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/^.*\//, ''))) {
  const file = 'docs/robustness.md';
  writeFileSync(file, replaceGenerated(readFileSync(file, 'utf8'), exampleBlock()));
  console.error(`wrote the example of ${file}`);
}

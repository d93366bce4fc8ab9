/**
 * Equivalence across the scenario-context refactor (issue #22): every table file of both datasets in
 * the tree and of three generated shapes (1, 5 and 40 tasks per occupation), under the defaults,
 * pass@2, 3-of-4, employment and equal weights, a second judge, --rate 50.44, a Table 5 sweep and both
 * expert-with-AI references, has the same SHA-256 as the code before the refactor computed
 * (baseline.json, written by `node --import tsx test/tables/equivalence/outputs.run.ts --write ...`
 * at commit f980365). The oracle is the pre-refactor code, not the code under test: a drift in any
 * byte of any table fails. The tables are built in a child process (5 s of computation).
 */
import { expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { runTsx } from '../helpers/child.ts';

const BASELINE = new URL('./equivalence/baseline.json', import.meta.url);

test('every table of 5 datasets x 11 scenarios is byte-identical to the pre-refactor code', async () => {
  const r = await runTsx(['test/tables/equivalence/outputs.run.ts']);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  const now = JSON.parse(r.stdout);
  const before = JSON.parse(readFileSync(BASELINE, 'utf8'));
  expect(Object.keys(now).sort()).toEqual(Object.keys(before).sort());
  for (const key of Object.keys(before)) expect(now[key], key).toEqual(before[key]);
});

/**
 * Table 1 under a policy that charges k attempts keeps the systems with k attempts per task and leaves
 * each other system out with a warning naming it (the reconstructed dataset repeats runs on the
 * primary system only): `j2g tables --policy pass@2` and the explorer's pass@2 work on it.
 */
import { expect, test } from 'vitest';
import { loadDataset } from '../../kernel-lib/data/load.ts';
import { table01 } from '../../kernel-lib/tables/table01.ts';
import { clearWarnings, onWarning, warnings } from '../../kernel-lib/warn.ts';

test('pass@2 Table 1 has the systems with two attempts, the others named in warnings', () => {
  onWarning(null);
  clearWarnings();
  const ds = loadDataset('data/recorded/joules-to-gdp-reconstructed');
  const two = new Set(ds.rows.runs.filter((r) => r.attempt === 2).map((r) => r.system));
  const t = table01({ dataset: ds, policy: { kind: 'pass', k: 2 }, bootstrap: false });
  expect(t.array('system')).toEqual(ds.rows.systems.map((s) => s.system).filter((s) => two.has(s)));
  expect(t.numRows()).toBe(1);
  const left = ds.rows.systems.filter((s) => !two.has(s.system));
  for (const s of left) expect(warnings()).toContain(`system ${s.system} has 1 attempt(s) per task, pass@2 needs 2; it is left out of Table 1`);
  // pass@1 keeps every system
  expect(table01({ dataset: ds, bootstrap: false }).numRows()).toBe(ds.rows.systems.length);
});

/**
 * The multiverse on the reconstructed dataset (nine systems, a re-priced node rate, another judge and
 * weights): each specification's Table 1 equals `j2g tables` under the flags specs.csv gives, cell for
 * cell of the nvj column, including the systems re-priced by --rate and those kept at recorded cost.
 * Oracle: `j2g tables`. Few draws (the point estimates do not depend on them); child processes.
 */
import { expect, test } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runNode } from '../helpers/child.ts';
import { parseCsv } from '../../kernel-lib/io/csv.ts';

const DATA = new URL('../../data/recorded/joules-to-gdp-reconstructed/', import.meta.url).pathname;
const rowsOf = (file: string) => parseCsv(readFileSync(file, 'utf8'), file).rows.map((r) => r.values as Record<string, string>);

test('reconstructed dataset: Table 1 of every specification equals j2g tables under its flags', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'j2g-multiverse-recon-'));
  writeFileSync(join(dir, 'grid.json'), JSON.stringify({ judge: ['gemini-3.1-flash-lite', 'claude-haiku-4.5'], weights: ['employment'], rates: ['recorded', 50.44] }));
  const out = join(dir, 'out');
  const r = await runNode(['bin/j2g.mjs', 'multiverse', '--data', DATA, '--out', out, '--grid', join(dir, 'grid.json'), '--draws', '50']);
  expect(r.code, r.stderr).toBe(0);
  const specs = rowsOf(join(out, 'specs.csv'));
  const rows = rowsOf(join(out, 'specifications.csv'));
  expect(specs.map((s) => [s.judge, s.rates, s.supported, s.table1_systems.split(' ').length])).toEqual([
    ['gemini-3.1-flash-lite', 'recorded', 'true', 9], ['gemini-3.1-flash-lite', '50.44', 'true', 9],
    ['claude-haiku-4.5', 'recorded', 'true', 1], ['claude-haiku-4.5', '50.44', 'true', 1],
  ]);
  for (const spec of specs) {
    const t = join(dir, `tables-${spec.spec_id}`);
    const x = await runNode(['bin/j2g.mjs', 'tables', '--data', DATA, '--out', t, '--draws', '50', ...spec.flags.split(' ')]);
    expect(x.code, x.stderr).toBe(0);
    const table01 = rowsOf(join(t, 'table01.csv'));
    const mine = rows.filter((y) => y.spec_id === spec.spec_id);
    expect(mine.map((y) => y.system)).toEqual(table01.map((y) => y.system));
    for (const row of table01) expect(mine.find((y) => y.system === row.system)!.nvj, `${spec.spec_id} ${row.system}`).toBe(row.nvj);
  }
  // re-pricing at 50.44 USD/node-hour moves GLM 5.2 (the 8xH200 node type) and no other system
  const at = (spec: string, system: string) => Number(rows.find((y) => y.spec_id === spec && y.system === system)!.nvj);
  expect(at('s002', 'glm-5.2-8xh200')).toBeGreaterThan(at('s001', 'glm-5.2-8xh200'));
  expect(at('s002', 'gemma-4-31b-8xh100')).toBe(at('s001', 'gemma-4-31b-8xh100'));
}, 300_000);

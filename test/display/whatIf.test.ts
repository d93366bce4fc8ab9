/**
 * whatIf/showWhatIf (notebook 12-what-if) on synthetic-small. Oracle: test/scenario/compare.test.ts's
 * hand computation: at $20/h instead of $10/h every occA cost doubles, so Cat1's NVJ falls by
 * exactly 5 USD/MJ in every draw and TSJ does not move.
 */
import { describe, expect, test } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openNotebook, providerRate, showProviderRateWhatIf, whatIf, whatIfTable, showWhatIf } from '../../kernel-lib/display/index.ts';
import type { MimeBundle } from '../../kernel-lib/display/bundle.ts';
import { onWarning } from '../../kernel-lib/warn.ts';
import { SMALL } from '../helpers/dataset.ts';

const nb = openNotebook({ data: SMALL, draws: 200 }, {});
onWarning(() => {});

describe('whatIf', () => {
  test('a node-rate change: Cat1 NVJ -5 with the paired interval [-5, -5], TSJ 0, under the notebook\'s draws', () => {
    const c = whatIf(nb, { rate: 20 }, {});
    expect(c.draws).toBe(200);
    const rows = whatIfTable(c).objects() as Record<string, unknown>[];
    const cat1 = rows.find((r) => r.table === 'table13' && r.row === 'Cat1' && r.column === 'nvj')!;
    expect(cat1.difference as number).toBeCloseTo(-5, 10);
    expect(cat1.interval_95).toBe('[-5, -5]');
    expect(rows.find((r) => r.table === 'table13' && r.row === 'Cat1' && r.column === 'tsj')).toMatchObject({ difference: 0, interval_95: '[0, 0]' });
  });

  test('showWhatIf shows what changed, the conclusions that change and which cells carry an interval, then the cells', () => {
    const out: MimeBundle[] = [];
    showWhatIf(whatIf(nb, { weights: 'equal' }, {}), { tables: ['table15'], columns: ['nvj'], sink: (b) => out.push(b) });
    expect(out).toHaveLength(2);
    expect(out[0]['text/markdown']).toContain('`weights: "gdp" -> "equal"`');
    expect(out[0]['text/markdown']).toContain('no paired interval: table02, table14, table18, table22');
    // Occupation NVJ does not depend on the weights: three rows, each difference 0.
    expect((out[1]['text/plain'] as string).split('\n').filter((l) => l.startsWith('|table15|'))).toHaveLength(3);
    expect(whatIfTable(whatIf(nb, { weights: 'equal' }, {}), { tables: ['table15'], columns: ['nvj'] }).array('difference')).toEqual([0, 0, 0]);
  });

  test('a bad value names the parameter; the dataset cannot change', () => {
    expect(() => whatIf(nb, { policy: 'pass@0' }, {})).toThrow(/parameter policy/);
    expect(() => whatIf(nb, { data: SMALL }, {})).toThrow('whatIf: parameter data cannot change');
  });
});

describe('the node-rate what-if prices the system\'s own node type', () => {
  const RECON = new URL('../../data/recorded/joules-to-gdp-reconstructed/', import.meta.url).pathname;

  test('GLM 5.2 on 8x H200: CoreWeave\'s 50.44 (an 8x H200 price in node_rates.csv) against the recorded AWS 63.296', () => {
    const glm = openNotebook({ data: RECON, draws: 20 }, {});
    onWarning(() => {});
    const r = providerRate(glm, 'CoreWeave');
    expect(r).toMatchObject({ ok: true, rateUSDPerHour: 50.44, baselineUSDPerHour: 63.296, node: '8× NVIDIA H200' });
    expect(r.ok && r.words).toBe("The baseline prices system glm-5.2-8xh200 (8× NVIDIA H200) at 63.296 USD per node-hour (its recorded rate); the variant at CoreWeave's published 50.44 USD per node-hour for 8× NVIDIA H200 (data/reference/node_rates.csv).");
    // AWS's published 8x H200 rate is the recorded one
    expect(providerRate(glm, 'AWS')).toMatchObject({ ok: true, rateUSDPerHour: 63.296 });
  });

  test('Qwen on 8x H100: AWS has an 8x H100 rate (55.04); CoreWeave none, so the section is refused with its reason, never priced at the H200 rate', () => {
    const qwen = openNotebook({ data: RECON, draws: 20, system: 'qwen3.6-27b-8xh100' }, {});
    onWarning(() => {});
    expect(providerRate(qwen, 'AWS')).toMatchObject({ ok: true, rateUSDPerHour: 55.04, node: '8× NVIDIA H100' });
    const r = providerRate(qwen, 'CoreWeave');
    expect(r).toEqual({ ok: false, reason: 'data/reference/node_rates.csv has no CoreWeave rate for 8× NVIDIA H100, the node type of system qwen3.6-27b-8xh100 (8× NVIDIA H100) (its CoreWeave rate is for another node type), so the CoreWeave re-pricing is not computed' });
    const out: MimeBundle[] = [];
    showProviderRateWhatIf(qwen, 'CoreWeave', { sink: (b) => out.push(b) });
    expect(out).toEqual([{ 'text/markdown': `*Not computed: ${r.ok ? '' : r.reason}.*`, 'text/plain': `Not computed: ${r.ok ? '' : r.reason}.` }]);
    // a single-accelerator deployment has no recorded node rate: nothing to re-price from
    const one = openNotebook({ data: RECON, draws: 20, system: 'qwen3.6-27b-1xh100' }, {});
    expect(providerRate(one, 'AWS')).toEqual({ ok: false, reason: 'system qwen3.6-27b-1xh100 (1× NVIDIA H100) has no recorded node rate in systems.csv, so its costs cannot be re-priced' });
  });

  test('synthetic-small at a provider rate from a file of its own: the sentence, then the what-if at that rate (Cat1 NVJ -5 at 20 USD/h)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'j2g-rates-'));
    const file = join(dir, 'rates.csv');
    writeFileSync(file, 'provider,accelerator,accelerator_count,usd_per_node_hour\nCheap,H200,8,20\nCheap,H100,1,99\n');
    const out: MimeBundle[] = [];
    showProviderRateWhatIf(nb, 'Cheap', { file, tables: ['table13'], columns: ['nvj'], sink: (b) => out.push(b) });
    expect(out[0]['text/plain']).toBe(`The baseline prices system sysX (8× H200) at 10 USD per node-hour (its recorded rate); the variant at Cheap's published 20 USD per node-hour for 8× H200 (${file}).`);
    expect(out[1]['text/markdown']).toContain('"nodeRateUSDPerHour":20');
    expect(String(out[2]['text/plain'])).toMatch(/\|table13\|Cat1\|nvj\|[\d.]+\|[\d.]+\|-5\|/);
  });
});

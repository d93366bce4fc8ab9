/**
 * whatIf/showWhatIf (notebook 12-what-if) on synthetic-small. Oracle: test/scenario/compare.test.ts's
 * hand computation: at $20/h instead of $10/h every occA cost doubles, so Cat1's NVJ falls by
 * exactly 5 USD/MJ in every draw and TSJ does not move.
 */
import { describe, expect, test } from 'vitest';
import { openNotebook, whatIf, whatIfTable, showWhatIf } from '../../kernel-lib/display/index.ts';
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

/**
 * out/tables/*.md at the paper's printed precision: each column gets the decimals that
 * data/published/ prints for it (Table 13: win-tie 69.0 -> 1, credited value 206.94 -> 2, cost
 * 2.104 -> 3), a column the paper does not print keeps 4 significant digits, text stays as it is.
 */
import { describe, expect, it } from 'vitest';
import { loadDataset } from '../../kernel-lib/data/index.ts';
import { loadPublished } from '../../kernel-lib/published/index.ts';
import { table13 } from '../../kernel-lib/tables/index.ts';
import { table01 } from '../../kernel-lib/tables/index.ts';
import { printedDecimalsByColumn, tableMarkdown } from '../../kernel-lib/report/index.ts';
import { SMALL } from '../helpers/dataset.ts';

const published = loadPublished();

describe('Markdown tables at printed precision', () => {
  const dataset = loadDataset(SMALL);

  it('takes each column\'s decimals from the printed numbers it is compared with', () => {
    const t13 = table13({ dataset });
    // as printed in data/published/table13.csv: "69.0", "206.94", "2.104", "3.905", "0.495", "0.467"
    expect(printedDecimalsByColumn('table13', t13, published)).toEqual({
      win_tie_pct: 1, credited_value_usd: 2, ai_cost_usd: 3, time_saving_hours: 3, energy_mj: 3, ai_time_hours: 3,
    });
  });

  it('prints every number of a row at those decimals, and the rest at 4 significant digits', () => {
    const t13 = table13({ dataset });
    const row = t13.objects()[0] as Record<string, number | string>;
    const md = tableMarkdown('table13', t13, published).split('\n');
    const cells = md[2].split('|').slice(1, -1);
    const names = md[0].split('|').slice(1, -1);
    const at = (c: string) => cells[names.indexOf(c)];
    expect(at('category')).toBe(String(row.category));
    expect(at('win_tie_pct')).toBe((row.win_tie_pct as number).toFixed(1));
    expect(at('credited_value_usd')).toBe((row.credited_value_usd as number).toFixed(2));
    expect(at('ai_cost_usd')).toBe((row.ai_cost_usd as number).toFixed(3));
    expect(at('nvj')).toBe(String(Number((row.nvj as number).toPrecision(4))));
    expect(md.join('\n')).not.toMatch(/\d\.\d{6,}/); // no 0.956043956044
  });

  it('Table 1 of synthetic-small: the hand-computed 43.7311827957 USD/USD prints as 43.73 (Table 1 prints 37.69)', () => {
    const t01 = table01({ dataset });
    const md = tableMarkdown('table01', t01, published);
    expect(md).toMatch(/\|sysX\|1\.16\|34\.9\|0\.250\|43\.73\|87\.5\|203\.3\|/);
  });
});

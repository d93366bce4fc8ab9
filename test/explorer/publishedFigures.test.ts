/**
 * The explorer's figures draw the paper's printed values beside the reproduced ones on the paper's
 * dataset, as the report's figures do (issue #24: "every figure with a published counterpart draws
 * it"), and only there: not on synthetic-small (not the paper's systems), not under a node rate other
 * than the paper's (every one of these figures depends on the rate). The figures are computed as the
 * page and its worker compute them, from data/constants.json as the build writes it, in a child
 * process (publishedFigures.child.ts). Oracle: the printed cells of data/published/table01.csv,
 * table13.csv, table17.csv, table19.csv and table20.csv, read here line by line (not through
 * kernel-lib/published).
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT, runTsx } from '../helpers/child.ts';

type Trace = { x: (string | number)[]; y: (string | number)[]; orientation: string; error_y: { array: number[]; arrayminus: number[] } | null };
type Out = Record<string, Record<string, Record<string, Trace[] | string[]>>>;

/** table -> `row\u0000column` -> value, from the CSV's lines (every line has exactly five fields: no quoting in these files) */
function printed(table: string): Map<string, number> {
  const lines = readFileSync(`${ROOT}data/published/table${table}.csv`, 'utf8').trim().split('\n');
  expect(lines[0]).toBe('table,row,column,value,printed');
  const out = new Map<string, number>();
  for (const line of lines.slice(1)) {
    const f = line.split(',');
    expect(f, line).toHaveLength(5);
    out.set(`${f[1]}\u0000${f[2]}`, Number(f[3]));
  }
  return out;
}
const cell = (t: Map<string, number>, row: string, column: string) => {
  const v = t.get(`${row}\u0000${column}`);
  expect(v, `${row} / ${column}`).toBeTypeOf('number');
  return v!;
};
const rowsOf = (t: Map<string, number>, column: string) => [...t.keys()].map((k) => k.split('\u0000')).filter(([, c]) => c === column).map(([r]) => r);

let out: Out;
beforeAll(async () => {
  const r = await runTsx(['test/explorer/publishedFigures.child.ts'], { timeoutMs: 280_000 });
  expect(r.code, r.stderr).toBe(0);
  out = JSON.parse(r.stdout) as Out;
}, 300_000);

const traces = (dataset: string, scenario: string, figure: string) => out[dataset][scenario][figure] as Trace[];
const RECON = 'joules-to-gdp-reconstructed';

describe("the explorer's figures on the paper's (reconstructed) dataset, under the paper's scenario", () => {
  it("Figure 4 draws Table 17's expert-only and expert-with-AI NVJ and TSJ with their printed intervals as whiskers", () => {
    const t17 = printed('17');
    const [nvj, tsj] = traces(RECON, 'default', '4');
    expect(traces(RECON, 'default', '4')).toHaveLength(2);
    const rows = ['Expert-only / Expert-only', 'Expert-with-AI / Expert-with-AI'];
    expect(nvj.x).toEqual(['Expert-only', 'Expert-with-AI']);
    for (const [trace, column] of [[nvj, 'NVJ (USD/MJ)'], [tsj, 'TSJ (hours/MJ)']] as const) {
      expect(trace.y).toEqual(rows.map((r) => cell(t17, r, column)));
      rows.forEach((r, i) => {
        expect((trace.y[i] as number) + trace.error_y!.array[i]).toBeCloseTo(cell(t17, r, `${column} hi`), 9);
        expect((trace.y[i] as number) - trace.error_y!.arrayminus[i]).toBeCloseTo(cell(t17, r, `${column} lo`), 9);
      });
    }
  });

  it("Figure 5 draws Table 1's net value per megajoule of each of the five models", () => {
    const t1 = printed('01'), column = 'Net value per / megajoule (USD/MJ)';
    const [ghost] = traces(RECON, 'default', '5');
    expect(traces(RECON, 'default', '5')).toHaveLength(1);
    expect(ghost.orientation).toBe('h');
    expect(Object.fromEntries(ghost.y.map((model, i) => [model, ghost.x[i]]))).toEqual(Object.fromEntries(rowsOf(t1, column).map((m) => [m, cell(t1, m, column)])));
    expect(ghost.y).toHaveLength(5);
  });

  it("Figure 10 draws Table 19's pass@k and Table 20's thresholds, NVJ and TSJ, every printed value once", () => {
    const expected: string[] = [];
    for (const t of ['19', '20']) {
      const tab = printed(t);
      for (const column of ['NVJ [95% CI]', 'TSJ [95% CI]']) for (const row of rowsOf(tab, column)) expected.push(`${t === '20' && !row.startsWith('≥') ? `≥${row}` : row}=${cell(tab, row, column)}`);
    }
    const drawn = traces(RECON, 'default', '10').flatMap((g) => g.x.map((label, i) => `${label}=${g.y[i]}`));
    expect(drawn.sort()).toEqual(expected.sort());
    expect(expected).toHaveLength(16);
  });

  it("Figure 3 draws Table 13's win–tie rate and time saving S of all thirteen categories", () => {
    const t13 = printed('13');
    const [winTie, saving] = traces(RECON, 'default', '3');
    const sorted = (xs: (string | number)[]) => [...xs].map(Number).sort((a, b) => a - b);
    expect(sorted(winTie.x)).toEqual(sorted(rowsOf(t13, 'Win–tie (%)').map((r) => cell(t13, r, 'Win–tie (%)'))));
    expect(sorted(saving.x)).toEqual(sorted(rowsOf(t13, 'Time saving S (hours)').map((r) => cell(t13, r, 'Time saving S (hours)'))));
    expect(winTie.x).toHaveLength(13);
  });

  it("Figure 1(a) draws Table 1's execution cost and completion time (in hours) of the primary model, GLM 5.2", () => {
    const t1 = printed('01');
    const ghosts = traces(RECON, 'default', '1a');
    expect(ghosts.map((g) => g.x[0])).toEqual([
      cell(t1, 'GLM 5.2', 'GDP-weighted task averages / Execution cost (USD)'),
      cell(t1, 'GLM 5.2', 'GDP-weighted task averages / Completion time (min)') / 60,
    ]);
  });
});

describe('no published values where they would not be the same quantity', () => {
  it('none on synthetic-small, whose systems are not the paper\'s, though each figure is drawn', () => {
    for (const f of ['1a', '3', '4', '5', '10']) expect(out['synthetic-small'].default[f], f).toEqual([]);
  });

  it('none on the reconstruction under a node rate of 30 USD/hour: every one of these figures depends on the rate', () => {
    for (const f of ['1a', '3', '4', '5', '10']) expect(out[RECON]['rate 30'][f], f).toEqual([]);
  });
});

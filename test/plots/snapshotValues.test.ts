/**
 * Values of every committed figure snapshot (test/plots/__snapshots__) against numbers computed by hand
 * from the CSV files of data/recorded/synthetic-small (#29: the snapshots were the code's own output,
 * with no value in them checked independently). figures.test.ts checks that the code still produces
 * each snapshot; this file checks that each snapshot is right. A snapshot file with no entry here
 * fails, so a new figure cannot arrive unchecked.
 *
 * synthetic-small, sysX attempt 1, expert-only reference, judge J1 (see test/tables/synthetic-small.test.ts):
 *   weights occA .15, occB .45, occC .40 (Cat1 = occA, Cat2 = occB + occC); sectors S1 60%, S2 40%.
 *   A1 win (H 2, W 50, L .5, C 1, E .2), A2 loss (C 2, E .4), B1 tie (H 1, W 20, L .5, C 1, E .1),
 *   B2 loss (C .5, E .1), C1 win (H 5, W 40, L 1, C 2, E .5), C2 loss (C 1, E .3).
 *   Benchmark G 52, C 1.1625, E .25, L .58125, S 1.025: NVJ 203.35, TSJ 4.1.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, test } from 'vitest';

const DIR = new URL('./__snapshots__/', import.meta.url).pathname;

interface Trace { name: string; x?: unknown[]; y?: unknown[]; customdata?: unknown[] }
const traces = (name: string): Trace[] => JSON.parse(readFileSync(`${DIR}${name}.json`, 'utf8')).data;
/**
 * The trace called `traceName` (the `nth` one of that name) of snapshot `name`, as label -> value
 * (a bar's category -> its length; a scatter's x -> y).
 */
function values(name: string, traceName: string, nth = 0): Record<string, number> {
  const t = traces(name).filter((x) => x.name === traceName)[nth];
  expect(t, `${name}: no trace ${traceName}`).toBeDefined();
  const [labels, nums] = typeof t.x![0] === 'number' && typeof t.y![0] !== 'number' ? [t.y!, t.x!] : [t.x!, t.y!];
  return Object.fromEntries(labels.map((l, i) => [String(l), nums[i] as number]));
}
/** Snapshots round to 6 significant digits. */
const close = (got: Record<string, number>, want: Record<string, number>) => {
  expect(Object.keys(got).sort()).toEqual(Object.keys(want).sort());
  for (const [k, v] of Object.entries(want)) expect(got[k], k).toBeCloseTo(v, Math.max(0, 5 - Math.floor(Math.log10(Math.abs(v) || 1))));
};

const CHECKS: Record<string, () => void> = {
  'figure-1a': () => {
    close(values('figure-1a', 'NVJ = (G − C)/E = 203.3 USD/MJ'), { 'Output value G': 52, 'AI cost C': 1.1625, 'Net value G − C': 52 - 1.1625 });
    close(values('figure-1a', 'TSJ = S/E = 4.100 hours/MJ'), { 'Time saving S': 1.025, 'AI time L': 0.58125 });
  },
  'figure-1b': () => close(values('figure-1b', 'counts'), {
    Tasks: 6, Occupations: 3, 'Occupation categories': 2, Sectors: 2, Models: 2, 'Accelerator types': 2, 'AI systems': 2, 'LLM judges': 2,
  }),
  // Cat1 = occA: (50 - 1.5) / .3; Cat2: (.45 x 10 + .4 x 100 - (.45 x .75 + .4 x 1.5)) / (.45 x .1 + .4 x .4)
  'figure-1c': () => close(values('figure-1c', 'Net value per joule'), { Cat1: 48.5 / 0.3, Cat2: (44.5 - 0.9375) / 0.205 }),
  // unweighted totals: sysX E 1.6 MJ, value 100 + 20 + 200 = 320 USD; sysY E .6 MJ, value yA1 100 + yB1 20 + yB2 60 + yC2 40 = 220
  'figure-1d': () => close(values('figure-1d', 'Value-energy frontier'), { 1.6: 320, 0.6: 220 }),
  // 700 W x 3600 s = 2.52 MJ; Model X's GDP-weighted task energy .25 MJ
  'figure-1scale': () => close(values('figure-1scale', 'energy'), { 'One H200 at 700 W for 1 hour': 2.52, 'Model X, one task (GDP-weighted)': 0.25 }),
  // task A1: H 2 h x W 50 = 100 USD credited (attempt 1 wins), cost 1 USD: net 99
  'figure-2': () => {
    close(values('figure-2', 'Credited under pass@1'), { 'Output value H × W': 100, 'Credited value G': 100, 'Charged cost C': 1, 'Net value G − C': 99 });
    close(values('figure-2', 'Energy per attempt'), { 'Attempt 1: win': 0.2, 'Attempt 2: loss': 0.1 });
    // attempt 1 wins: G 100 and S = 2 - 0.5 h; attempt 2 loses: nothing (a win would have earned 100 and 2 - 0.25 h)
    close(values('figure-2', 'Value earned: G = H × W'), { 'Attempt 1: win': 100, 'Attempt 2: loss': 0 });
    close(values('figure-2', 'Time saving earned: H − L'), { 'Attempt 1: win': 1.5, 'Attempt 2: loss': 0 });
    close(values('figure-2', 'hollow: what a win would have earned', 1), { 'Attempt 2: loss': 1.75 });
  },
  // win-tie per MJ: Cat1 50 / .3; Cat2 50 / ((.45 x .1 + .4 x .4) / .85). Net value per task Cat2 (.45 x 9.25 + .4 x 98.5) / .85
  'figure-3': () => {
    close(values('figure-3', 'Win–tie rate per MJ'), { Cat1: 50 / 0.3, Cat2: 50 / (0.205 / 0.85) });
    close(values('figure-3', 'Net value per task'), { Cat1: 48.5, Cat2: (0.45 * 9.25 + 0.4 * 98.5) / 0.85 });
  },
  // expert-with-AI reference at attempt 1: A1 and C1 win: .15 x 1/2 + .4 x 1/2 = 27.5%; NVJ (37.625 - 1.1625) / .25
  'figure-4': () => {
    close(values('figure-4', 'Win–tie rate'), { 'Expert-only': 50, 'Expert-with-AI': 27.5 });
    close(values('figure-4', 'Net value per joule'), { 'Expert-only': 203.35, 'Expert-with-AI': (37.625 - 1.1625) / 0.25 });
  },
  // Model Y: S = .15 x (1 + 0)/2 + .45 x (.5 + 2.5)/2 + .4 x (0 + 0)/2 = .75, E = .0975; unweighted S: 1 + .5 + 2.5 + 0 = 4
  'figure-5': () => {
    close(values('figure-5', 'Time saving per joule'), { 'Model X': 4.1, 'Model Y': 0.75 / 0.0975 });
    close(values('figure-5', 'Time-energy frontier'), { 1.6: 6, 0.6: 4 });
  },
  // the rows given to figure06 / figure07 in figures.test.ts
  'figure-6-rows': () => close(values('figure-6-rows', 'Net value per joule'), { '1× B200': 210.4, '1× H100': 160.2, '1× MI350X': 120.9 }),
  'figure-7-rows': () => close(values('figure-7-rows', 'Time saving per AI hour'), { '1× H100': 1.9, '8× H100': 2.4 }),
  // sectors 60 / 40; occupations .15 / .45 / .40; categories Cat1 15, Cat2 85
  'figure-9': () => {
    // the occupations sit at row positions on a numeric axis, named by customdata and the axis's tick texts
    const occ = traces('figure-9').find((t) => t.name === 'By occupation')!;
    close(Object.fromEntries((occ.customdata as string[]).map((n, i) => [n, occ.x![i] as number])), { occA: 15, occB: 45, occC: 40 });
    close(values('figure-9', 'By category'), { Cat1: 15, Cat2: 85 });
    close(values('figure-9', 'By sector'), { S1: 60, S2: 40 });
  },
  // pass@2: G 75, C 2.4375, E .5225; >=2/2: G 44.5 (B1 and C1 under expert-only), same C and E
  'figure-10': () => {
    close(values('figure-10', 'NVJ by pass@k'), { 'pass@1': 203.35, 'pass@2': (75 - 2.4375) / 0.5225 });
    close(values('figure-10', 'NVJ by win–tie threshold'), { '≥1/2': (75 - 2.4375) / 0.5225, '≥2/2': (44.5 - 2.4375) / 0.5225 });
  },
  // >=1/2 against expert-with-AI credits A1 (attempt 1), B1 (attempt 2), C1 (attempt 1):
  //   eo -> wai: .15 (2 - 1.5)/2 + .45 (1 - 1)/2 + .4 (5 - 4)/2 = .2375 h, over .15 x 2/2 + .45 x 1/2 + .4 x 5/2 = 1.375 h
  'figure-11': () => {
    close(values('figure-11', 'Expert-only → expert-with-AI', 0), { '≥1/2': 0.2375, '≥2/2': 0 });
    close(values('figure-11', 'Expert-only → expert-with-AI', 1), { '≥1/2': (100 * 0.2375) / 1.375, '≥2/2': 0 });
  },
  // attempt 1 under J1, expert-only: sysX 2 wins, 1 tie of 6; sysY yA1, yB1, yC2 win, yB2 ties
  'figure-12': () => {
    close(values('figure-12', 'Win'), { 'Model X': (100 * 2) / 6, 'Model Y': 50 });
    close(values('figure-12', 'Loss'), { 'Model X': 50, 'Model Y': (100 * 2) / 6 });
  },
};

describe('figure snapshots hold hand-computed values', () => {
  const files = readdirSync(DIR).filter((f) => f.endsWith('.json') && !f.includes('-changed')).map((f) => f.slice(0, -5)).sort();

  test('every committed snapshot has a hand check, and every hand check a snapshot', () => {
    expect(files.length).toBeGreaterThanOrEqual(15);
    expect(files).toEqual(Object.keys(CHECKS).sort());
  });

  test.each(Object.keys(CHECKS).sort())('%s', (name) => CHECKS[name]());
});

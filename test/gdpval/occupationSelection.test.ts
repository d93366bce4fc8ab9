import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { digitalTaskShare, occupationWageBillUSD, readOccupations, selectOccupations, taskDollarValueUSD, OCCUPATION_COLUMNS, type OccupationRecord } from '../../kernel-lib/gdpval/index.ts';

describe('taskDollarValueUSD (GDPval 2.3)', () => {
  it('is completion time in hours times the median hourly wage (hand computation)', () => {
    expect(taskDollarValueUSD(90, 40)).toBe(60); // 1.5 h x $40/h
    expect(taskDollarValueUSD(0, 40)).toBe(0);
    expect(() => taskDollarValueUSD(-1, 40)).toThrow('taskDollarValueUSD requires a time >= 0 in minutes and a wage >= 0 in USD per hour');
  });
});

describe('occupationWageBillUSD (GDPval A.7)', () => {
  it('is employment x mean annual wage, or employment x hourly wage x 2,080 hours for hourly-only jobs', () => {
    expect(occupationWageBillUSD({ occupation: 'a', employment: 1000, annualWageUSD: 50000 })).toBe(5e7);
    expect(occupationWageBillUSD({ occupation: 'b', employment: 1000, hourlyWageUSD: 25, annualWageUSD: null })).toBe(1000 * 25 * 2080);
    expect(() => occupationWageBillUSD({ occupation: 'c', employment: 10 })).toThrow('occupationWageBillUSD requires employment >= 0 and an annual or hourly wage >= 0: c');
  });
});

describe('digitalTaskShare (GDPval A.7)', () => {
  it('weights tasks by the mean of frequency/7, importance/5 and relevance/100 (hand computation)', () => {
    // a: (7/7 + 5/5 + 100/100)/3 = 1; b: (3.5/7 + 2.5/5 + 50/100)/3 = 0.5; c: (0 + 1/5 + 10/100)/3 = 0.1; digital a and c
    const share = digitalTaskShare([
      { task: 'a', digital: true, frequency: 7, importance: 5, relevance: 100 },
      { task: 'b', digital: false, frequency: 3.5, importance: 2.5, relevance: 50 },
      { task: 'c', digital: true, frequency: 0, importance: 1, relevance: 10 },
    ]);
    expect(share).toBeCloseTo(1.1 / 1.6, 14);
  });

  it('fills a missing rating with the occupation mean of that normalized rating', () => {
    // frequency of b missing: mean of a's and c's normalized frequency (1 + 0)/2 = 0.5, so b scores as above
    const share = digitalTaskShare([
      { task: 'a', digital: true, frequency: 7, importance: 5, relevance: 100 },
      { task: 'b', digital: false, frequency: null, importance: 2.5, relevance: 50 },
      { task: 'c', digital: true, frequency: 0, importance: 1, relevance: 10 },
    ]);
    expect(share).toBeCloseTo(1.1 / 1.6, 14);
  });

  it('uses occurrences over their sum when no task has a rating (A.7 proxy: 17 tasks twice, 26 once, sum 60)', () => {
    const tasks = [
      ...Array.from({ length: 17 }, (_, i) => ({ task: `twice${i}`, digital: i < 10, occurrences: 2 })),
      ...Array.from({ length: 26 }, (_, i) => ({ task: `once${i}`, digital: i < 6, occurrences: 1 })),
    ];
    expect(digitalTaskShare(tasks)).toBeCloseTo((10 * 2 + 6) / 60, 14);
  });
});

describe('selectOccupations (GDPval 2.1, A.7)', () => {
  const occ = (occupation: string, sector: string, wageBill: number, share: number): OccupationRecord => ({ occupation, sector, employment: wageBill, annualWageUSD: 1, digitalTaskShare: share });

  it('takes the top occupations by wage bill among those with digital share >= 0.6, per sector, and says why for every one', () => {
    const rows = selectOccupations([
      occ('clerk', 'Gov', 500, 0.9), occ('guard', 'Gov', 900, 0.2), occ('analyst', 'Gov', 300, 0.6), occ('planner', 'Gov', 100, 0.75),
      occ('buyer', 'Retail', 50, 0.61), occ('cashier', 'Retail', 800, 0.59),
    ], { perSector: 2 });
    expect(rows.map((r) => [r.occupation, r.selected, r.rankInSector])).toEqual([
      ['clerk', true, 1], ['analyst', true, 2], ['planner', false, 3], ['guard', false, null],
      ['buyer', true, 1], ['cashier', false, null],
    ]);
    expect(rows.find((r) => r.occupation === 'planner')!.reason).toBe('digital, but wage bill rank 3 in Gov is below the top 2');
    expect(rows.find((r) => r.occupation === 'cashier')!.reason).toBe('digital-task share 0.59 is below 0.6');
    // A.7's wording ("above 0.60") excludes a share of exactly 0.6
    expect(selectOccupations([occ('analyst', 'Gov', 300, 0.6)], { inclusive: false })[0].selected).toBe(false);
  });

  it('reads occupation data, naming file, line and column of every problem', () => {
    const dir = mkdtempSync(join(tmpdir(), 'j2g-occ-'));
    const ok = join(dir, 'ok.csv');
    writeFileSync(ok, `${OCCUPATION_COLUMNS.join(',')}\nclerk,Gov,1000,52000,,0.8\nactor,Arts,200,,30,0.3\n`);
    expect(readOccupations(ok).map((o) => occupationWageBillUSD(o))).toEqual([52e6, 200 * 30 * 2080]);
    const bad = join(dir, 'bad.csv');
    writeFileSync(bad, `${OCCUPATION_COLUMNS.join(',')}\nclerk,Gov,1000,,,0.8\nactor,Arts,-2,,30,1.3\nplanner,Gov,5,1,,0.7\nplanner,Gov,1,1,,0.1\n`);
    expect(() => readOccupations(bad)).toThrow([
      `${bad}:2: annual_wage_usd: empty, expected an annual or an hourly wage`,
      `${bad}:3: employment: expected a finite number >= 0, found -2`,
      `${bad}:3: digital_task_share: expected a share in [0, 1], found 1.3`,
      `${bad}:5: occupation: duplicate occupation planner, first on line 4`,
    ].join('\n'));
  });
});

import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../kernel-lib/errors.ts';
import { DEFAULT_REFERENCE_DIR, loadReference } from '../../kernel-lib/reference/index.ts';
import { categoryWeights, gdpOccupationWeights } from '../../kernel-lib/weights/index.ts';
import { loadPublished, publishedRows } from '../../kernel-lib/published/index.ts';

const ref = loadReference();
const count = <T>(xs: T[], key: (x: T) => string) => xs.reduce((m, x) => m.set(key(x), (m.get(key(x)) ?? 0) + 1), new Map<string, number>());

describe('reference facts (data/reference)', () => {
  it('44 occupations in 13 categories and 9 sectors', () => {
    expect(ref.occupations).toHaveLength(44);
    expect(new Set(ref.occupations.map((o) => o.category)).size).toBe(13);
    expect(new Set(ref.occupations.map((o) => o.categoryLabel)).size).toBe(13);
    expect(ref.sectors).toHaveLength(9);
    expect(new Set(ref.occupations.map((o) => o.sector)).size).toBe(9);
  });
  it('5 occupations per sector, except 4 in Retail Trade', () => {
    const perSector = count(ref.occupations, (o) => o.sector);
    for (const [sector, n] of perSector) expect(n, sector).toBe(sector === 'Retail Trade' ? 4 : 5);
  });
  it('220 gold tasks, 5 per occupation, unique ids', () => {
    expect(ref.tasks).toHaveLength(220);
    expect(new Set(ref.tasks.map((t) => t.taskId)).size).toBe(220);
    const perOcc = count(ref.tasks, (t) => t.occupation);
    expect(perOcc.size).toBe(44);
    for (const n of perOcc.values()) expect(n).toBe(5);
    expect(ref.tasks.filter((t) => t.sector === 'Retail Trade')).toHaveLength(20);
  });
  it('sector shares are the 2024 Q2 percent of GDP (sum 75.7 over the nine: 13.8 + 11.3 + 10.0 + 8.1 + 7.6 + 7.4 + 6.3 + 5.8 + 5.4)', () => {
    expect(ref.sectors.reduce((s, x) => s + x.gdpShare, 0)).toBeCloseTo(75.7, 10);
  });
  it('GDP weights and category weights each sum to 1', () => {
    const w = gdpOccupationWeights(ref.occupations, ref.sectors);
    expect([...w.values()].reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    const W = categoryWeights(w, new Map(ref.occupations.map((o) => [o.occupation, o.categoryLabel])));
    expect([...W.values()].reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    // Hand check: Retail Trade share 6.3/75.7 over its 4 occupations.
    const retail = ref.occupations.filter((o) => o.sector === 'Retail Trade').reduce((s, o) => s + w.get(o.occupation)!, 0);
    expect(retail).toBeCloseTo(6.3 / 75.7, 12);
  });
  it('category labels and occupations are those the paper prints (Tables 13 and 15)', () => {
    const pub = loadPublished();
    expect(new Set(ref.occupations.map((o) => o.categoryLabel))).toEqual(new Set(publishedRows(pub, '13')));
    expect(new Set(ref.occupations.map((o) => o.occupation))).toEqual(new Set(publishedRows(pub, '15')));
  });
});

describe('loadReference errors name file and line', () => {
  function edited(file: string, edit: (t: string) => string): string {
    const dir = mkdtempSync(join(tmpdir(), 'j2g-ref-'));
    cpSync(DEFAULT_REFERENCE_DIR, dir, { recursive: true });
    writeFileSync(join(dir, file), edit(readFileSync(join(dir, file), 'utf8')));
    return dir;
  }
  function problems(dir: string): string {
    try { loadReference(dir); } catch (e) { expect(e).toBeInstanceOf(ValidationError); return (e as Error).message; }
    throw new Error('expected a ValidationError');
  }
  it('a bad employment', () => {
    expect(problems(edited('occupations.csv', (t) => t.replace(',1448290,', ',-5,')))).toContain('occupations.csv:2: employment: expected an integer >= 0');
  });
  it('an unknown sector', () => {
    expect(problems(edited('sectors.csv', (t) => t.replace('Government,11.3', 'Govt,11.3')))).toMatch(/occupations\.csv:\d+: sector: unknown sector "Government"/);
  });
  it('a duplicate task and a task whose occupation does not exist', () => {
    const msg = problems(edited('gold_tasks.csv', (t) => t + t.split('\n')[1] + '\nx-1,Astronauts,Government\n'));
    expect(msg).toMatch(/gold_tasks\.csv:222: task_id: duplicate task_id 83d10b06-26d1-4636-a32c-23f92c57f30b, first on line 2/);
    expect(msg).toContain('gold_tasks.csv:223: occupation: unknown occupation "Astronauts"');
  });
});

/**
 * The report's measurement section says what `j2g validate` says of the dataset's energy: each system's
 * validity flags and its meter cross-check, worked by hand on synthetic-small with two columns added
 * to runs.csv (sysX: 2 of its runs cross-checked, one over the 10% tolerance).
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDataset } from '../../kernel-lib/data/index.ts';
import { measurementHtml, measurementLines } from '../../kernel-lib/report/measurementHtml.ts';

const SMALL = new URL('../../data/recorded/synthetic-small', import.meta.url).pathname;

function withCrossCheck(): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'j2g-measure-')), 'ds');
  cpSync(SMALL, dir, { recursive: true });
  const [head, ...rows] = readFileSync(join(dir, 'runs.csv'), 'utf8').trim().split('\n');
  const extra: Record<string, [string, string]> = { xA1a1: ['meter-disagreement', '0.2'], xA1a2: ['ok', '-0.05'] };
  writeFileSync(join(dir, 'runs.csv'), `${head},validity,meter_disagreement_rel\n${rows.map((r) => { const [v, d] = extra[r.split(',')[0]] ?? ['ok', '']; return `${r},${v},${d}`; }).join('\n')}\n`);
  return dir;
}

describe('the measurement section', () => {
  it('names, per system, the flagged runs and the cross-checked runs over the tolerance, by hand', () => {
    const ds = loadDataset(withCrossCheck());
    const runsX = ds.rows.runs.filter((r) => r.system === 'sysX').length;
    const lines = measurementLines(ds);
    expect(lines.flags).toEqual([`sysX: 1 of ${runsX} runs flagged (meter-disagreement 1)`, ...lines.flags.slice(1)]);
    expect(lines.flags.slice(1).every((l) => / 0 of \d+ runs flagged$/.test(l))).toBe(true);
    expect(lines.crossChecks).toEqual([`sysX: 1 of 2 cross-checked runs over the 10% tolerance (xA1a1 +0.200); largest |disagreement| 0.200; ${runsX - 2} runs not cross-checked`]);
    const html = measurementHtml(lines);
    expect(html).toContain('<h2 id="measurement">Measurement</h2>');
    expect(html).toContain('<li>sysX: 1 of 2 cross-checked runs over the 10% tolerance (xA1a1 +0.200)');
  });

  it('says in one line that nothing was cross-checked when runs.csv records no disagreement', () => {
    const html = measurementHtml(measurementLines(loadDataset(SMALL)));
    expect(html).toContain('No run carries a validity flag.');
    expect(html).toContain('No run was cross-checked');
  });
});

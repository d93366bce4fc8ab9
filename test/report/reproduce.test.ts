/**
 * `npm run reproduce` (tables, checks, figures, report; no notebooks, no Chromium) on a dataset that
 * cannot support every table and figure: each one left out is named with its reason in the progress
 * output and in report.html, and the rest is still written.
 */
import { mkdtempSync, readFileSync, existsSync, writeFileSync } from 'node:fs';
import { J2GError } from '../../kernel-lib/errors.ts';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { reproduce } from '../../scripts/reproduce.ts';
import { distinctWarnings } from '../../kernel-lib/warn.ts';
import { editedDataset } from '../helpers/dataset.ts';

// synthetic-small without the expert-with-AI reference: no expert_ai_hours, no such judgments
const noExpertWithAi = () => editedDataset({
  'tasks.csv': (t) => t.replace(/,[0-9.]+$/gm, ','),
  'judgments.csv': (t) => t.split('\n').filter((l) => !l.includes(',expert_with_ai,')).join('\n'),
});

describe('reproduce on a dataset without the expert-with-AI reference', () => {
  it('names every skipped table and figure with its reason, in the progress output and in report.html', async () => {
    const out = mkdtempSync(join(tmpdir(), 'j2g-reproduce-skips-'));
    const lines: string[] = [];
    const r = await reproduce({ data: noExpertWithAi(), out, draws: 50, notebooks: false, static: false, log: (l) => lines.push(l) });
    const log = lines.join('\n');
    expect(log).toContain('(figure 4 skipped: needs expert_only and expert_with_ai judgments and reference times)');
    expect(log).toContain('(figure 11 skipped: needs the expert_with_ai reference)');
    expect(log).toContain('(table table21 skipped: run xA1a1 (task A1, attempt 1) has no expert_with_ai judgment by J1)');
    const html = readFileSync(join(out, 'report.html'), 'utf8');
    expect(html).toContain('Figure 11 (needs the expert_with_ai reference)');
    const skippedTables = html.slice(html.indexOf('Not computed for this dataset:'), html.indexOf('</ul>', html.indexOf('Not computed for this dataset:')));
    expect([...skippedTables.matchAll(/<li>(table\d+) \(/g)].map((m) => m[1])).toEqual(['table17', 'table18', 'table21', 'table22']);
    expect(skippedTables).toContain('<li>table21 (run xA1a1 (task A1, attempt 1) has no expert_with_ai judgment by J1)</li>');
    expect(existsSync(join(out, 'tables', 'table13.csv'))).toBe(true);
    expect(existsSync(join(out, 'tables', 'table17.csv'))).toBe(false);
    expect(r.failingChecks).toBeGreaterThan(0); // synthetic numbers are off the paper's ...
    expect(r.exitCode).toBe(0); // ... which is reported, not enforced, for a synthetic dataset
    expect(log).toContain('checks are reported, not enforced, for a synthetic dataset (--checks fail to enforce them)');
    expect(html).toMatch(/<p class="note">\d+ published values differ from this dataset's numbers\. This dataset is not the paper's runs/);
    // every distinct warning is listed in the console and in the report, not only the first
    expect(log).toContain('  Figure 11 skipped: needs the expert_with_ai reference');
    expect(log).toContain('  Figure 7 skipped: no model runs on two accelerator counts');
    const warningsHtml = html.slice(html.indexOf('<h2 id="warnings">'));
    expect(warningsHtml).toContain('<li>Figure 11 skipped: needs the expert_with_ai reference</li>');
    expect(warningsHtml).toContain('<li>Figure 6 skipped: no model runs on two accelerator types</li>');
  });
});

describe('reproduce: which datasets the published-value checks gate', () => {
  it('--checks fail makes off checks exit 1 even for a synthetic dataset; a reconstructed manifest enforces them by default', async () => {
    const out = mkdtempSync(join(tmpdir(), 'j2g-reproduce-gate-'));
    const quiet = { out, draws: 20, notebooks: false, static: false, log: () => undefined };
    const forced = await reproduce({ ...quiet, data: editedDataset({}), checks: 'fail' });
    expect(forced.failingChecks).toBeGreaterThan(0);
    expect(forced.exitCode).toBe(1);
    const claimed = editedDataset({ 'manifest.json': (t) => t.replace('"provenance": "synthetic"', '"provenance": "reconstructed"') });
    expect((await reproduce({ ...quiet, data: claimed })).exitCode).toBe(1);
  });
});

describe('reproduce into an --out that holds an earlier run', () => {
  it('an invalid dataset leaves the earlier run whole (tables, checks, report), instead of deleting its tables under its report', async () => {
    const out = mkdtempSync(join(tmpdir(), 'j2g-reproduce-earlier-'));
    await reproduce({ data: editedDataset({}), out, draws: 20, notebooks: false, static: false, log: () => undefined });
    const report = readFileSync(join(out, 'report.html'), 'utf8');
    const bad = editedDataset({ 'runs.csv': (t) => t.replace('xA1a1,A1,sysX,1,0.5,1.0,0.2', 'xA1a1,A1,sysX,1,0.5,1.0,-0.2') });
    await expect(reproduce({ data: bad, out, draws: 20, notebooks: false, static: false, log: () => undefined })).rejects.toThrow('runs.csv:2: energy_mj');
    expect(readFileSync(join(out, 'report.html'), 'utf8')).toBe(report);
    expect(existsSync(join(out, 'tables', 'table13.csv'))).toBe(true);
    expect(existsSync(join(out, 'figures', 'figure-03.html'))).toBe(true);
  });
});

describe('reproduce with an --out that cannot be a directory', () => {
  it('is a J2GError naming the path (exit 2), not a raw ENOTDIR from clearing it (exit 1, like off checks)', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'j2g-reproduce-file-')), 'report');
    writeFileSync(file, 'not a directory');
    await expect(reproduce({ data: editedDataset({}), out: file, notebooks: false, static: false, log: () => undefined }))
      .rejects.toThrow(new J2GError(`cannot write to ${file}: it is a file, not a directory`));
    await expect(reproduce({ data: editedDataset({}), out: join(file, 'sub'), notebooks: false, static: false, log: () => undefined }))
      .rejects.toThrow(new J2GError(`cannot write to ${join(file, 'sub')}: ${file} is a file, not a directory`));
    expect(readFileSync(file, 'utf8')).toBe('not a directory');
  });
});

describe('distinctWarnings', () => {
  it('lists each warning once with its count, in first-raised order', () => {
    expect(distinctWarnings(['b', 'a', 'b', 'b'])).toEqual([{ message: 'b', count: 3 }, { message: 'a', count: 1 }]);
  });
});

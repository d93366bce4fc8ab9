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
    // Its systems (Model X, Model Y) are not the paper's: no published value is about a row it has,
    // so none is compared and none is "off"; the page leads with the dataset's own tables and figures.
    expect(r.failingChecks).toBe(0);
    expect(r.exitCode).toBe(0);
    expect(log).toContain("None of this dataset's systems (Model X (OpenHands, 8× H200); Model Y (OpenHands, 1× H100)) is one of the paper's Table 1 systems (GLM 5.2 (OpenHands, 8× NVIDIA H200); ");
    expect(log).toContain("report.html leads with its own tables and figures and compares only the rows it shares (0 of ");
    // the caption and text claims about figures are checked and written beside checks.csv (issue #24)
    expect(readFileSync(join(out, 'figure_claims.csv'), 'utf8')).toContain('fig4.nvj_lower_with_ai');
    expect(html).toContain('<h1>Joules-to-GDP tables and figures: ');
    expect(html.indexOf('<h2 id="tables">')).toBeLessThan(html.indexOf('<h2 id="figures">'));
    expect(html.indexOf('<h2 id="figures">')).toBeLessThan(html.indexOf('<h2 id="paper">'));
    expect(html).toContain('<h3 id="table13">Table 13</h3>');
    expect(html).toContain('It shares none of them, so no published value is about a row it has.');
    expect(html).not.toMatch(/>off</);
    expect(html).toContain('Computed under: system sysX, judge J1, attempt 1 (pass@1), expert-only reference, GDP-weighted, recorded node-hour rates, 50 bootstrap draws (seed 20260726)');
    expect(JSON.parse(readFileSync(join(out, 'scenario.json'), 'utf8'))).toMatchObject({ system: 'sysX', judge: 'J1', policy: 'pass@1', weights: 'gdp', draws: 50, seed: 20260726 });
    // every distinct warning is listed in the console and in the report, not only the first
    expect(log).toContain('  Figure 11 skipped: needs the expert_with_ai reference');
    expect(log).toContain('  Figure 7 skipped: no model runs on two accelerator counts');
    const warningsHtml = html.slice(html.indexOf('<h2 id="warnings">'));
    expect(warningsHtml).toContain('<li>Figure 11 skipped: needs the expert_with_ai reference</li>');
    expect(warningsHtml).toContain('<li>Figure 6 skipped: no model runs on two accelerator types</li>');
  });
});

describe('reproduce: which datasets the published-value checks gate', () => {
  it("a dataset that is not the paper's is reported, not enforced, whatever its manifest claims; --checks fail enforces the checks about the rows it shares", async () => {
    const out = mkdtempSync(join(tmpdir(), 'j2g-reproduce-gate-'));
    const quiet = { out, draws: 20, notebooks: false, static: false, log: () => undefined };
    // synthetic-small whose primary system is called GLM 5.2: it shares the paper's primary model,
    // so Table 1's GLM 5.2 row and the primary-system tables are compared (and are off).
    const glm = (manifest: (t: string) => string = (t) => t) => editedDataset({ 'systems.csv': (t) => t.replace('Model X', 'GLM 5.2'), 'manifest.json': manifest });
    const forced = await reproduce({ ...quiet, data: glm(), checks: 'fail' });
    expect(forced.failingChecks).toBeGreaterThan(0);
    expect(forced.exitCode).toBe(1);
    const claimed = glm((t) => t.replace('"provenance": "synthetic"', '"provenance": "reconstructed"'));
    const byDefault = await reproduce({ ...quiet, data: claimed });
    expect(byDefault.failingChecks).toBeGreaterThan(0);
    expect(byDefault.exitCode).toBe(0);
    const html = readFileSync(join(out, 'report.html'), 'utf8');
    expect(html).toContain("It shares one of the paper's 5 systems (GLM 5.2), its primary system among them.");
    expect(html).toMatch(/ published values are about rows this dataset does not have and are not compared \(all in checks\.csv\)\./);
  });
});

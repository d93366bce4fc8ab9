import { afterEach, describe, expect, it, vi } from 'vitest';
import { runAudit } from '../../kernel-lib/audit/index.ts';
import { run } from '../../kernel-lib/cli/commands/audit.ts';
import { editedPublished, replaceLine } from './helpers.ts';

afterEach(() => vi.restoreAllMocks());

describe('j2g audit on the paper as published', () => {
  it('passes every check', () => {
    const r = runAudit();
    expect(r.failed).toBe(0);
    expect(r.known).toBe(0);
    expect(r.staleKnown).toEqual([]);
    expect(r.passed).toBe(r.results.length);
    expect(r.results.length).toBeGreaterThanOrEqual(181);
  });
  it('covers every check the issue lists', () => {
    const checks = new Set(runAudit().results.map((r) => r.check));
    for (const name of ['table14FromTable13', 'table5NvjFromTable13', 'table5ImpliedNodeRate', 'table13WinTieFromTable15',
      'table1GlmFromTable13', 'table18FromTable17', 'attributionFromTable17', 'policyRowsFromComponents', 'table22TsjFromTable17']) {
      expect(checks.has(name), name).toBe(true);
    }
  });
  it('finds the node-hour rates the Table 5 columns imply (CoreWeave ~50.44, GCP ~84.81 USD/node-hour)', () => {
    const r = runAudit().results;
    const cw = r.find((x) => x.id === 'table5.implied_rate_coreweave')!;
    const gcp = r.find((x) => x.id === 'table5.implied_rate_gcp')!;
    expect(cw.status).toBe('pass');
    expect(cw.recomputed.lo).toBeGreaterThan(50.4);
    expect(cw.recomputed.hi).toBeLessThan(50.46);
    expect(gcp.recomputed.lo).toBeGreaterThan(84.79);
    expect(gcp.recomputed.hi).toBeLessThan(84.82);
  });
  it('exits 0 from the command line', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    expect(await run([])).toBe(0);
    expect(String(log.mock.calls.at(-1)?.[0])).toMatch(/181 checks: 181 pass, 0 known discrepancies, 0 unexpected failures$/);
  });
});

describe('j2g audit on corrupted numbers', () => {
  it('fails the matching Table 14 check', () => {
    // Legal: G/C − 1 with G = 56.97, C = 1.577 lies in [35.111, 35.140]; 35.3 cannot round from it.
    const dir = editedPublished({ 'table14.csv': replaceLine('14,Legal,Net value/AI dollar (USD/USD),35.1,35.1', '14,Legal,Net value/AI dollar (USD/USD),35.3,35.3') });
    const r = runAudit({ publishedDir: dir });
    expect(r.results.filter((x) => x.status === 'fail').map((x) => x.id)).toEqual(['table14.nv_per_ai_usd.Legal']);
    expect(r.failed).toBe(1);
  });
  it('fails a Table 13 win–tie that the occupation rates and weights cannot give', () => {
    const dir = editedPublished({ 'table13.csv': replaceLine('13,Sales,Win–tie (%),55.3,55.3', '13,Sales,Win–tie (%),55.5,55.5') });
    expect(runAudit({ publishedDir: dir }).results.filter((x) => x.status === 'fail').map((x) => x.id)).toEqual(['table13.win_tie.Sales']);
  });
  it('fails a Table 5 rate that differs for one category', () => {
    // CoreWeave cost for Sales 1.265 -> 1.285 implies 63.296 × 1.285/1.587 = 51.25 USD/node-hour, not ~50.44.
    // The row's NVJ, (24.88 − 1.285)/0.356 = 66.28, still rounds to 66.3: only the rate check sees it.
    const dir = editedPublished({ 'table05.csv': replaceLine('5,Sales,AI execution cost (USD) / CoreWeave,1.265,1.265', '5,Sales,AI execution cost (USD) / CoreWeave,1.285,1.285') });
    const failed = runAudit({ publishedDir: dir }).results.filter((x) => x.status === 'fail').map((x) => x.id).sort();
    expect(failed).toEqual(['table5.implied_rate_coreweave']);
  });
  it('fails a Table 18 reduction and the K.1 attribution when Table 17 changes', () => {
    const dir = editedPublished({ 'table17.csv': replaceLine('17,Expert-with-AI / Expert-only,NVJ (USD/MJ),69.07,69.07', '17,Expert-with-AI / Expert-only,NVJ (USD/MJ),70.07,70.07') });
    const failed = runAudit({ publishedDir: dir }).results.filter((x) => x.status === 'fail').map((x) => x.id);
    expect(failed).toContain('table18.nvj.judgments_eo_times');
    expect(failed).toContain('text.k1.nvj_judgment_share');
  });
  it('lists a documented failure as known and does not count it as unexpected', async () => {
    const dir = editedPublished({
      'table14.csv': replaceLine('14,Legal,Net value/AI dollar (USD/USD),35.1,35.1', '14,Legal,Net value/AI dollar (USD/USD),35.3,35.3'),
      'KNOWN_DISCREPANCIES.md': () => '# Known\n\n## `table14.nv_per_ai_usd.Legal`\n\narithmetic here\n',
    });
    const r = runAudit({ publishedDir: dir });
    expect(r.failed).toBe(0);
    expect(r.known).toBe(1);
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    expect(await run(['--published', dir])).toBe(0);
    expect(String(log.mock.calls[0][0])).toContain('KNOWN Table 14 Legal');
  });
  it('exits 1 from the command line on an unexpected failure and prints FAIL', async () => {
    const dir = editedPublished({ 'table22.csv': replaceLine('22,Expert-only → AI system,TSJ (hours/MJ),1.818,1.818', '22,Expert-only → AI system,TSJ (hours/MJ),1.918,1.918') });
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    expect(await run(['--published', dir, '--failures-only'])).toBe(1);
    const out = String(log.mock.calls[0][0]);
    expect(out).toContain('FAIL  Table 22 Expert-only → AI system: TSJ = Table 17 TSJ(with-AI judgments, expert-only times)');
    expect(out).toContain('published 1.918');
    expect(out).not.toContain('PASS ');
  });
  it('reports a stale known discrepancy', () => {
    const dir = editedPublished({ 'KNOWN_DISCREPANCIES.md': () => '## `table14.nv_per_ai_usd.Legal`\n' });
    expect(runAudit({ publishedDir: dir }).staleKnown).toEqual(['table14.nv_per_ai_usd.Legal']);
  });
});

describe('j2g audit on published tables with rows missing or added', () => {
  const auditError = (dir: string): string => {
    try { runAudit({ publishedDir: dir }); } catch (e) { return (e as Error).message; }
    throw new Error('expected runAudit to throw');
  };
  it('refuses a Table 14 without the Legal row instead of running two checks fewer', () => {
    const dir = editedPublished({ 'table14.csv': (t) => t.split('\n').filter((l) => !l.startsWith('14,Legal,')).join('\n') });
    expect(auditError(dir)).toContain('table14.csv: row: missing "Legal" (expected every category of the reference facts)');
  });
  it('refuses a Table 19 without its pass@3 row and a Table 2 without a judge pair', () => {
    const dir = editedPublished({
      'table19.csv': (t) => t.split('\n').filter((l) => !l.startsWith('19,pass@3,')).join('\n'),
      'table02.csv': (t) => t.split('\n').filter((l) => !l.startsWith('2,Gemini–Haiku,')).join('\n'),
    });
    const msg = auditError(dir);
    expect(msg).toContain('table19.csv: row: missing "pass@3"');
    expect(msg).toContain('table02.csv: row: missing "Gemini–Haiku"');
  });
  it('refuses a Table 13 row that is not a category of the reference facts, at its line', () => {
    const dir = editedPublished({ 'table13.csv': (t) => t + '13,Farming,Win–tie (%),50,50.0\n' });
    expect(auditError(dir)).toMatch(/table13\.csv:\d+: row: "Farming" is not a category of the reference facts/);
  });
  it('names the check and the file when a cell it needs is missing', () => {
    const dir = editedPublished({ 'table13.csv': (t) => t.split('\n').filter((l) => !l.startsWith('13,Legal,AI cost C (USD),')).join('\n') });
    expect(auditError(dir)).toBe('check table14FromTable13 cannot run: no published value in Table 13: row "Legal", column "AI cost C (USD)" (table13.csv)');
  });
});

describe('j2g audit output for a failure', () => {
  it('prints the check id that KNOWN_DISCREPANCIES.md needs, on FAIL and KNOWN lines', async () => {
    const dir = editedPublished({ 'table14.csv': replaceLine('14,Legal,Net value/AI dollar (USD/USD),35.1,35.1', '14,Legal,Net value/AI dollar (USD/USD),35.3,35.3') });
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    expect(await run(['--published', dir, '--failures-only'])).toBe(1);
    expect(String(log.mock.calls[0][0])).toContain('id table14.nv_per_ai_usd.Legal');
  });
  it('tells a KNOWN_DISCREPANCIES.md id that matches no check from one that passes again', () => {
    const dir = editedPublished({ 'KNOWN_DISCREPANCIES.md': () => '## `table14.nv_per_ai_usd.legal`\n' });
    const r = runAudit({ publishedDir: dir });
    expect(r.staleKnown).toEqual([]);
    expect(r.unknownKnown).toEqual(['table14.nv_per_ai_usd.legal']);
  });
  it('refuses a stray argument instead of ignoring it', async () => {
    await expect(run(['data/published'])).rejects.toThrow('unexpected argument: data/published');
  });
});

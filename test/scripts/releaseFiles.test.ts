/**
 * What runs beyond this machine, checked here: CITATION.cff against the Citation File Format 1.2.0's
 * required keys and the project's own facts, the CI workflow (it runs .ci/run, the README's test command,
 * on the Node the package asks for), and the Pages workflow, whose site script is run for real on a
 * stand-in out/ folder (a dry run of the publishing job).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const ROOT = new URL('../..', import.meta.url).pathname;
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string; engines: { node: string }; scripts: Record<string, string> };
const yaml = (f: string) => parse(readFileSync(join(ROOT, f), 'utf8')) as Record<string, any>;
type Step = { uses?: string; run?: string; with?: Record<string, unknown> };

describe('CITATION.cff', () => {
  const cff = yaml('CITATION.cff');
  it("has CFF 1.2.0's required keys, every author named, and the package's version", () => {
    expect(cff['cff-version']).toBe('1.2.0');
    for (const k of ['message', 'title', 'authors']) expect(cff[k], k).toBeTruthy();
    const named = (a: Record<string, string>) => Boolean(a.name || a['family-names']);
    expect(cff.authors.every(named)).toBe(true);
    expect(cff.version).toBe(pkg.version);
  });

  it('cites the paper as the README names it (title, first author, arXiv id)', () => {
    const p = cff['preferred-citation'];
    expect(['type', 'title', 'authors'].every((k) => p[k])).toBe(true);
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8').replace(/\s+/g, ' ');
    expect(readme).toContain(`*${p.title}* (${p.authors[0]['family-names']} et al., arXiv ${p.identifiers[0].value.replace('arXiv:', '')})`);
    expect(p.authors).toHaveLength(8);
    // and, where the checkout sits beside the project's shared papers, as the paper's front matter states it
    const seedFile = join(ROOT, '..', 'shared', 'seeds', 'joules-to-gdp.md');
    if (!existsSync(seedFile)) return;
    const seed = readFileSync(seedFile, 'utf8');
    expect(seed).toContain(`title: "${p.title}"`);
    expect(p.identifiers[0].value).toBe(`arXiv:${/arxiv_id: "([^"]+)"/.exec(seed)![1]}`);
    const names = p.authors.map((a: Record<string, string>) => `${a['given-names']} ${a['family-names']}`);
    const seedAuthors = /authors:\n((?: {2}- ".*"\n)+)/.exec(seed)![1].split('\n').filter(Boolean).flatMap((l) => l.replace(/^ {2}- "|"$/g, '').split(/ ⋅\\\\cdot /));
    expect(names).toEqual(seedAuthors);
  });
});

describe('the CI workflow', () => {
  const ci = yaml('.github/workflows/ci.yml');
  it('runs .ci/run, the README test command, on the Node version package.json asks for', () => {
    const steps = Object.values(ci.jobs as Record<string, { steps: Step[] }>).flatMap((j) => j.steps);
    expect(steps.some((s) => s.run === 'bash .ci/run')).toBe(true);
    const node = steps.find((s) => s.uses?.startsWith('actions/setup-node@'))!.with!['node-version'];
    expect(`>=${node}`).toBe(pkg.engines.node);
    expect(readFileSync(join(ROOT, '.ci/run'), 'utf8')).toMatch(/^npm test$/m);
    expect(readFileSync(join(ROOT, 'README.md'), 'utf8')).toContain('npm test');
    expect(Object.keys(ci.on)).toEqual(expect.arrayContaining(['push', 'pull_request']));
  });

  it('.ci/run installs nothing with apt: Node packages are all the project needs', () => {
    expect(readFileSync(join(ROOT, '.ci/run'), 'utf8')).not.toMatch(/apt-get|apt /);
  });
});

describe('the Pages workflow', () => {
  const pages = yaml('.github/workflows/pages.yml');
  const steps: Step[] = pages.jobs.build.steps;
  it('reproduces, assembles the site and uploads that folder, then deploys it', () => {
    const runs = steps.map((s) => s.run).filter(Boolean) as string[];
    expect(runs).toEqual(['npm ci --no-audit --no-fund', 'npm run reproduce', 'node scripts/site.mjs out site']);
    expect(pkg.scripts.reproduce).toBeTruthy();
    expect(steps.find((s) => s.uses?.startsWith('actions/upload-pages-artifact@'))!.with!.path).toBe('site');
    expect(pages.jobs.deploy.needs).toBe('build');
    expect(pages.jobs.deploy.steps[0].uses).toMatch(/^actions\/deploy-pages@v\d+$/);
    expect(pages.permissions).toMatchObject({ pages: 'write', 'id-token': 'write' });
  });

  it('its site script publishes the report as the front page with the explorer beside it, and leaves out the private kernelspec', () => {
    const out = mkdtempSync(join(tmpdir(), 'j2g-site-out-'));
    for (const f of ['report.html', 'explorer/index.html', 'figures/figure-03.png', 'notebooks/01-occupations.html', '.jupyter/kernels/tslab/kernel.json']) {
      mkdirSync(join(out, f, '..'), { recursive: true });
      writeFileSync(join(out, f), f);
    }
    const site = join(mkdtempSync(join(tmpdir(), 'j2g-site-')), 'site');
    const r = spawnSync(process.execPath, [join(ROOT, 'scripts/site.mjs'), out, site], { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    expect(readFileSync(join(site, 'index.html'), 'utf8')).toBe('report.html');
    for (const f of ['explorer/index.html', 'figures/figure-03.png', 'notebooks/01-occupations.html']) expect(existsSync(join(site, f)), f).toBe(true);
    expect(existsSync(join(site, '.jupyter'))).toBe(false);
    // without a report: refused, naming it, nothing written
    const empty = mkdtempSync(join(tmpdir(), 'j2g-site-empty-'));
    const bad = spawnSync(process.execPath, [join(ROOT, 'scripts/site.mjs'), empty, join(empty, 'site')], { encoding: 'utf8' });
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('report.html: missing (run npm run reproduce first)');
    expect(existsSync(join(empty, 'site'))).toBe(false);
  });
});

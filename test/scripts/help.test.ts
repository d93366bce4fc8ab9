/**
 * `npm run reproduce -- --help`, `npm run notebook -- --help` and `npm run explore -- --help` list their
 * options and exit 0 without doing anything else; every option a parser accepts is in its help.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../..', import.meta.url).pathname;
const run = (script: string, ...args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', script, ...args], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, J2G_DATA: '' } });

describe('--help', () => {
  it('reproduce lists every option it parses', () => {
    const r = run('scripts/reproduce.ts', '--help');
    expect(r.status, r.stderr).toBe(0);
    for (const o of ['--data', '--out', '--draws', '--jobs', '--checks', '--no-notebooks', '--no-static', '--verbose', '--help']) expect(r.stdout).toContain(o);
    expect(r.stdout).not.toMatch(/PASS/); // the audit did not run
  });

  it('notebook lists its modes and options', () => {
    const r = run('scripts/notebook.ts', 'run', '--help');
    expect(r.status, r.stderr).toBe(0);
    for (const o of ['npm run notebook', 'notebooks:executed', 'notebooks:check', '--data', '--draws', '--out', '--jobs', 'Ctrl-C']) expect(r.stdout).toContain(o);
  });

  it('explore lists its options, and refuses an unknown one naming it', () => {
    const r = run('scripts/explorer/build.ts', '--help');
    expect(r.status, r.stderr).toBe(0);
    for (const o of ['--out', '--data', '--help', 'http.server']) expect(r.stdout).toContain(o);
    const bad = run('scripts/explorer/build.ts', '--ot', 'x');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('unknown option --ot (did you mean --out?)');
  });
});

describe('the output guard on the scripts that write', () => {
  it('reproduce, notebook and explore refuse to write into a dataset folder or the filesystem root, naming the flag', () => {
    const dataset = `${ROOT}data/recorded/synthetic-small`;
    const r1 = run('scripts/reproduce.ts', '--data', dataset, '--out', `${dataset}/out`, '--no-notebooks', '--no-static');
    expect(r1.status).toBe(2);
    expect(r1.stderr).toContain(`refusing --out ${dataset}/out: it is inside the dataset`);
    const r2 = run('scripts/notebook.ts', 'run', '07', '--out', '/');
    expect(r2.status).toBe(2);
    expect(r2.stderr).toContain('refusing --out /: it is a filesystem root');
    const r3 = run('scripts/explorer/build.ts', '--out', dataset);
    expect(r3.status).toBe(2);
    expect(r3.stderr).toContain(`refusing --out ${dataset}: it is a dataset`);
  });
});

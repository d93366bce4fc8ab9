/**
 * One output guard (kernel-lib/io/outputDir.ts checkOutput) under `j2g export`, `j2g pack` and `j2g
 * multiverse`, which had none: never `/`, never the dataset read nor a folder inside it, never another
 * dataset or a trace folder, never through a link; and nothing written when refused. Generated
 * (fast-check, seeded): the command x the forbidden target. Oracles: the refusal's words, and every
 * byte of the targets unchanged. Also: pack keeps (or refuses to overwrite) an author's edits, works on
 * a Parquet dataset and refuses a link out of --data; verifyPackage names hostile resource paths.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { j2gInProcess } from '../helpers/cli.ts';
import { SMALL } from '../helpers/dataset.ts';
import { verifyPackage } from '../../kernel-lib/release/package.ts';
import { ValidationError, formatIssue } from '../../kernel-lib/errors.ts';

const tmp = (p: string) => mkdtempSync(join(tmpdir(), p));

/** Every file under `dir` with its bytes (links as their target's name), for "nothing was written". */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir, { recursive: true }) as string[]) {
    const p = join(dir, name);
    out[name] = statSync(p).isFile() ? readFileSync(p).toString('base64') : 'dir';
  }
  return out;
}

const COMMANDS: Record<string, (data: string, out: string) => string[]> = {
  export: (data, out) => ['export', '--format', 'parquet', '--data', data, '--out', out],
  pack: (data, out) => ['pack', '--data', data, '--out', out, '--license', 'CC-BY-4.0', '--version', '1.0.0', '--author', 'A. Author'],
  multiverse: (data, out) => ['multiverse', '--data', data, '--out', out, '--draws', '20'],
  tables: (data, out) => ['tables', '--data', data, '--out', out, '--draws', '20'],
};

describe('the output guard of export, pack, multiverse and tables', () => {
  test('each command refuses every forbidden --out, and writes nothing', async () => {
    const targets = ['dataset itself', 'inside the dataset', 'another dataset', 'a trace folder', 'a link', 'inside another dataset'] as const;
    await fc.assert(fc.asyncProperty(fc.constantFrom(...Object.keys(COMMANDS)), fc.constantFrom(...targets), async (command, target) => {
      const base = tmp('j2g-guard-');
      const data = join(base, 'data'), other = join(base, 'other'), trace = join(base, 'trace');
      cpSync(SMALL, data, { recursive: true });
      cpSync(SMALL, other, { recursive: true });
      mkdirSync(trace);
      writeFileSync(join(trace, 'marks.csv'), 'kind,id,mono_ns,wall_ns\n');
      mkdirSync(join(base, 'elsewhere'));
      symlinkSync(join(base, 'elsewhere'), join(base, 'lnk'));
      const out = { 'dataset itself': data, 'inside the dataset': join(data, 'out'), 'another dataset': other, 'a trace folder': trace, 'a link': join(base, 'lnk'), 'inside another dataset': join(other, 'sub') }[target];
      // pack may write into --data itself (the documented repack): its own case below
      if (command === 'pack' && target === 'dataset itself') return;
      const before = snapshot(base);
      const r = await j2gInProcess(COMMANDS[command](data, out));
      expect(r.code, `${command} --out ${target}: ${r.err}`).not.toBe(0);
      expect(r.err).toContain(`refusing --out ${out}: it is`);
      expect(snapshot(base)).toEqual(before);
    }), { seed: 43, numRuns: 24 });
  }, 120_000);

  test('j2g assemble refuses to write over one of its --runs inputs, and through a link, writing nothing', async () => {
    const base = tmp('j2g-guard-assemble-');
    const a = join(base, 'runs-a.csv');
    writeFileSync(a, 'run_id,task_id,system,attempt,ai_hours,cost_usd,energy_mj\nr1,A1,sysX,1,0.5,1.0,0.2\n');
    mkdirSync(join(base, 'elsewhere'));
    symlinkSync(join(base, 'elsewhere'), join(base, 'lnk'));
    const before = snapshot(base);
    const over = await j2gInProcess(['assemble', '--runs', a, '--out', a]);
    expect(over.code).not.toBe(0);
    expect(over.err).toContain(`refusing --out ${a}: it is the --runs input itself`);
    const link = await j2gInProcess(['assemble', '--runs', a, '--out', join(base, 'lnk')]);
    expect(link.code).not.toBe(0);
    expect(link.err).toContain(`refusing --out ${join(base, 'lnk')}: it is a link`);
    expect(snapshot(base)).toEqual(before);
  });

  test('a filesystem root is refused by each command', async () => {
    for (const command of Object.keys(COMMANDS)) {
      const r = await j2gInProcess(COMMANDS[command](SMALL, '/'));
      expect(r.code).not.toBe(0);
      expect(r.err).toContain('refusing --out /: it is a filesystem root');
    }
  });

  test('export into a folder an earlier export wrote replaces its files (the other format\'s too), keeping a user\'s own', async () => {
    const out = join(tmp('j2g-guard-export-'), 'out');
    expect((await j2gInProcess(COMMANDS.export(SMALL, out))).code).toBe(0);
    writeFileSync(join(out, 'notes.txt'), 'mine');
    const r = await j2gInProcess(['export', '--format', 'csv', '--data', SMALL, '--out', out]);
    expect(r.code, r.err).toBe(0);
    expect(readdirSync(out).filter((f) => !f.startsWith('.')).sort()).toEqual(['judgments.csv', 'manifest.json', 'notes.txt', 'occupations.csv', 'runs.csv', 'sectors.csv', 'systems.csv', 'tasks.csv']);
  });
});

describe('pack and verifyPackage at the boundary', () => {
  const META = ['--license', 'CC-BY-4.0', '--version', '1.0.0', '--author', 'A. Author'];

  test('re-packing from the source folder refuses to overwrite a hand-edited DATASHEET.md or provenance.csv, saying how to keep it', async () => {
    for (const name of ['DATASHEET.md', 'provenance.csv']) {
      const rel = join(tmp('j2g-guard-pack-'), 'rel');
      expect((await j2gInProcess(['pack', '--data', SMALL, '--out', rel, ...META])).code).toBe(0);
      const was = readFileSync(join(rel, name), 'utf8');
      writeFileSync(join(rel, name), name.endsWith('.md') ? `${was}edited by the author\n` : was.replace(',unrecorded,,', ',unrecorded,by hand,'));
      expect(readFileSync(join(rel, name), 'utf8')).not.toBe(was);
      const edited = readFileSync(join(rel, name));
      const r = await j2gInProcess(['pack', '--data', SMALL, '--out', rel, ...META]);
      expect(r.code).not.toBe(0);
      expect(r.err).toContain(`refusing to overwrite ${join(rel, name)}`);
      expect(r.err).toContain(`j2g pack --data ${rel} --out ${rel}`);
      expect(readFileSync(join(rel, name))).toEqual(edited);
      // the way it names keeps the edit, recorded in the descriptor
      expect((await j2gInProcess(['pack', '--data', rel, '--out', rel])).code).toBe(0);
      expect(readFileSync(join(rel, name))).toEqual(edited);
      expect(verifyPackage(rel)).not.toBeNull();
    }
  });

  test('pack on a Parquet dataset writes it with its hashes; a link out of --data is refused', async () => {
    const pq = join(tmp('j2g-guard-pq-'), 'pq');
    expect((await j2gInProcess(COMMANDS.export(SMALL, pq))).code).toBe(0);
    rmSync(join(pq, '.j2g-outputs.json'));
    const rel = join(tmp('j2g-guard-pqrel-'), 'rel');
    const r = await j2gInProcess(['pack', '--data', pq, '--out', rel, ...META]);
    expect(r.code, r.err).toBe(0);
    expect(readdirSync(rel)).toContain('runs.parquet');
    expect(verifyPackage(rel)).toMatchObject({ files: 10 });
    const secret = join(tmp('j2g-guard-secret-'), 'secret.md');
    writeFileSync(secret, 'private');
    const data = join(tmp('j2g-guard-lnk-'), 'data');
    cpSync(SMALL, data, { recursive: true });
    symlinkSync(secret, join(data, 'DATASHEET.md'));
    const l = await j2gInProcess(['pack', '--data', data, '--out', join(data, '..', 'rel'), ...META]);
    expect(l.code).not.toBe(0);
    expect(l.err).toContain(`DATASHEET.md: a link out of the folder ${data}`);
  });

  test('verifyPackage names a resource path "", ".", a directory, a FIFO or a link to /dev/zero instead of crashing or hanging', async () => {
    const rel = join(tmp('j2g-guard-vp-'), 'rel');
    expect((await j2gInProcess(['pack', '--data', SMALL, '--out', rel, ...META])).code).toBe(0);
    const descriptor = JSON.parse(readFileSync(join(rel, 'datapackage.json'), 'utf8'));
    mkdirSync(join(rel, 'adir'));
    symlinkSync('/dev/zero', join(rel, 'zero'));
    const hash = `sha256:${'0'.repeat(64)}`;
    const cases: [string, string][] = [['', 'expected the path of a file inside the folder, found ""'], ['.', 'expected the path of a file inside the folder, found "."'], ['adir', 'adir: a directory, expected a regular file'], ['zero', 'zero: a character device, expected a regular file']];
    for (const [path, words] of cases) {
      writeFileSync(join(rel, 'datapackage.json'), JSON.stringify({ ...descriptor, resources: [...descriptor.resources, { name: 'x', path, hash }] }));
      let said = 'accepted';
      try { verifyPackage(rel); } catch (e) { if (!(e instanceof ValidationError)) throw e; said = e.issues.map(formatIssue).join('\n'); }
      expect(said).toContain(words);
    }
  });
});

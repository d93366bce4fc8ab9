/**
 * io/readJsonFile, the strict JSON file reader every JSON file goes through (#23): scenario files
 * included (before: JSON.parse, so a duplicated key kept its last value silently). Generated objects
 * round-trip; a generated duplicate key, invalid byte or cut is an error naming file and line.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../kernel-lib/errors.ts';
import { readJsonFile } from '../../kernel-lib/io/readJsonFile.ts';
import { createRng } from '../../kernel-lib/random/prng.ts';
import { readScenarioFile } from '../../kernel-lib/scenario/files.ts';

const dir = mkdtempSync(join(tmpdir(), 'j2g-json-'));

describe('readJsonFile (#23)', () => {
  it('refuses a scenario file with a duplicated key, naming its line (JSON.parse kept the last value)', () => {
    const path = join(dir, 'scenario.json');
    writeFileSync(path, '{\n  "draws": 1000,\n  "draws": 10\n}\n');
    expect(() => readScenarioFile(path)).toThrow(`${path}:3: draws: duplicate key "draws" (first on line 2)`);
  });

  it('round-trips 300 generated objects; a duplicated key, an invalid byte or a cut is an error at a line (seeded)', () => {
    const rng = createRng(8259);
    const value = (depth: number): unknown => {
      const k = rng.int(depth > 2 ? 4 : 6);
      if (k === 0) return rng.int(1000) / 8;
      if (k === 1) return ['a', 'é', 'x"y', '\\', ''][rng.int(5)];
      if (k === 2) return [true, false, null][rng.int(3)];
      if (k === 3) return -(1 + rng.int(100));
      if (k === 4) return Array.from({ length: rng.int(3) }, () => value(depth + 1));
      return Object.fromEntries(Array.from({ length: 1 + rng.int(3) }, (_, i) => [`k${i}`, value(depth + 1)]));
    };
    for (let n = 0; n < 300; n++) {
      const v = Object.fromEntries(Array.from({ length: 1 + rng.int(4) }, (_, i) => [`f${i}`, value(0)]));
      const text = JSON.stringify(v, null, 2) + '\n';
      const path = join(dir, `g${n}.json`);
      writeFileSync(path, text);
      expect(readJsonFile(path).value).toEqual(v);
      const lines = text.split('\n');
      const kind = rng.int(3);
      let bytes: Buffer;
      if (kind === 0) bytes = Buffer.from(text.replace('{\n  "f0": ', '{\n  "f0": 1,\n  "f0": '));
      else if (kind === 1) { const at = rng.int(text.length); bytes = Buffer.concat([Buffer.from(text.slice(0, at)), Buffer.from([0xff]), Buffer.from(text.slice(at))]); }
      else bytes = Buffer.from(lines.slice(0, Math.max(1, rng.int(lines.length - 2))).join('\n'));
      writeFileSync(path, bytes);
      try {
        readJsonFile(path);
        throw new Error(`accepted a mutated file (kind ${kind})`);
      } catch (e) {
        expect(e).toBeInstanceOf(ValidationError);
        for (const i of (e as ValidationError).issues) {
          expect(i.file).toBe(path);
          expect(i.line, (e as Error).message).toBeGreaterThanOrEqual(1);
        }
      }
    }
  });
});

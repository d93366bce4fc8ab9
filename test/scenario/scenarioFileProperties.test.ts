/**
 * Issue #23, scenario files at schema level, by fast-check: a generated valid scenario written as a
 * file (any layout) reads back to the same fields; a generated mutation (a wrong type, an unknown key,
 * a duplicated key, an invalid UTF-8 byte, NaN or Infinity, a negative, a missing dataset, a number too
 * large) is an error naming the file and the line of the bad field (a syntax error its column too),
 * never another exception and never a different scenario; and a failing `j2g tables --scenario` leaves
 * an earlier --out byte for byte as it was.
 */
import { mkdtempSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ValidationError } from '../../kernel-lib/errors.ts';
import { readScenarioFileAt } from '../../kernel-lib/scenario/files.ts';
import { parseScenario, ScenarioError, type ScenarioInput } from '../../kernel-lib/scenario/schema.ts';
import { onWarning } from '../../kernel-lib/warn.ts';
import { SMALL } from '../helpers/dataset.ts';
import { j2gInProcess } from '../helpers/cli.ts';

onWarning(null);
afterEach(() => vi.restoreAllMocks());
const dir = mkdtempSync(join(tmpdir(), 'j2g-scenario-prop-'));
let n = 0;
const fileOf = (bytes: string | Buffer) => {
  const path = join(dir, `s${n++}.json`);
  writeFileSync(path, bytes);
  return path;
};

const name = fc.string({ minLength: 1, maxLength: 8 }).filter((s) => s !== '__proto__');
const usd = fc.double({ min: 0, max: 1e6, noNaN: true }).map((x) => (Object.is(x, -0) ? 0 : x));
const policy = fc.oneof(
  fc.integer({ min: 1, max: 99 }).map((k) => `pass@${k}`),
  fc.tuple(fc.integer({ min: 1, max: 9 }), fc.integer({ min: 0, max: 9 })).map(([m, d]) => `${m}-of-${m + d}`),
);
/** Every field of the schema, each optional but the dataset (a name no folder beside the file has). */
const scenario: fc.Arbitrary<Record<string, unknown>> = fc.record({
  version: fc.constant(1),
  dataset: name.map((s) => `ds-${s}`),
  datasetSha256: fc.stringMatching(/^[0-9a-f]{64}$/),
  system: name,
  judge: name,
  judgmentReference: fc.constantFrom('expert_only', 'expert_with_ai'),
  timeReference: fc.constantFrom('expert_only', 'expert_with_ai'),
  policy,
  weights: fc.oneof(fc.constantFrom('gdp', 'employment', 'equal'), name.map((f) => ({ file: f })), fc.dictionary(name, usd, { minKeys: 1, maxKeys: 4 }).map((c) => ({ custom: c }))),
  rates: fc.record({ nodeRateUSDPerHour: fc.option(usd), bySystem: fc.dictionary(name, usd, { maxKeys: 3 }), nodeTypesFile: fc.option(name), sweepFile: fc.option(name) }, { requiredKeys: [] }),
  draws: fc.integer({ min: 1, max: 1e9 }),
  seed: fc.maxSafeNat(),
  winTieInterval: fc.constantFrom('wilson', 'wilson_corrected', 'exact'),
  qaij: fc.record({ latencyMaxS: fc.option(usd) }, { requiredKeys: [] }),
}, { requiredKeys: ['dataset'] });
const layout = fc.constantFrom<string | number>(0, 2, '\t');

/** The scenario a file holds, or 'error' after checking that the error names the file, a line in [lo, hi] and, for a syntax error, a column. */
function outcome(path: string, lo = 1, hi = Infinity): ScenarioInput | 'error' {
  try {
    const read = readScenarioFileAt(path);
    return parseScenario(read.value, read.where);
  } catch (e) {
    if (e instanceof ValidationError) {
      for (const i of e.issues) {
        expect(i.file).toBe(path);
        expect(i.line, e.message).toBeGreaterThanOrEqual(1);
        if (!/duplicate key/.test(i.message)) expect(i.message).toMatch(/column \d+/);
      }
      return 'error';
    }
    if (e instanceof ScenarioError) {
      const m = /^(.*):(\d+): scenario field /.exec(e.message);
      expect(m?.[1], e.message).toBe(path);
      const line = Number(m![2]);
      expect(line, e.message).toBeGreaterThanOrEqual(lo);
      expect(line, e.message).toBeLessThanOrEqual(hi);
      return 'error';
    }
    throw e;
  }
}

/** Top-level and nested field paths of a scenario object that hold a leaf value. */
function leaves(s: Record<string, unknown>, prefix: string[] = []): string[][] {
  return Object.entries(s).flatMap(([k, v]) => (v !== null && typeof v === 'object' && !Array.isArray(v) ? leaves(v as Record<string, unknown>, [...prefix, k]) : [[...prefix, k]]));
}
const SENTINEL = '\u0001MUTATED\u0001';
/** The scenario as text with the value at `path` replaced by the raw JSON text `raw`, and the line it is on. */
function withRaw(s: Record<string, unknown>, path: string[], raw: string, indent: string | number): { text: string; line: number } {
  const copy = structuredClone(s);
  let o = copy as Record<string, unknown>;
  for (const k of path.slice(0, -1)) o = o[k] as Record<string, unknown>;
  o[path[path.length - 1]] = SENTINEL;
  const text = JSON.stringify(copy, null, indent) + '\n';
  const at = text.indexOf(JSON.stringify(SENTINEL));
  return { text: text.replace(JSON.stringify(SENTINEL), raw), line: text.slice(0, at).split('\n').length };
}
/** The line of the top-level key `k` in `text` (1 for a one-line file). */
const keyLine = (text: string, k: string) => text.slice(0, text.indexOf(`"${k}":`)).split('\n').length;

/** A raw JSON value of the wrong kind for the leaf at `path` (never a valid value for it). */
function wrongFor(path: string[], pick: number): string {
  const field = path.join('.');
  const numeric = /^(draws|seed|rates\.nodeRateUSDPerHour|rates\.bySystem\..*|qaij\.latencyMaxS|weights\.custom\..*)$/.test(field);
  if (field === 'version') return ['2', '"1"', '0', 'true'][pick % 4];
  if (numeric) return ['"1"', 'true', '[]', '{}', '-1', '-0.5', '1e309', '-1e309', '1.5e400', 'NaN', 'Infinity', '-Infinity', ...(field === 'draws' || field === 'seed' ? ['1e20', '2.5', '9007199254740993'] : [])][pick % (field === 'draws' || field === 'seed' ? 15 : 12)];
  const nullable = /^rates\.(nodeTypesFile|sweepFile)$/.test(field);
  return ['1', 'true', '[]', '{}', '""', ...(nullable ? [] : ['null']), 'NaN'][pick % (nullable ? 6 : 7)];
}

describe('scenario files, generated (#23)', () => {
  it('a generated valid scenario, in any layout, reads back to the same fields', () => {
    fc.assert(fc.property(scenario, layout, (s, indent) => {
      const path = fileOf(JSON.stringify(s, null, indent) + '\n');
      expect(outcome(path)).toEqual(s);
    }), { numRuns: 300 });
  });

  it('a wrong type, NaN, Infinity, a negative or a number too large at any field is an error at that field\'s line', () => {
    fc.assert(fc.property(scenario, layout, fc.nat(), fc.nat(), (s, indent, which, pick) => {
      const all = leaves(s);
      const path = all[which % all.length];
      const { text, line } = withRaw(s, path, wrongFor(path, pick), indent);
      expect(outcome(fileOf(text), keyLine(text, path[0]), line)).toBe('error');
    }), { numRuns: 400 });
  });

  it('an unknown key, at the top or inside rates, qaij or weights, is an error at its line', () => {
    fc.assert(fc.property(scenario, layout, fc.constantFrom([], ['rates'], ['qaij'], ['weights']), fc.constantFrom('drawz', 'Dataset', 'nodeRate', 'latency_max_s', 'extra'), (s, indent, at, key) => {
      const copy = structuredClone(s) as Record<string, unknown>;
      if (at.length && (copy[at[0]] === null || typeof copy[at[0]] !== 'object')) copy[at[0]] = at[0] === 'weights' ? { file: 'w.csv' } : {};
      const { text, line } = withRaw(copy, [...at, key], '1', indent);
      expect(outcome(fileOf(text), line, line)).toBe('error');
    }), { numRuns: 200 });
  });

  it('a duplicated key is an error at its second line, whatever value either holds', () => {
    fc.assert(fc.property(scenario, fc.nat(), fc.boolean(), (s, which, same) => {
      const keys = Object.keys(s);
      const k = keys[which % keys.length];
      const text = JSON.stringify(s, null, 2).replace('{\n', () => `{\n  "${k}": ${same ? JSON.stringify(s[k]) : '"other"'},\n`) + '\n';
      const path = fileOf(text);
      try {
        readScenarioFileAt(path);
        expect.unreachable('a duplicated key was accepted');
      } catch (e) {
        expect(e).toBeInstanceOf(ValidationError);
        expect((e as ValidationError).issues.map((i) => [i.file, i.line])).toEqual([[path, text.indexOf(`"${k}"`, text.indexOf(`"${k}"`) + 1) > 0 ? text.slice(0, text.indexOf(`"${k}"`, text.indexOf(`"${k}"`) + 1)).split('\n').length : -1]]);
      }
    }), { numRuns: 200 });
  });

  it('an invalid UTF-8 byte anywhere is an error at its line and column', () => {
    fc.assert(fc.property(scenario, fc.nat(), fc.constantFrom([0xff], [0xc3, 0x28], [0xe2, 0x82], [0xed, 0xa0, 0x80]), (s, at, bad) => {
      const bytes = Buffer.from(JSON.stringify(s, null, 2) + '\n');
      const k = at % bytes.length;
      // cut only between characters (a byte inside a multi-byte character is a different mutation)
      const cut = Buffer.from(bytes.toString('utf8').slice(0, k)).length;
      const path = fileOf(Buffer.concat([bytes.subarray(0, cut), Buffer.from(bad), bytes.subarray(cut)]));
      expect(outcome(path)).toBe('error');
      try { readScenarioFileAt(path); } catch (e) {
        expect((e as Error).message).toMatch(new RegExp(`:${bytes.subarray(0, cut).toString('utf8').split('\n').length}: .*invalid UTF-8.*column \\d+`));
      }
    }), { numRuns: 200 });
  });

  it('a scenario without its dataset is an error naming the file (line of the root object)', () => {
    fc.assert(fc.property(scenario, layout, (s, indent) => {
      const { dataset: _, ...rest } = s;
      const path = fileOf(JSON.stringify(rest, null, indent) + '\n');
      expect(outcome(path, 1, 1)).toBe('error');
    }), { numRuns: 100 });
  });

  it('a failing j2g tables --scenario leaves an earlier --out byte for byte as it was', async () => {
    const out = join(dir, 'out');
    mkdirSync(out);
    writeFileSync(join(out, 'table01.csv'), 'earlier\n');
    writeFileSync(join(out, 'scenario.json'), '{"earlier": true}\n');
    const before = () => Object.fromEntries(readdirSync(out).map((f) => [f, readFileSync(join(out, f), 'utf8')]));
    const snapshot = before();
    const cases = fc.sample(fc.tuple(scenario, fc.nat(), fc.nat()), { numRuns: 15, seed: 2323 });
    for (const [s, which, pick] of cases) {
      const valid = { ...s, dataset: SMALL, draws: 20 };
      delete (valid as Record<string, unknown>).datasetSha256;
      const all = leaves(valid).filter((p) => p[0] !== 'dataset');
      const path = all[which % all.length];
      const { text } = withRaw(valid, path, wrongFor(path, pick), 2);
      const file = fileOf(text);
      expect(outcome(file)).toBe('error');
      const r = await j2gInProcess(['tables', '--scenario', file, '--out', out]);
      expect(r.code, r.err).not.toBe(0);
      expect(r.err).toContain(file);
      expect(before()).toEqual(snapshot);
    }
  });
});

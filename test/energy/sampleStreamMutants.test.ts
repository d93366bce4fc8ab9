/**
 * streamSamples on sample files written by hand (#29: the energy tests reach the reader only through
 * whole traces of plain integer or one-decimal values, one device name per GPU, short files). Each test
 * names what it proves; the oracle is the file's text read by hand (a value's decimal meaning, the
 * 1-based line number, t = (mono_ns - originNs) / 1e9), a second implementation (FNV-1a written here,
 * to show that two device names share a hash bucket) or a count made while writing the file.
 *
 * Mutation (#29, docs/mutation.md): sampleStream.ts 265 of 293 mutants killed (the whole file measured).
 * The 28 left: 27 change no output, and one (99 `true`) could only where no comma follows the line in memory:
 * - The value's fast path (105-116, 23 mutants: `ok` made `false`, each digit scan's test made `false`,
 *   `true`, `>`/`<` ZERO or `<`/`>` NINE, `i++` made `i--`, the dot's test or block, and the final test's
 *   `true`, `>= 15`, `i + v0` and lone-dot parts): each either computes the same value or leaves the
 *   value to the slow path (DECIMAL and Number()), which reads every text the fast path takes to the same
 *   double (the test of 2,010 decimals against Number()). Only the speed changes.
 * - The hash (58, three mutants: the loop bound made `<=`, `>=` or `false`): the bucket function changes
 *   (the comma after the name is hashed too, or every name lands in one bucket), but the names in a
 *   bucket are still compared byte by byte.
 * - The device scan (99, `i < e` made `<=` or `true`): the scan goes past the line end to the next comma,
 *   then `i >= e` refuses the line with the same message. Under `true` a line with no comma after it
 *   anywhere in the buffer would scan on forever; the bytes after the last line are an earlier chunk's
 *   or fresh memory, so no test can fix them: not constructed.
 * Checks that could never fail were removed rather than listed here (the read loop's `!eof && len <
 * buf.length`, searches past `len`, the long-line path's `nl < n` and `if (eof) break`, parseLine's
 * bound checks before the line end byte, and the device compare's `j < d.length`): docs/mutation.md.
 */
import { closeSync, existsSync, mkdtempSync, openSync, readdirSync, readlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ValidationError } from '../../kernel-lib/errors.ts';
import { MAX_LINE_BYTES, streamSamples } from '../../kernel-lib/energy/sampleStream.ts';

const HEADER = 'mono_ns,wall_ns,device,power_w';
const dir = mkdtempSync(join(tmpdir(), 'j2g-stream-'));
let n = 0;
const file = (text: string | Buffer): string => {
  const f = join(dir, `s${n++}.csv`);
  writeFileSync(f, text);
  return f;
};

interface Got { dev: number; name: string; t: number; v: number; line: number }
function read(path: string, originNs = 0, withSkip = true) {
  const got: Got[] = [];
  const skipped: [number, string][] = [];
  const res = streamSamples(path, HEADER, originNs, (dev, t, v, names, line) => got.push({ dev, name: names[dev], t, v, line }), withSkip ? (line, m) => skipped.push([line, m]) : undefined);
  return { got, skipped, res };
}
const issuesOf = (f: () => unknown) => {
  try { f(); } catch (e) { if (e instanceof ValidationError) return e.issues; throw e; }
  throw new Error('expected a ValidationError');
};

/** FNV-1a, 32 bits, as a second implementation of the reader's device hash */
function fnv1a(s: string): number {
  let h = 0x811c9dc5 >>> 0;
  for (const c of Buffer.from(s, 'utf8')) h = Number((BigInt(h ^ c) * 0x01000193n) & 0xffffffffn);
  return h;
}

describe('values', () => {
  test('reads each decimal form by its meaning: 700, 0.25, 12.5, 7., .5, +3, 1.5e2, 2E-1, 0 and 08.50', () => {
    const vals = ['700', '0.25', '12.5', '7.', '.5', '+3', '1.5e2', '2E-1', '0', '08.50'];
    const want = [700, 0.25, 12.5, 7, 0.5, 3, 150, 0.2, 0, 8.5];
    const { got, skipped, res } = read(file(HEADER + '\n' + vals.map((v, k) => `${k + 1},9,G,${v}\n`).join('')));
    expect(skipped).toEqual([]);
    expect(got.map((g) => g.v)).toEqual(want);
    expect(res.records).toBe(10);
    expect(res.naValues).toBe(0);
  });

  test('reads every decimal to the same double as Number() (a second implementation): 6.94, 0.1, 123.456, 16 and 20 digits', () => {
    const vals = ['6.94', '0.1', '123.456', '0.3', '2.675', '1234567.891', '99999999999999.9', '1234567890123456', '12345678901234567890', '0.000000000000001'];
    let x = 7;
    for (let k = 0; k < 2000; k++) { x = (x * 48271) % 2147483647; vals.push(`${x % 100000}.${String(x % 1000).padStart(3, '0')}`); }
    const { got, skipped } = read(file(HEADER + '\n' + vals.map((v, k) => `${k + 1},1,G,${v}\n`).join('')));
    expect(skipped).toEqual([]);
    expect(got.map((g) => g.v)).toEqual(vals.map(Number));
  });

  test('takes NA, [N/A] and [Not Supported] as unreadable samples (NaN), counted, never as zero', () => {
    const { got, res, skipped } = read(file(`${HEADER}\n1,1,G,NA\n2,2,G,[N/A]\n3,3,G,[Not Supported]\n4,4,G,5\n`));
    expect(skipped).toEqual([]);
    expect(got.map((g) => g.v)).toEqual([NaN, NaN, NaN, 5]);
    expect(res).toEqual({ devices: ['G'], records: 4, naValues: 3, truncatedFinalLine: false });
  });

  test('skips an empty, negative, hexadecimal, padded, infinite, overflowing or lower-case "na" value, naming each line', () => {
    const bad = ['', '-5', '0x10', ' 5', '5 ', 'Infinity', '1e999', 'na', '1.2.3', 'e5', '.'];
    const { got, skipped, res } = read(file(HEADER + '\n' + bad.map((v, k) => `${k + 1},1,G,${v}\n`).join('') + '99,1,G,4\n'));
    expect(skipped).toEqual(bad.map((v, k) => [k + 2, `value: expected a number >= 0, NA or [N/A], found "${v}"`]));
    expect(got.map((g) => [g.v, g.line])).toEqual([[4, 13]]);
    expect(res.records).toBe(1);
    expect(res.naValues).toBe(0);
  });

  test('a fifth field is "expected 4 fields", even after a number', () => {
    const { skipped, got } = read(file(`${HEADER}\n1,1,G,5,6\n2,2,G,NA,7\n3,3,G,8\n`));
    expect(skipped).toEqual([[2, 'expected 4 fields'], [3, 'expected 4 fields']]);
    expect(got.map((g) => g.v)).toEqual([8]);
  });
});

describe('fields and lines', () => {
  test('t = (mono_ns - originNs) / 1e9, and each record carries its 1-based physical line (header = 1)', () => {
    const { got } = read(file(`${HEADER}\n5000000000,1700000000000000000,GPU-a,700\n6500000000,1,GPU-a,10\n`), 4e9);
    expect(got).toEqual([{ dev: 0, name: 'GPU-a', t: 1, v: 700, line: 2 }, { dev: 0, name: 'GPU-a', t: 2.5, v: 10, line: 3 }]);
  });

  test('names each malformed field, with its line, and reads the good lines around them', () => {
    const lines = ['x1,1,G,1', ',1,G,1', '12', '12,', '1,y,G,1', '1,,G,1', '1,2', '1,2,', '1,2,,1', '1,2,G', '', '7,7,G,7'];
    const { skipped, got } = read(file(HEADER + '\n' + lines.join('\n') + '\n'));
    expect(skipped).toEqual([
      [2, 'mono_ns: expected an integer'], [3, 'mono_ns: expected an integer'], [4, 'mono_ns: expected an integer'],
      [5, 'wall_ns: expected an integer'], [6, 'wall_ns: expected an integer'], [7, 'wall_ns: expected an integer'],
      [8, 'wall_ns: expected an integer'], [9, 'device: expected a name followed by a value'],
      [10, 'device: expected a name followed by a value'], [11, 'device: expected a name followed by a value'],
      [12, 'blank line, expected a record'],
    ]);
    expect(got.map((g) => [g.t, g.v, g.line])).toEqual([[7e-9, 7, 13]]);
  });

  test('CRLF line ends and a byte-order mark before the header are read as plain lines', () => {
    const { got, skipped } = read(file(`\uFEFF${HEADER}\r\n1000000000,1,G,2.5\r\n2000000000,1,G,NA\r\n`));
    expect(skipped).toEqual([]);
    expect(got.map((g) => [g.t, g.v])).toEqual([[1, 2.5], [2, NaN]]);
  });

  test('a wrong header, an empty file and a missing file are errors naming the file', () => {
    const wrong = file('mono_ns,wall_ns,device,energy_uj\n1,1,G,1\n');
    expect(issuesOf(() => read(wrong))).toEqual([{ file: wrong, line: 1, message: `expected header "${HEADER}", found "mono_ns,wall_ns,device,energy_uj"` }]);
    const empty = file('');
    expect(issuesOf(() => read(empty))).toEqual([{ file: empty, line: 1, message: `expected header "${HEADER}", found an empty file` }]);
    const missing = join(dir, 'none.csv');
    expect(issuesOf(() => read(missing))).toEqual([{ file: missing, message: 'cannot read file (ENOENT)' }]);
  });

  test('a header alone is zero records; a final line without its line end is not used and is reported', () => {
    expect(read(file(`${HEADER}\n`)).res).toEqual({ devices: [], records: 0, naValues: 0, truncatedFinalLine: false });
    const { got, res } = read(file(`${HEADER}\n1,1,G,5\n2,2,G,6`));
    expect(got.map((g) => g.v)).toEqual([5]);
    expect(res).toEqual({ devices: ['G'], records: 1, naValues: 0, truncatedFinalLine: true });
  });

  test('without onSkip, bad lines are one error listing the first 20 by line, then one "more" entry', () => {
    const f = file(HEADER + '\n' + Array.from({ length: 25 }, (_, k) => `${k},1,G,bad${k}\n`).join(''));
    const issues = issuesOf(() => read(f, 0, false));
    expect(issues.length).toBe(21);
    expect(issues.slice(0, 20)).toEqual(Array.from({ length: 20 }, (_, k) => ({ file: f, line: k + 2, message: `value: expected a number >= 0, NA or [N/A], found "bad${k}"` })));
    expect(issues[20]).toEqual({ file: f, message: 'more malformed lines not listed' });
    const one = file(`${HEADER}\n1,1,G,1\n\n`);
    expect(issuesOf(() => read(one, 0, false))).toEqual([{ file: one, line: 3, message: 'blank line, expected a record' }]);
  });
});

describe('device names', () => {
  test('numbers devices in order of first appearance and gives a name seen again its first number', () => {
    const { got, res } = read(file(`${HEADER}\n1,1,b,1\n2,2,a,2\n3,3,b,3\n4,4,ab,4\n5,5,a,5\n6,6,ba,6\n`));
    expect(got.map((g) => [g.dev, g.name])).toEqual([[0, 'b'], [1, 'a'], [0, 'b'], [2, 'ab'], [1, 'a'], [3, 'ba']]);
    expect(res.devices).toEqual(['b', 'a', 'ab', 'ba']);
  });

  test('tells apart names that share a hash bucket, of equal and of different lengths', () => {
    // FNV-1a collisions found by search: equal length (8 bytes) and 9 against 8 bytes
    expect(fnv1a('GPU-6pwu')).toBe(fnv1a('GPU-d5fa'));
    expect(fnv1a('GPU-2n0-x')).toBe(fnv1a('GPU-2412'));
    const names = ['GPU-6pwu', 'GPU-d5fa', 'GPU-2n0-x', 'GPU-2412', 'GPU-d5fa', 'GPU-6pwu', 'GPU-2412', 'GPU-2n0-x'];
    const { got, res } = read(file(HEADER + '\n' + names.map((d, k) => `${k},1,${d},${k}\n`).join('')));
    expect(res.devices).toEqual(['GPU-6pwu', 'GPU-d5fa', 'GPU-2n0-x', 'GPU-2412']);
    expect(got.map((g) => g.dev)).toEqual([0, 1, 2, 3, 1, 0, 3, 2]);
    expect(got.map((g) => g.name)).toEqual(names);
  });

  test('a name that is a prefix of a colliding one is still a different device', () => {
    // 'GPU-2412' (8 bytes) shares the bucket of 'GPU-2n0-x' (9): the longer one, read first, must not
    // match the shorter by its first 8 bytes, nor the shorter match the longer
    const { res, got } = read(file(`${HEADER}\n1,1,GPU-2n0-x,1\n2,2,GPU-2412,2\n3,3,GPU-2n0-x,3\n`));
    expect(res.devices).toEqual(['GPU-2n0-x', 'GPU-2412']);
    expect(got.map((g) => g.dev)).toEqual([0, 1, 0]);
  });
});

describe('chunks and long lines', () => {
  test('reads 60,000 records across two 1 MiB chunks: every value and line, none split at a chunk edge', () => {
    const N = 60_000;
    const rows: string[] = [];
    for (let k = 0; k < N; k++) rows.push(`${1_000_000_000 + k},1700000000000000000,GPU-${k % 3},${k}.5\n`);
    const text = HEADER + '\n' + rows.join('');
    expect(text.length).toBeGreaterThan(2 * MAX_LINE_BYTES);
    let count = 0, sum = 0, okLines = 0;
    const res = streamSamples(file(text), HEADER, 1e9, (dev, t, v, names, line) => {
      count++; sum += v;
      if (line === count + 1 && names[dev] === `GPU-${(count - 1) % 3}` && t === (count - 1) / 1e9 && v === count - 1 + 0.5) okLines++;
    }, () => { throw new Error('no line is bad'); });
    expect(count).toBe(N);
    expect(okLines).toBe(N);
    expect(sum).toBe((N * (N - 1)) / 2 + N * 0.5); // sum of k + 0.5
    expect(res.devices).toEqual(['GPU-0', 'GPU-1', 'GPU-2']);
    expect(res.truncatedFinalLine).toBe(false);
  });

  test('a line of 1.5 MiB is one bad line of its exact length, and the lines after it keep their numbers', () => {
    const long = 'x'.repeat(1.5 * MAX_LINE_BYTES);
    const { got, skipped } = read(file(`${HEADER}\n1,1,G,1\n${long}\n2,2,G,2\n3,3,G,3\n`));
    expect(skipped).toEqual([[3, `line of ${1.5 * MAX_LINE_BYTES} bytes or more, longer than the ${MAX_LINE_BYTES} bytes a trace line may have: not read`]]);
    expect(got.map((g) => [g.v, g.line])).toEqual([[1, 2], [2, 4], [3, 5]]);
  });

  test('a line of exactly 1 MiB bytes then its line end, and one of 2.5 MiB with no line end at the end of the file', () => {
    const exact = 'y'.repeat(MAX_LINE_BYTES);
    const a = read(file(`${HEADER}\n${exact}\n7,7,G,7\n`));
    expect(a.skipped).toEqual([[2, `line of ${MAX_LINE_BYTES} bytes or more, longer than the ${MAX_LINE_BYTES} bytes a trace line may have: not read`]]);
    expect(a.got.map((g) => [g.v, g.line])).toEqual([[7, 3]]);
    const tail = 'z'.repeat(2.5 * MAX_LINE_BYTES);
    const b = read(file(`${HEADER}\n7,7,G,7\n${tail}`));
    expect(b.skipped).toEqual([[3, `line of ${2.5 * MAX_LINE_BYTES} bytes or more, longer than the ${MAX_LINE_BYTES} bytes a trace line may have: not read`]]);
    expect(b.got.map((g) => g.v)).toEqual([7]);
    expect(b.res.truncatedFinalLine).toBe(false);
  });

  test('a header longer than 1 MiB is an error naming line 1', () => {
    const f = file('h'.repeat(MAX_LINE_BYTES + 10) + '\n1,1,G,1\n');
    expect(issuesOf(() => read(f))).toEqual([{ file: f, line: 1, message: `header line longer than ${MAX_LINE_BYTES} bytes, expected "${HEADER}"` }]);
  });
});

describe('the read loop and the value pattern (#29: lines 1-55 and 127 to the end)', () => {
  test('reads the forms that only the full pattern takes: a long leading-dot decimal, +.5, two-digit and signed exponents', () => {
    // by hand: each text's decimal meaning (the 17-character ".0000000000000001" is past the 15-character fast path)
    const vals = ['.0000000000000001', '+.5', '2.5e10', '25E-10', '1e+2', '12345678901234567e-2'];
    const want = [1e-16, 0.5, 25_000_000_000, 2.5e-9, 100, 123456789012345.67];
    const { got, skipped } = read(file(HEADER + '\n' + vals.map((v, k) => `${k + 1},1,G,${v}\n`).join('')));
    expect(skipped).toEqual([]);
    expect(got.map((g) => g.v)).toEqual(want);
  });

  test('skips the near-numbers the pattern refuses: a sign alone, a bare or signless exponent, two signs, a dot before e', () => {
    const bad = ['+', '+-1', '1e', '1e+', 'E5', '.e1', '1e2.5', '++1', '1e--2'];
    const { got, skipped } = read(file(HEADER + '\n' + bad.map((v, k) => `${k + 1},1,G,${v}\n`).join('')));
    expect(skipped).toEqual(bad.map((v, k) => [k + 2, `value: expected a number >= 0, NA or [N/A], found "${v}"`]));
    expect(got).toEqual([]);
  });

  test('a carriage return or a byte-order mark inside the header is a wrong header (only a final CR and a leading BOM are dropped)', () => {
    // [header written, header as named in the error: one final CR and one leading BOM dropped, by hand]
    const cases = [
      ['mono_ns,wall_ns\r,device,power_w', 'mono_ns,wall_ns\r,device,power_w'],
      ['mono_ns,\uFEFFwall_ns,device,power_w', 'mono_ns,\uFEFFwall_ns,device,power_w'],
      ['\uFEFF\uFEFF' + HEADER, '\uFEFF' + HEADER],
      [HEADER + '\r\r', HEADER + '\r'],
    ];
    for (const [h, named] of cases) {
      const f = file(`${h}\n1,1,G,1\n`);
      expect(issuesOf(() => read(f))).toEqual([{ file: f, line: 1, message: `expected header "${HEADER}", found "${named}"` }]);
    }
  });

  test('a final line without its line end is never read, whatever its length (1 to 64 bytes after a full record)', () => {
    for (let T = 1; T <= 64; T++) {
      const tail = '9'.repeat(T); // a valid-looking mono_ns: read as a line, it would be a bad line
      const { got, skipped, res } = read(file(`${HEADER}\n1,1,G,5\n${tail}`));
      expect([T, skipped, got.map((g) => g.v), res.records, res.truncatedFinalLine]).toEqual([T, [], [5], 1, true]);
    }
  });

  test('the file is closed after it is read, and after a bad header', () => {
    // Linux: every open descriptor of this process is a link in /proc/self/fd to what it opened
    expect(existsSync('/proc/self/fd')).toBe(true);
    const openOn = (f: string) => readdirSync('/proc/self/fd').filter((fd) => { try { return readlinkSync(`/proc/self/fd/${fd}`) === f; } catch { return false; } }).length;
    const good = file(`${HEADER}\n1,1,G,5\n`);
    read(good);
    expect(openOn(good)).toBe(0);
    const bad = file('nope\n1,1,G,5\n');
    expect(issuesOf(() => read(bad)).length).toBe(1);
    expect(openOn(bad)).toBe(0);
    // the check sees an open file: one opened here is listed
    const fd = openSync(good, 'r');
    expect(openOn(good)).toBe(1);
    closeSync(fd);
  });

  test('a name that is a prefix of another with the same hash, read first, is a different device', () => {
    // 'GPU-a' and 'GPU-alO7cgd' collide (found by a meet-in-the-middle search over 6-byte suffixes)
    expect(fnv1a('GPU-a')).toBe(fnv1a('GPU-alO7cgd'));
    const { res, got } = read(file(`${HEADER}\n1,1,GPU-a,1\n2,2,GPU-alO7cgd,2\n3,3,GPU-a,3\n`));
    expect(res.devices).toEqual(['GPU-a', 'GPU-alO7cgd']);
    expect(got.map((g) => g.dev)).toEqual([0, 1, 0]);
  });
});

describe('parseLine, fields ended by a wrong character (#29)', () => {
  test('a field of digits then a letter is named as that field, not as the next one', () => {
    // by hand: "12a" is not an integer (mono_ns), "2b" is not one (wall_ns), "\r" alone is no mono_ns
    const { skipped, got } = read(file(`${HEADER}\n12a,1,G,1\n1,2b,G,1\n\r\n3,3,G,3\n`));
    expect(skipped).toEqual([[2, 'mono_ns: expected an integer'], [3, 'wall_ns: expected an integer'], [4, 'mono_ns: expected an integer']]);
    expect(got.map((g) => [g.v, g.line])).toEqual([[3, 5]]);
  });
});

/**
 * A strict JSON reader for small configuration files (a dataset's manifest.json) that keeps what
 * JSON.parse throws away: the line of every key, and every duplicated key (JSON.parse keeps the last
 * one silently). RFC 8259 grammar; a leading byte-order mark is accepted (as CSV files accept one).
 * Problems are ValidationIssues naming file and line: "duplicate key "draws" (first on line 8)",
 * "expected ',' or '}' after a value, found ']'".
 * @example parseJson('{"a": 1,\n "a": 2}', 'm.json').issues[0].message // => 'duplicate key "a" (first on line 1)'
 */
import type { ValidationIssue } from '../errors.ts';

export interface JsonRead {
  /** the value, or undefined after a syntax error */
  value: unknown;
  /** line of each key, by its dotted path ("bootstrap.draws"; the first of duplicated keys), and of the root object's `{` as "" */
  lines: Map<string, number>;
  issues: ValidationIssue[];
}

class Stop extends Error {}

export function parseJson(text: string, file: string): JsonRead {
  const lines = new Map<string, number>();
  const issues: ValidationIssue[] = [];
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1, lineStart = i;
  const n = text.length;
  // a syntax error names its line and character column (1-based; a tab counts one)
  const fail = (message: string): never => {
    issues.push({ file, line, message: `${message} at column ${i - lineStart + 1}` });
    throw new Stop();
  };
  const found = () => (i >= n ? 'the end of the file' : `'${text[i]}'`);
  const space = () => {
    for (; i < n; i++) {
      const c = text[i];
      if (c === '\n') { line++; lineStart = i + 1; }
      else if (c !== ' ' && c !== '\t' && c !== '\r') break;
    }
  };
  const string = (): string => {
    const start = i;
    i++;
    for (; i < n && text[i] !== '"'; i++) {
      const c = text.charCodeAt(i);
      if (c < 0x20) fail('control character or line end inside a string');
      if (text[i] === '\\') i++;
    }
    if (i >= n) fail('unterminated string');
    i++;
    try {
      return JSON.parse(text.slice(start, i)) as string;
    } catch {
      return fail(`invalid escape in string ${text.slice(start, i)}`);
    }
  };
  const value = (path: string): unknown => {
    space();
    const c = text[i];
    if (c === '{') {
      if (!lines.has(path)) lines.set(path, line); // the root object: its opening line
      i++;
      const out: Record<string, unknown> = {};
      space();
      if (text[i] === '}') { i++; return out; }
      for (;;) {
        space();
        if (text[i] !== '"') fail(`expected a key in double quotes, found ${found()}`);
        const keyLine = line;
        const key = string();
        const p = path ? `${path}.${key}` : key;
        if (Object.prototype.hasOwnProperty.call(out, key)) issues.push({ file, line: keyLine, column: p, message: `duplicate key "${key}" (first on line ${lines.get(p)})` });
        else lines.set(p, keyLine);
        space();
        if (text[i] !== ':') fail(`expected ':' after key "${key}", found ${found()}`);
        i++;
        const v = value(p);
        if (!Object.prototype.hasOwnProperty.call(out, key)) Object.defineProperty(out, key, { value: v, enumerable: true, writable: true, configurable: true });
        space();
        if (text[i] === ',') { i++; continue; }
        if (text[i] === '}') { i++; return out; }
        fail(`expected ',' or '}' after a value, found ${found()}`);
      }
    }
    if (c === '[') {
      i++;
      const out: unknown[] = [];
      space();
      if (text[i] === ']') { i++; return out; }
      for (;;) {
        out.push(value(`${path}[${out.length}]`));
        space();
        if (text[i] === ',') { i++; continue; }
        if (text[i] === ']') { i++; return out; }
        fail(`expected ',' or ']' after a value, found ${found()}`);
      }
    }
    if (c === '"') return string();
    const m = /^(-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?|true|false|null)/.exec(text.slice(i, i + 400));
    if (!m) return fail(`expected a value, found ${found()}`);
    i += m[0].length;
    return m[0] === 'true' ? true : m[0] === 'false' ? false : m[0] === 'null' ? null : Number(m[0]);
  };
  let v: unknown;
  try {
    v = value('');
    space();
    if (i < n) fail(`unexpected ${found()} after the JSON value`);
  } catch (e) {
    if (!(e instanceof Stop)) throw e;
    return { value: undefined, lines, issues };
  }
  return { value: v, lines, issues };
}

/**
 * Levenshtein distance: insertions, deletions and substitutions (each 1) turning `a` into `b`.
 * @example editDistance('draw', 'draws') // => 1
 */
export function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length];
}

/**
 * The known name nearest to `name` (case-insensitive edit distance, ties to the earlier name).
 * @example nearestName('primary_sytem', ['name', 'primary_system', 'primary_judge']) // => 'primary_system'
 */
export function nearestName(name: string, known: readonly string[]): string {
  let best = known[0], d = Infinity;
  for (const k of known) {
    const e = editDistance(name.toLowerCase(), k.toLowerCase());
    if (e < d) { d = e; best = k; }
  }
  return best;
}

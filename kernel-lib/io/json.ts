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

/** The deepest nesting of objects and arrays a JSON file may have (no configuration file comes near). */
export const MAX_JSON_DEPTH = 512;

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
  const scalar = (): unknown => {
    if (text[i] === '"') return string();
    const m = /^(-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?|true|false|null)/.exec(text.slice(i, i + 400));
    if (!m) return fail(`expected a value, found ${found()}`);
    i += m[0].length;
    return m[0] === 'true' ? true : m[0] === 'false' ? false : m[0] === 'null' ? null : Number(m[0]);
  };
  // The open objects and arrays, innermost last: an explicit stack, not the call stack, so that deep
  // nesting is an error of its own at its line (MAX_JSON_DEPTH), never a RangeError.
  type Frame = { array: true; out: unknown[]; path: string } | { array: false; out: Record<string, unknown>; path: string; key: string; keyPath: string };
  const stack: Frame[] = [];
  /** Read `"key":` of the object `f` (the text is at the key); returns the path of its value. */
  const key = (f: Extract<Frame, { array: false }>): string => {
    space();
    if (text[i] !== '"') fail(`expected a key in double quotes, found ${found()}`);
    const keyLine = line;
    const k = string();
    const p = f.path ? `${f.path}.${k}` : k;
    if (Object.prototype.hasOwnProperty.call(f.out, k)) issues.push({ file, line: keyLine, column: p, message: `duplicate key "${k}" (first on line ${lines.get(p)})` });
    else lines.set(p, keyLine);
    space();
    if (text[i] !== ':') fail(`expected ':' after key "${k}", found ${found()}`);
    i++;
    f.key = k;
    f.keyPath = p;
    return p;
  };
  const value = (root: string): unknown => {
    let path = root;
    for (;;) {
      space();
      const c = text[i];
      let v: unknown;
      if (c === '{' || c === '[') {
        if (stack.length >= MAX_JSON_DEPTH) fail(`nesting deeper than ${MAX_JSON_DEPTH} objects and arrays, expected at most ${MAX_JSON_DEPTH}`);
        if (c === '{' && !lines.has(path)) lines.set(path, line); // the root object: its opening line
        i++;
        space();
        if (c === '{' && text[i] === '}') { i++; v = {}; }
        else if (c === '[' && text[i] === ']') { i++; v = []; }
        else if (c === '{') {
          const f: Frame = { array: false, out: {}, path, key: '', keyPath: '' };
          stack.push(f);
          path = key(f);
          continue;
        } else {
          stack.push({ array: true, out: [], path });
          path = `${path}[0]`;
          continue;
        }
      } else v = scalar();
      // a value is complete: hand it to the innermost open container, closing those that end here
      for (;;) {
        const f = stack[stack.length - 1];
        if (!f) return v;
        if (f.array) f.out.push(v);
        else if (!Object.prototype.hasOwnProperty.call(f.out, f.key)) Object.defineProperty(f.out, f.key, { value: v, enumerable: true, writable: true, configurable: true });
        space();
        if (text[i] === ',') {
          i++;
          path = f.array ? `${f.path}[${f.out.length}]` : key(f);
          break;
        }
        if (text[i] === (f.array ? ']' : '}')) {
          i++;
          stack.pop();
          v = f.out;
          continue;
        }
        fail(f.array ? `expected ',' or ']' after a value, found ${found()}` : `expected ',' or '}' after a value, found ${found()}`);
      }
    }
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

/**
 * Minimal, strict option parsing for the `j2g` subcommands: `--name value` or `--name=value`,
 * boolean flags declared up front, unknown options are errors (never ignored).
 */
import { J2GError } from '../errors.ts';
import { DECIMAL } from '../data/fields.ts';

export interface ArgSpec {
  /** options that take a value */
  values?: string[];
  /** options that are booleans */
  flags?: string[];
  /** options that take a value and may be given more than once (all values kept, in order) */
  repeatable?: string[];
}

export interface ParsedArgs {
  options: Record<string, string>;
  /** every value of each repeatable option, in the order given */
  lists: Record<string, string[]>;
  flags: Set<string>;
  positionals: string[];
  /** everything after a bare `--` */
  rest: string[];
}

export function parseArgs(argv: string[], spec: ArgSpec): ParsedArgs {
  const values = new Set(spec.values ?? []);
  const flagNames = new Set(spec.flags ?? []);
  const repeatable = new Set(spec.repeatable ?? []);
  const options: Record<string, string> = {};
  const lists: Record<string, string[]> = {};
  const flags = new Set<string>();
  const positionals: string[] = [];
  let rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--') { rest = argv.slice(i + 1); break; }
    if (a.startsWith('--')) {
      const eq = a.indexOf('=');
      const name = eq >= 0 ? a.slice(2, eq) : a.slice(2);
      if (flagNames.has(name)) {
        if (eq >= 0) throw new J2GError(`option --${name} takes no value`);
        flags.add(name);
      } else if (values.has(name) || repeatable.has(name)) {
        const v = eq >= 0 ? a.slice(eq + 1) : argv[++i];
        if (v === undefined) throw new J2GError(`option --${name} needs a value`);
        if (repeatable.has(name)) (lists[name] ??= []).push(v);
        else options[name] = v;
      } else {
        throw new J2GError(`unknown option --${name}${suggestion(name, [...values, ...flagNames], '--')}`);
      }
    } else {
      positionals.push(a);
    }
  }
  return { options, lists, flags, positionals, rest };
}

/** A plain decimal option value (as in CSV cells: no hex, no padding), else NaN. */
function decimal(v: string): number {
  return DECIMAL.test(v) ? Number(v) : NaN;
}

/**
 * The error for a value outside what an option accepts: what was given and what is expected.
 *
 * @example
 * invalid('level', '2', 'a number between 0 and 1').message // => 'invalid level: 2 (expected a number between 0 and 1)'
 */
export function invalid(name: string, value: unknown, expected: string): J2GError {
  return new J2GError(`invalid ${name}: ${String(value)} (expected ${expected})`);
}

/** Parse a required positive integer option value. */
export function positiveInt(name: string, v: string): number {
  const x = decimal(v);
  if (!Number.isInteger(x) || x <= 0) throw invalid(name, v, 'a positive integer');
  return x;
}

/** Parse a finite number option value. */
export function finiteNumber(name: string, v: string): number {
  const x = decimal(v);
  if (!Number.isFinite(x)) throw invalid(name, v, 'a decimal number such as 0.95');
  return x;
}

/**
 * Edit distance between two strings (insertions, deletions, substitutions and swaps of neighbours
 * each cost 1: optimal string alignment).
 *
 * @example
 * editDistance('tabels', 'tables') // => 1
 */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

/**
 * The valid name nearest to `given` (case-insensitive edit distance at most a third of its length,
 * at least 1, or a valid name that starts with it), or null when none is near.
 *
 * @example
 * nearest('tabels', ['tables', 'audit']) // => 'tables'
 * nearest('xyz', ['tables', 'audit']) // => null
 */
export function nearest(given: string, valid: Iterable<string>): string | null {
  const g = given.toLowerCase();
  let best: string | null = null;
  let bestD = Infinity;
  for (const v of valid) {
    const d = editDistance(g, v.toLowerCase());
    if (d < bestD) { best = v; bestD = d; }
  }
  if (best !== null && bestD <= Math.max(1, Math.floor(given.length / 3))) return best;
  const prefixed = [...valid].filter((v) => g.length >= 2 && v.toLowerCase().startsWith(g));
  return prefixed.length === 1 ? prefixed[0] : null;
}

/** '; did you mean --x?' for the nearest valid name, else ''. */
export function suggestion(given: string, valid: Iterable<string>, prefix = ''): string {
  const n = nearest(given, valid);
  return n === null ? '' : ` (did you mean ${prefix}${n}?)`;
}

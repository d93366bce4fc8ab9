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
        throw new J2GError(`unknown option --${name}`);
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

/** Parse a required positive integer option value. */
export function positiveInt(name: string, v: string): number {
  const x = decimal(v);
  if (!Number.isInteger(x) || x <= 0) throw new J2GError(`invalid ${name}: ${v}`);
  return x;
}

/** Parse a finite number option value. */
export function finiteNumber(name: string, v: string): number {
  const x = decimal(v);
  if (!Number.isFinite(x)) throw new J2GError(`invalid ${name}: ${v}`);
  return x;
}

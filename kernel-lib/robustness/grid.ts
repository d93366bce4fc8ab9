/**
 * The grid of a multiverse: scenario field names to lists of values, and each specification it
 * spans as a patch of a resolved context (issue #26, part 1).
 *
 * A grid is a JSON object (`{"weights": ["gdp", "employment", "equal"], "policy": ["pass@1", "3-of-4"]}`)
 * whose keys are among GRID_FIELDS and whose values are non-empty lists, each value written as the
 * scenario file writes it (kernel-lib/scenario/schema.ts):
 *   system, judge            ids of systems.csv and judgments.csv
 *   judgmentReference        "expert_only" | "expert_with_ai" (the time reference follows it unless chosen)
 *   timeReference            "expert_only" | "expert_with_ai"
 *   policy                   "pass@k" | "m-of-n"
 *   tieCredit                a number from 0 to 1: the credit of a tie (1 the paper's, 0 ties count as losses)
 *   weights                  "gdp" | "employment" | "equal" | {"custom": {...}} (a CLI grid may also name
 *                            {"file": "w.csv"}: the command reads it into {"custom": ..., "file": "w.csv"},
 *                            labelled by the file)
 *   rates                    "recorded" (the recorded costs), a number (USD per node-hour for the systems
 *                            of the primary system's node type, scenario field rates.nodeRateUSDPerHour),
 *                            or {"label": "CoreWeave", "usdPerNodeHour": 50.44} (a row of a rates sweep)
 * Specifications are the Cartesian product in GRID_FIELDS order, the last field varying fastest,
 * numbered s001, s002, ... in that order.
 */
import { J2GError } from '../errors.ts';
import { REFERENCES, type Reference } from '../data/schema.ts';
import { judgesOf, runsOfSystem } from '../metrics/taskComponents.ts';
import { policyFromText, policyText } from '../scenario/schema.ts';
import { nodeTypeKey } from '../data/nodeType.ts';
import { weightSchemeName, type WeightScheme } from '../weights/schemes.ts';
import type { ContextPatch, ScenarioContext } from '../tables/context.ts';
import type { NodeRate } from '../tables/options.ts';
import type { AttemptPolicy } from '../metrics/policy.ts';

/** The scenario fields a grid may vary, in the order specifications are spanned and printed. */
export const GRID_FIELDS = ['system', 'judge', 'weights', 'judgmentReference', 'timeReference', 'policy', 'tieCredit', 'rates'] as const;
export type GridField = (typeof GRID_FIELDS)[number];

/** A rates value of a grid: the recorded costs, one node rate, or a labelled row of a sweep. */
export type GridRate = 'recorded' | number | { label: string; usdPerNodeHour: number };
export type GridValue = string | number | WeightScheme | GridRate;
export type Grid = Partial<Record<GridField, readonly GridValue[]>>;

/** One specification: its grid values, their printed labels, and the context patch they make. */
export interface Specification {
  id: string;
  values: Partial<Record<GridField, GridValue>>;
  labels: Partial<Record<GridField, string>>;
  patch: ContextPatch;
}

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
/** The weights file a grid value was read from, if any. */
const fileOf = (v: unknown): string | undefined => (isObject(v) && typeof v.file === 'string' ? v.file : undefined);

/**
 * The label a value prints as in specifications.csv: policy text, weight scheme name, `recorded`,
 * `50.44` or `CoreWeave 50.44`.
 * @example gridLabel('rates', { label: 'CoreWeave', usdPerNodeHour: 50.44 }) // => 'CoreWeave 50.44'
 */
export function gridLabel(field: GridField, value: GridValue): string {
  const file = fileOf(value);
  if (field === 'weights') return file ?? weightSchemeName(value as WeightScheme);
  if (field === 'rates') {
    if (value === 'recorded') return 'recorded';
    if (typeof value === 'number') return String(value);
    const r = value as { label: string; usdPerNodeHour: number };
    return `${r.label} ${r.usdPerNodeHour}`;
  }
  return String(value);
}

/**
 * Check a grid (a parsed JSON object) against the dataset of `ctx`: known fields, non-empty lists,
 * values of the right shape, known systems and judges, no value twice. Throws "invalid grid field
 * policy: \"pass2\" (expected pass@k or m-of-n)" and the like, naming the field and value.
 */
export function checkGrid(grid: unknown, ctx: ScenarioContext): Grid {
  if (!isObject(grid)) throw new J2GError(`invalid grid: expected a JSON object from scenario field names to lists of values`);
  const ds = ctx.dataset;
  const out: Grid = {};
  for (const [field, list] of Object.entries(grid)) {
    if (!(GRID_FIELDS as readonly string[]).includes(field)) throw new J2GError(`invalid grid field ${field} (expected one of ${GRID_FIELDS.join(', ')})`);
    if (!Array.isArray(list) || list.length === 0) throw new J2GError(`invalid grid field ${field}: expected a non-empty list of values`);
    const bad = (v: unknown, expected: string) => new J2GError(`invalid grid field ${field}: ${JSON.stringify(v)} (expected ${expected})`);
    for (const v of list) {
      switch (field as GridField) {
        case 'system':
          if (!ds.rows.systems.some((s) => s.system === v)) throw bad(v, `a system of systems.csv: ${ds.rows.systems.map((s) => s.system).join(', ')}`);
          break;
        case 'judge':
          if (!judgesOf(ds).has(v as string)) throw bad(v, `a judge of judgments.csv: ${[...judgesOf(ds)].join(', ')}`);
          break;
        case 'judgmentReference': case 'timeReference':
          if (!(REFERENCES as readonly unknown[]).includes(v)) throw bad(v, REFERENCES.join(' or '));
          break;
        case 'policy':
          if (typeof v !== 'string' || policyFromText(v) === null) throw bad(v, 'pass@k or m-of-n');
          break;
        case 'tieCredit':
          if (!(typeof v === 'number' && v >= 0 && v <= 1)) throw bad(v, 'a number from 0 to 1');
          break;
        case 'weights':
          if (!(['gdp', 'employment', 'equal'].includes(v as string) || (isObject(v) && isObject(v.custom)))) throw bad(v, 'gdp, employment, equal or {"custom": {occupation: weight}}');
          break;
        case 'rates':
          if (!(v === 'recorded' || (typeof v === 'number' && v >= 0 && Number.isFinite(v))
            || (isObject(v) && typeof v.label === 'string' && typeof v.usdPerNodeHour === 'number' && v.usdPerNodeHour >= 0 && Number.isFinite(v.usdPerNodeHour)))) {
            throw bad(v, '"recorded", a USD per node-hour >= 0, or {"label": "...", "usdPerNodeHour": USD}');
          }
          break;
      }
    }
    const labels = list.map((v) => gridLabel(field as GridField, v as GridValue));
    const twice = labels.find((l, i) => labels.indexOf(l) !== i);
    if (twice !== undefined) throw new J2GError(`invalid grid field ${field}: ${twice} is listed twice`);
    out[field as GridField] = list as GridValue[];
  }
  return out;
}

/**
 * The policies a system supports: pass@1 .. pass@n and the thresholds 2-of-n .. n-of-n, n its fewest
 * attempts on a task (1-of-n credits and charges exactly as pass@n, so it is not listed twice).
 * @example systemPolicies(4) // => ['pass@1', 'pass@2', 'pass@3', 'pass@4', '2-of-4', '3-of-4', '4-of-4']
 */
export function systemPolicies(n: number): string[] {
  const out: string[] = [];
  for (let k = 1; k <= n; k++) out.push(`pass@${k}`);
  for (let m = 2; m <= n; m++) out.push(`${m}-of-${n}`);
  return out;
}

/**
 * The default grid (issue #26): every judge of the dataset (the primary judge first) x the three
 * weight schemes x both judgment references (times follow) x the attempt policies of every system
 * (the union of `systemPolicies` over the systems) x the tie credits 1 (the paper's: "a tie receives
 * the full output dollar value") and 0 (ties count as losses: the choice the paper calls conservative
 * the other way, section 2.2) x the recorded rates and each row of `sweep`.
 */
export function defaultGrid(ctx: ScenarioContext, sweep: readonly NodeRate[] = []): Grid {
  const ds = ctx.dataset;
  const judges = [ctx.dataset.manifest.primary_judge, ...[...judgesOf(ds)].filter((j) => j !== ds.manifest.primary_judge)].filter((j) => judgesOf(ds).has(j));
  const attempts = new Set<number>();
  for (const s of ds.rows.systems) {
    let n = Infinity;
    for (const list of runsOfSystem(ds, s.system).values()) n = Math.min(n, list.length);
    if (Number.isFinite(n)) attempts.add(n);
  }
  const policies: string[] = [];
  for (const n of [...attempts].sort((a, b) => a - b)) for (const p of systemPolicies(n)) if (!policies.includes(p)) policies.push(p);
  const order = (p: string) => { const x = policyFromText(p)!; return x.kind === 'pass' ? [0, x.k, 0] : [1, x.n, x.m]; };
  policies.sort((a, b) => { const x = order(a), y = order(b); return x[0] - y[0] || x[1] - y[1] || x[2] - y[2]; });
  return {
    judge: judges,
    weights: ['gdp', 'employment', 'equal'],
    judgmentReference: [...REFERENCES],
    policy: policies,
    tieCredit: [1, 0],
    rates: ['recorded', ...sweep.map((r) => ({ label: r.label, usdPerNodeHour: r.usdPerNodeHour }))],
  };
}

/**
 * Replacement rates of a node rate as a scenario pairs them (scenario/resolve.ts systemPricing): the
 * systems of `system`'s node type (accelerator and count) that have a recorded node rate to re-price
 * from; every other system keeps its recorded cost.
 */
export function ratesAt(ctx: ScenarioContext, system: string, usdPerNodeHour: number): { bySystem: Record<string, number> } {
  const rows = ctx.dataset.rows.systems;
  const primary = rows.find((s) => s.system === system)!;
  const type = nodeTypeKey(primary.accelerator, primary.accelerator_count);
  const bySystem: Record<string, number> = {};
  for (const s of rows) if (nodeTypeKey(s.accelerator, s.accelerator_count) === type && s.node_rate_usd_per_hour !== null) bySystem[s.system] = usdPerNodeHour;
  return { bySystem };
}

/** Every specification of a checked grid over `root` (the context the grid's fields are left out of). */
export function specifications(root: ScenarioContext, grid: Grid): Specification[] {
  const fields = GRID_FIELDS.filter((f) => grid[f] !== undefined);
  const out: Specification[] = [];
  const total = fields.reduce((n, f) => n * grid[f]!.length, 1);
  const width = Math.max(3, String(total).length);
  const at = new Array<number>(fields.length).fill(0);
  for (let s = 0; s < total; s++) {
    let r = s;
    for (let j = fields.length - 1; j >= 0; j--) { at[j] = r % grid[fields[j]]!.length; r = Math.floor(r / grid[fields[j]]!.length); }
    const values: Specification['values'] = {}, labels: Specification['labels'] = {};
    fields.forEach((f, j) => { values[f] = grid[f]![at[j]]; labels[f] = gridLabel(f, values[f]!); });
    const patch: ContextPatch = {};
    if (values.system !== undefined) patch.system = values.system as string;
    if (values.judge !== undefined) patch.judge = values.judge as string;
    if (values.judgmentReference !== undefined) patch.judgmentReference = values.judgmentReference as Reference;
    if (values.timeReference !== undefined) patch.timeReference = values.timeReference as Reference;
    if (values.policy !== undefined) patch.policy = policyFromText(values.policy as string) as AttemptPolicy;
    if (values.tieCredit !== undefined) patch.tieCredit = values.tieCredit as number;
    if (values.weights !== undefined) patch.weights = (isObject(values.weights) ? { custom: (values.weights as { custom: Record<string, number> }).custom } : values.weights) as WeightScheme;
    const rate = values.rates;
    if (rate !== undefined && rate !== 'recorded') {
      const usd = typeof rate === 'number' ? rate : (rate as { usdPerNodeHour: number }).usdPerNodeHour;
      patch.rates = ratesAt(root, patch.system ?? root.system, usd);
    }
    out.push({ id: `s${String(s + 1).padStart(width, '0')}`, values, labels, patch });
  }
  return out;
}

/**
 * The `j2g tables` flags that compute the same scenario as a specification (for specs.csv and the
 * test that checks each specification's Table 1 against `j2g tables`). Custom weights have no flag
 * (a weights file does): null then.
 * @example specFlags({ id: 's001', values: { policy: '3-of-4' }, labels: { policy: '3-of-4' }, patch: {} }) // => ['--policy', '3-of-4']
 */
export function specFlags(spec: Specification): string[] | null {
  const out: string[] = [];
  for (const f of GRID_FIELDS) {
    const v = spec.values[f];
    if (v === undefined) continue;
    if (f === 'weights' && typeof v !== 'string') {
      const file = fileOf(v);
      if (file === undefined) return null;
      out.push('--weights', file);
      continue;
    }
    if (f === 'rates') {
      if (v === 'recorded') continue;
      out.push('--rate', String(typeof v === 'number' ? v : (v as { usdPerNodeHour: number }).usdPerNodeHour));
      continue;
    }
    const flag = { system: '--system', judge: '--judge', weights: '--weights', judgmentReference: '--judgment-reference', timeReference: '--time-reference', policy: '--policy', tieCredit: '--tie-credit' }[f];
    out.push(flag, f === 'policy' ? policyText(policyFromText(v as string)!) : String(v));
  }
  return out;
}

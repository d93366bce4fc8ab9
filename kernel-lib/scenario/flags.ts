/**
 * Command-line flags onto scenario fields, one to one (`j2g tables`, `j2g compare`):
 *
 *   --data DIR                 dataset
 *   --system ID                system
 *   --judge ID                 judge
 *   --judgment-reference R     judgmentReference
 *   --time-reference R         timeReference
 *   --policy P                 policy (pass@k | m-of-n)
 *   --tie-credit T             tieCredit (0..1; 1 the paper's, 0 ties count as losses)
 *   --weights W                weights: gdp | employment | equal, any other value {file: W}
 *   --rate USD                 rates.nodeRateUSDPerHour
 *   --rate SYSTEM=USD          rates.bySystem[SYSTEM] (repeatable)
 *   --node-rates FILE          rates.nodeTypesFile
 *   --rates FILE               rates.sweepFile (Table 5)
 *   --draws N, --seed S        draws, seed
 *   --win-tie-interval M       winTieInterval
 *   --latency-max S            qaij.latencyMaxS
 *   --noise SOURCES            noise: tasks | a comma list of attempts, grading, meter:EPS:BETA
 *
 * Flags given beside `--scenario FILE` override that file's fields (rates.bySystem key by key).
 * Values are passed to the schema as typed as they can be read (a number where a number is meant), so
 * that a bad one is refused by the schema with the flag's name: `--draws: "x" is not allowed (...)`.
 */
import { J2GError } from '../errors.ts';
import { DECIMAL } from '../data/fields.ts';
import { WEIGHT_NAMES } from './schema.ts';
import { noiseFromText } from '../uncertainty/noise.ts';

/** Flag name (without --) of each scenario field. */
export const SCENARIO_FLAGS: Record<string, string> = {
  dataset: 'data',
  system: 'system',
  judge: 'judge',
  judgmentReference: 'judgment-reference',
  timeReference: 'time-reference',
  policy: 'policy',
  tieCredit: 'tie-credit',
  weights: 'weights',
  'rates.nodeRateUSDPerHour': 'rate',
  'rates.bySystem': 'rate',
  'rates.nodeTypesFile': 'node-rates',
  'rates.sweepFile': 'rates',
  draws: 'draws',
  seed: 'seed',
  winTieInterval: 'win-tie-interval',
  'qaij.latencyMaxS': 'latency-max',
  noise: 'noise',
};

/** Option names `parseArgs` needs: every single-valued scenario flag (`rate` is repeatable). */
export const SCENARIO_VALUE_FLAGS = [...new Set(Object.values(SCENARIO_FLAGS))].filter((f) => f !== 'rate');

/**
 * How a CLI error names a field: the flag, then the field (`--policy (scenario field policy)`).
 * @example flagFieldName('rates.bySystem.sysX') // => '--rate sysX=USD (scenario field rates.bySystem.sysX)'
 */
export function flagFieldName(field: string): string {
  const by = /^rates\.bySystem\.(.+)$/s.exec(field);
  if (by) return `--rate ${by[1]}=USD (scenario field ${field})`;
  const flag = SCENARIO_FLAGS[field];
  return flag ? `--${flag} (scenario field ${field})` : `scenario field ${field}`;
}

/** `--noise` text as the field's object; text that does not read is passed on for the schema to refuse with the flag's name. */
function noiseFlag(text: string): unknown {
  try {
    const n = noiseFromText(text);
    return { attempts: n.attempts, grading: n.grading, meter: n.meter };
  } catch {
    return text;
  }
}

/**
 * How a CLI error names a field when flags sit over a scenario file: the flag when one set the field
 * (flagFieldName), else the file's line (`fileWhere`, scenario/files.ts readScenarioFileAt), else the flag
 * that could have set it.
 * @example flagOrFileFieldName({ policy: 'pass@2' }, (f) => `s.json:3: scenario field ${f}`)('draws') // => 's.json:3: scenario field draws'
 */
export function flagOrFileFieldName(options: Record<string, string | string[] | undefined>, fileWhere?: (field: string) => string): (field: string) => string {
  return (field) => {
    const key = /^rates\.bySystem\./.test(field) ? 'rates.bySystem' : field;
    const flag = SCENARIO_FLAGS[key];
    const given = flag !== undefined && (Array.isArray(options[flag]) ? (options[flag] as string[]).length > 0 : options[flag] !== undefined);
    return given || !fileWhere ? flagFieldName(field) : fileWhere(field);
  };
}

const asNumber = (v: string): number | string => (DECIMAL.test(v) && Number.isFinite(Number(v)) ? Number(v) : v);

/**
 * The scenario fields that flags set, merged over `base` (a scenario file's object, or {}).
 * @example scenarioFromFlags({ policy: 'pass@2', rate: [] }, { dataset: 'd', policy: 'pass@1' }).policy // => 'pass@2'
 */
export function scenarioFromFlags(options: Record<string, string | string[] | undefined>, base: Record<string, unknown> = {}): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  const set = (field: string, v: unknown) => {
    if (v !== undefined) out[field] = v;
  };
  const text = (flag: string) => (typeof options[flag] === 'string' ? (options[flag] as string) : undefined);
  set('dataset', text('data'));
  set('system', text('system'));
  set('judge', text('judge'));
  set('judgmentReference', text('judgment-reference'));
  set('timeReference', text('time-reference'));
  set('policy', text('policy'));
  const tc = text('tie-credit');
  if (tc !== undefined) out.tieCredit = asNumber(tc);
  const w = text('weights');
  if (w !== undefined) out.weights = (WEIGHT_NAMES as readonly string[]).includes(w) ? w : { file: w };
  const d = text('draws');
  if (d !== undefined) out.draws = asNumber(d);
  const s = text('seed');
  if (s !== undefined) out.seed = asNumber(s);
  set('winTieInterval', text('win-tie-interval'));
  const l = text('latency-max');
  if (l !== undefined) out.qaij = { ...(base.qaij as object | undefined), latencyMaxS: asNumber(l) };
  const n = text('noise');
  if (n !== undefined) out.noise = noiseFlag(n);
  const rateValues = Array.isArray(options.rate) ? options.rate : typeof options.rate === 'string' ? [options.rate] : [];
  const nodeRates = text('node-rates');
  const sweep = text('rates');
  if (rateValues.length || nodeRates !== undefined || sweep !== undefined) {
    const baseRates = (base.rates ?? {}) as Record<string, unknown>;
    const rates: Record<string, unknown> = { ...baseRates };
    const bySystem: Record<string, unknown> = { ...(baseRates.bySystem as object | undefined) };
    const given = new Set<string>();
    let plain = false;
    for (const v of rateValues) {
      const eq = v.indexOf('=');
      if (eq > 0) {
        const system = v.slice(0, eq);
        if (given.has(system)) throw new J2GError(`--rate ${system}=... given twice (${rateValues.filter((r) => r.startsWith(`${system}=`)).join(', ')}): give each system's rate once`);
        given.add(system);
        // defined, not assigned: a system named __proto__ is a key like any other
        Object.defineProperty(bySystem, system, { value: asNumber(v.slice(eq + 1)), enumerable: true, writable: true, configurable: true });
      } else {
        if (plain) throw new J2GError(`--rate USD given twice (${rateValues.filter((r) => !r.includes('=') || r.indexOf('=') === 0).join(', ')}): give it once`);
        plain = true;
        rates.nodeRateUSDPerHour = asNumber(v);
      }
    }
    if (Object.keys(bySystem).length) rates.bySystem = bySystem;
    if (nodeRates !== undefined) rates.nodeTypesFile = nodeRates;
    if (sweep !== undefined) rates.sweepFile = sweep;
    out.rates = rates;
  }
  return out;
}

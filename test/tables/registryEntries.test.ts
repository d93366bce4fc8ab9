/**
 * The words of the table registry (tables/registry.ts, the TABLES list and `entry`): each entry's
 * number, name and title, kind, core flag, key columns, `needs` and `dependsOn`, which captions,
 * compare and the explorer read but which the other tables tests never look at.
 *
 * Oracles, none of them the registry's own output:
 * - the paper: its list of "Table N:" captions (quoted by hand below; the paper is not in the repository)
 *   is the list of numbers, and words that each caption uses for what its table reports must be in
 *   the entry's subject (a hand-chosen list, each word checked against the quoted caption too);
 * - each entry's builder, run on synthetic-small: the key columns are columns of the built table and
 *   together name its rows uniquely (a property), also under another system and the other reference;
 *   `interval` tables have `_lo`/`_hi` columns and `point` ones none;
 * - `needs`: the builder run on synthetic-small with one input removed (a second judge and second
 *   attempts; expert-with-AI judgments and times; a second category; the node rate; the sweep; the
 *   judgment of a first attempt) refuses exactly the tables whose needs name that input, and a table
 *   that needs nothing builds on every dataset but the last;
 * - `dependsOn`: each context field changed on its own (another system, judge, reference, policy,
 *   weights, node rate, sweep, win-tie interval, noise): the fields that move a table's output (or make
 *   its builder refuse) are listed, and every listed field moves it, but for three listed fields
 *   written below with the reason they do not move synthetic-small's tables.
 * All tables are built inside the tests (the registry's mutants are static: they run when the module
 * loads, so each reruns every test of the file).
 */
import { afterEach, describe, expect, test } from 'vitest';
import { loadDataset } from '../../kernel-lib/data/load.ts';
import { UnsupportedOutputError } from '../../kernel-lib/errors.ts';
import type { TableOptions } from '../../kernel-lib/tables/options.ts';
import type { TableEntry } from '../../kernel-lib/tables/registry.ts';
import { clearWarnings, onWarning } from '../../kernel-lib/warn.ts';
import { SMALL, editedDataset } from '../helpers/dataset.ts';
import { CONTEXT_VARIANTS } from '../helpers/contextVariants.ts';

onWarning(null);
afterEach(() => clearWarnings());

// The registry is imported inside each test, not at the top: an entry that throws while the module
// loads (a subject made '' makes `subject[0]` undefined) then fails these tests, where a failed import
// of the whole file is not counted as a failing test by Stryker's vitest runner (docs/mutation.md).
let TABLES: readonly TableEntry[] = [];
async function loadRegistry(): Promise<readonly TableEntry[]> {
  TABLES = (await import('../../kernel-lib/tables/registry.ts')).TABLES;
  return TABLES;
}

// The paper's tables (Joules-to-GDP, every "Table N:" caption it has, in order), quoted from their
// captions and, for Table 19, its rows; copied by hand, lowercased, dashes as '-'
const PAPER_TABLES: ReadonlyMap<string, string> = new Map([
  ['1', 'ai-system execution cost, ai-system completion time, and energy are gdp-weighted task averages; the three efficiency ratios share each system\'s net-dollar-value numerator.'],
  ['2', 'the three judges agree on 72-77% of exact outcomes. exact agreement retains win/tie/loss; binary win-tie agreement collapses wins and ties into one category.'],
  ['5', 'published node tariffs change calculated costs without changing category nvj order. for the same recorded glm 5.2 tasks, only the node-hour price is changed'],
  ['13', 'category-normalized gdp-based task averages, expert-only reference. applying (g-c)/e and s/e to the underlying unrounded components reproduces the nvj and tsj point estimates'],
  ['14', 'computer & mathematical leads net value per ai dollar and per ai hour across occupation categories.'],
  ['15', 'occupation-level economic returns vary widely across the evaluated work. win-tie is the fraction of an occupation\'s evaluated tasks judged a win or tie.'],
  ['16', 'the nvj leader survives one-task deletions more often than the tsj leader. across 10,000 independently drawn portfolios, one task is chosen uniformly from each category'],
  ['17', 'expert-with-ai judgments and completion times each lower reported nvj and tsj. the mixed-reference rows separate judgment and valuation effects.'],
  ['18', 'changing both judgments and times reduces nvj by 70.2% and tsj by 65.0%. every change substitutes the expert-with-ai reference for the expert-only reference. values are percentage reductions'],
  ['19', 'four attempts increase output dollar value but reduce nvj and tsj. rows: pass@1, pass@2, pass@3, pass@4'],
  ['20', 'stricter four-run thresholds reduce credited output dollar value and returns at fixed energy. glm 5.2 uses the expert-only reference.'],
  ['21', 'stricter four-run thresholds turn nvj negative against the expert-with-ai reference.'],
  ['22', 'most measured time saving occurs between the assisted expert reference and autonomous ai output. gdp-weighted task-average decomposition under pass@1.'],
]);

// What each table reports, in words the paper uses for it (caption or table body), by paper number
const REPORTS: Record<string, string[]> = {
  '1': ['task averages', 'system'],
  '2': ['judge', 'agreement'],
  '5': ['node-hour', 'cost', 'nvj', 'same'],
  '13': ['category', 'components'],
  '14': ['net value per ai dollar', 'per ai hour', 'categor'],
  '15': ['occupation', 'win-tie'],
  '16': ['portfolios'],
  '17': ['judgments', 'times', 'reference'],
  '18': ['reduc', 'expert-only', 'expert-with-ai'],
  '19': ['pass@'],
  '20': ['thresholds', 'expert-only'],
  '21': ['thresholds', 'expert-with-ai'],
  '22': ['decomposition', 'reference'],
};

const SWEEP = [{ label: 'x', usdPerNodeHour: 5 }];
const BASE = { bootstrap: { draws: 200, seed: 7 }, sweep: SWEEP, system: 'sysX', judge: 'J1', judgmentReference: 'expert_only', timeReference: 'expert_only', policy: 'pass@1', weights: 'gdp', winTieInterval: 'wilson' } as const;

/** A table's rows as JSON, or the refusal's message. */
function built(name: string, options: TableOptions): string {
  const e = TABLES.find((t) => t.name === name)!;
  try {
    return JSON.stringify(e.build(options as never).objects());
  } catch (x) {
    return `refused: ${(x as Error).message}`;
  }
}

describe('numbers and titles against the paper', () => {
  test('the entries are the paper\'s tables, in its order, named tableNN, titled "Table N: <subject>"', async () => {
    await loadRegistry();
    const paper = PAPER_TABLES;
    expect([...paper.keys()]).toEqual(['1', '2', '5', '13', '14', '15', '16', '17', '18', '19', '20', '21', '22']);
    expect(TABLES.map((t) => t.number)).toEqual([...paper.keys()]);
    for (const t of TABLES) {
      expect(t.name, t.number).toBe(`table${t.number.padStart(2, '0')}`);
      expect(t.subject.length, t.name).toBeGreaterThan(4);
      expect(t.title, t.name).toBe(`Table ${t.number}: ${t.subject.charAt(0).toLowerCase()}${t.subject.substring(1)}`);
    }
    expect(TABLES.find((t) => t.number === '13')!.title).toBe('Table 13: category components and ratios');
  });

  test('the registry loads with its 13 entries; a figure\'s name is no table', async () => {
    const { TABLES: all, tableEntry } = await import('../../kernel-lib/tables/registry.ts');
    expect(all.length).toBe(PAPER_TABLES.size);
    // a name that only ends in a table's number ("figure 13") is not that table
    expect(() => tableEntry('figure 13')).toThrow('no paper table "figure 13"');
    expect(() => tableEntry('x1')).toThrow('no paper table "x1"');
  });

  test('each subject names what the paper\'s table reports (words found in both)', async () => {
    await loadRegistry();
    const paper = PAPER_TABLES;
    for (const t of TABLES) {
      const words = REPORTS[t.number];
      expect(words, t.name).toBeDefined();
      const subject = t.subject.toLowerCase();
      for (const w of words) {
        expect(paper.get(t.number), `paper Table ${t.number}: ${w}`).toContain(w);
        expect(subject, `${t.name}: ${w}`).toContain(w);
      }
    }
  });
});

describe('kind, core and key columns against the built tables', () => {
  test('interval tables have _lo/_hi columns, point tables none; Table 16 is percentiles only', async () => {
    await loadRegistry();
    const dataset = loadDataset(SMALL);
    for (const t of TABLES) {
      const cols = t.build({ dataset, ...BASE } as never).columnNames();
      const bounds = cols.some((c) => /_(lo|hi)$/.test(c));
      const percentiles = cols.some((c) => /_p\d\d$/.test(c));
      // Table 16: "Percentile ranges describe these perturbations" (paper), every number a draw statistic
      const kind = percentiles && !bounds ? 'interval-only' : bounds ? 'interval' : 'point';
      expect(t.kind, `${t.name}: ${cols.join(',')}`).toBe(kind);
    }
  });

  test('core tables: per system (1), per category (13), per occupation (15), the ones j2g tables requires', async () => {
    await loadRegistry();
    expect(TABLES.filter((t) => t.core).map((t) => t.name)).toEqual(['table01', 'table13', 'table15']);
    expect(TABLES.every((t) => t.core === true || t.core === false)).toBe(true);
  });

  test('key columns are columns of the built table and name each row once, under either system and reference', async () => {
    await loadRegistry();
    const dataset = loadDataset(SMALL);
    const variants = [{}, { system: 'sysY' }, { judgmentReference: 'expert_with_ai', timeReference: 'expert_with_ai' }];
    let checked = 0;
    for (const t of TABLES) {
      expect(t.keyColumns.length, t.name).toBeGreaterThan(0);
      for (const v of variants) {
        let table;
        try {
          table = t.build({ dataset, ...BASE, ...v } as never);
        } catch (x) {
          if (x instanceof UnsupportedOutputError) continue;
          throw x;
        }
        const cols = table.columnNames();
        for (const c of t.keyColumns) expect(cols, `${t.name} ${JSON.stringify(v)}`).toContain(c);
        const rows = table.objects() as Record<string, unknown>[];
        // synthetic-small gives every table two or more rows under the base scenario (a key of [] would repeat)
        if (v === variants[0]) expect(rows.length, t.name).toBeGreaterThan(1);
        const keys = rows.map((r) => JSON.stringify(t.keyColumns.map((c) => r[c])));
        expect(new Set(keys).size, `${t.name} ${JSON.stringify(v)}: ${keys.join(' ')}`).toBe(rows.length);
        for (const r of rows) for (const c of t.keyColumns) expect(typeof r[c], `${t.name}.${c}`).toBe('string');
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(TABLES.length);
  });

  test('a key of two columns needs both (Tables 17 and 18): neither alone names the rows', async () => {
    await loadRegistry();
    const dataset = loadDataset(SMALL);
    for (const name of ['table17', 'table18']) {
      const t = TABLES.find((e) => e.name === name)!;
      expect(t.keyColumns.length).toBe(2);
      const rows = t.build({ dataset, ...BASE } as never).objects() as Record<string, unknown>[];
      for (const c of t.keyColumns) expect(new Set(rows.map((r) => r[c])).size, `${name}.${c}`).toBeLessThan(rows.length);
    }
  });
});

const keep = (f: (l: string) => boolean) => (s: string) => s.split('\n').filter((l, i) => i === 0 || l === '' || f(l)).join('\n');
const SECOND_ATTEMPT = /^\w+a2,/;
// one input removed from synthetic-small each, and the words of `needs` that name it
const REDUCED: { input: string; need: RegExp; edits: Record<string, (s: string) => string>; options?: Partial<TableOptions> }[] = [
  { input: 'J2 and second attempts', need: /two judges.*two judged attempts/, edits: { 'judgments.csv': keep((l) => !l.includes(',J2,') && !SECOND_ATTEMPT.test(l)), 'runs.csv': keep((l) => !SECOND_ATTEMPT.test(l)) } },
  { input: 'expert-with-AI judgments and times', need: /expert-with-AI judgments and times/, edits: { 'judgments.csv': keep((l) => !l.includes('expert_with_ai')), 'tasks.csv': (s) => s.replace(/^(\w+,\w+,[\d.]+),[\d.]+$/gm, '$1,') } },
  { input: 'a second category', need: /two or more categories with a positive weight/, edits: { 'occupations.csv': (s) => s.replace(/,Cat2,/g, ',Cat1,') } },
  { input: 'sysX\'s node rate', need: /node_rate_usd_per_hour for the system/, edits: { 'systems.csv': (s) => s.replace(/,10$/m, ',') } },
  { input: 'the sweep', need: /rates sweep/, edits: {}, options: { sweep: undefined } },
];

describe('needs: removing the input an entry needs makes its builder refuse', () => {
  test('each input removed refuses exactly the tables whose needs name it', async () => {
    await loadRegistry();
    const never = new Set(TABLES.map((t) => t.name));
    for (const r of REDUCED) {
      const dataset = loadDataset(editedDataset(r.edits));
      const refused = TABLES.filter((t) => built(t.name, { dataset, bootstrap: false, sweep: SWEEP, ...r.options }).startsWith('refused')).map((t) => t.name);
      expect(refused.length, r.input).toBeGreaterThan(0);
      expect(refused, r.input).toEqual(TABLES.filter((t) => t.needs.some((n) => r.need.test(n))).map((t) => t.name));
      for (const n of refused) never.delete(n);
    }
    // the tables no removal refuses need nothing; the ones some removal refuses need something
    for (const t of TABLES) expect(t.needs.length === 0, t.name).toBe(never.has(t.name) && !['table19', 'table20'].includes(t.name));
  });

  test('pass@k and threshold tables need judged attempts: a first attempt unjudged refuses them', async () => {
    await loadRegistry();
    const dataset = loadDataset(editedDataset({ 'judgments.csv': keep((l) => !/^xA1a1,expert_only,J1,/.test(l)) }));
    for (const name of ['table19', 'table20']) expect(built(name, { dataset, bootstrap: false })).toMatch(/^refused: run xA1a1 .* has no expert_only judgment by J1/);
    expect(TABLES.filter((t) => t.needs.includes('judged attempts')).map((t) => t.name)).toEqual(['table19', 'table20']);
    // with judged attempts they build
    for (const name of ['table19', 'table20']) expect(built(name, { dataset: loadDataset(SMALL), bootstrap: false })).not.toMatch(/^refused/);
  });

  test('a sweep without the system\'s node type, a table that needs nothing builds wherever its inputs are', async () => {
    await loadRegistry();
    const t05 = TABLES.find((t) => t.name === 'table05')!;
    expect(t05.needs.some((n) => /rates sweep with a rate for the system's node type/.test(n))).toBe(true);
    const dataset = loadDataset(SMALL);
    for (const t of TABLES.filter((e) => e.needs.length === 0)) expect(built(t.name, { dataset, bootstrap: false }), t.name).not.toMatch(/^refused/);
  });
});

// One field changed at a time (bootstrap's draws and seed are no entry's dependsOn: captions state them with the intervals)
const VARIANTS = CONTEXT_VARIANTS;
// Listed but not moving synthetic-small's table, each for a reason (the entries share EVALUATION's list):
// Table 15's rows average each occupation's own tasks, so occupation weights do not enter them;
// Table 16's ranks of two categories under equal weights and another node rate come out the same;
// Tables 21 and 22 judge against the expert-with-AI reference, where synthetic-small has no tie.
const LISTED_STILL: Record<string, string[]> = { table15: ['weights'], table16: ['weights', 'rates'], table21: ['tieCredit'], table22: ['tieCredit'] };

describe('dependsOn: the context fields that move each table', () => {
  test('a field moves a table (or makes it refuse) exactly when its entry lists it', async () => {
    await loadRegistry();
    const dataset = loadDataset(SMALL);
    for (const t of TABLES) {
      const base = built(t.name, { dataset, ...BASE } as TableOptions);
      expect(base, t.name).not.toMatch(/^refused/);
      const moved = Object.entries(VARIANTS).filter(([, v]) => built(t.name, { dataset, ...BASE, ...v } as TableOptions) !== base).map(([f]) => f);
      const still = LISTED_STILL[t.name] ?? [];
      expect([...t.dependsOn].filter((f) => !still.includes(f)).sort(), t.name).toEqual(moved.sort());
      for (const f of still) expect(t.dependsOn, t.name).toContain(f);
    }
  });
});

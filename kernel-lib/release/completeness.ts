/**
 * What a valid dataset still lacks for the tables of the default scenario (`j2g validate --complete`).
 *
 * `loadDataset` checks that every row is well formed and every reference resolves; it does not ask
 * whether the tables can be computed. A run without its primary judge's judgment, an `expert_ai_hours`
 * left empty for one task, or a task with fewer attempts than a policy charges passes the schema and
 * fails (or skips tables) later. `checkCompleteness` names each such piece at its file, line and
 * column, before anything is computed:
 *
 * - judgments: every run of every system has a judgment by the primary judge (manifest
 *   `primary_judge`) against each reference in use (`expert_only` always; `expert_with_ai` when any
 *   judgment or any `expert_ai_hours` uses it);
 * - expert-with-AI times: all or none (`expert_ai_hours` empty for some tasks and not others);
 * - runs and attempts: every task has a run on every system, and at least as many attempts as the
 *   policies in use charge (pass@1 by default; `policies` adds others);
 * - the tables themselves: each table of the registry is built under the default scenario (point
 *   estimates only); a core table that cannot be built is a problem, another that the dataset cannot
 *   support is listed with its reason (`skipped`).
 *
 * Not problems, reported beside them: validity flags of the runs (`validity` column written by `j2g
 * energy` and `j2g import`) counted per system and code; occupations with one task (the
 * task-composition bootstrap resamples within occupations, so such an occupation never varies, and
 * when every occupation has one task every interval is zero-width); attempts that differ between tasks.
 *
 * @example checkCompleteness(loadDataset('data/recorded/synthetic-small')).problems // => []
 */
import { pushAll } from '../arrays.ts';
import { type ValidationIssue } from '../errors.ts';
import { readCsvColumns } from '../io/csv.ts';
import { nodeFs, nodePath } from '../io/node.ts';
import { attemptsCharged, policyLabel, PASS_AT_1, type AttemptPolicy } from '../metrics/policy.ts';
import { buildTables, TABLES } from '../tables/registry.ts';
import { onWarning } from '../warn.ts';
import type { Dataset } from '../data/load.ts';
import { validityCounts } from '../metrics/recordAggregates.ts';
import { boundaryOf } from '../energy/boundary.ts';
import { CROSSCHECK_TOLERANCE } from '../energy/crossCheck.ts';
import { REFERENCES, type Reference } from '../data/schema.ts';

/** Validity codes of one system's runs: how many runs carry each code (a run may carry several). */
export interface SystemFlags {
  system: string;
  runs: number;
  /** runs whose `validity` is neither empty nor `ok` */
  flagged: number;
  /** code -> number of runs carrying it, codes in alphabetical order */
  codes: Record<string, number>;
}

export interface CompletenessReport {
  /** each missing piece, located (file, line, column) */
  problems: ValidationIssue[];
  /** not problems, but worth saying (degenerate intervals, uneven attempts, the builders' own warnings) */
  warnings: string[];
  /** the references whose judgments and times were required */
  references: Reference[];
  /** tables of the default scenario the dataset cannot support (not core), with the reason */
  skipped: Record<string, string>;
  /** validity codes per system, for systems with a `validity` column in runs.csv */
  flags: SystemFlags[];
}

export interface CompletenessOptions {
  /** attempt policies in use besides pass@1 (each task must have attemptsCharged(policy) attempts) */
  policies?: readonly AttemptPolicy[];
  /** build the tables (default true): false checks the located pieces only */
  tables?: boolean;
}

/** The physical line of each data row of `file` in the dataset directory (row i -> line), or null when it cannot be read again. */
function rowLines(ds: Dataset, file: string): ArrayLike<number> | null {
  try {
    const path = nodePath().join(ds.dir, file);
    if (!nodeFs().existsSync(path)) return null;
    return readCsvColumns(path, file).lines;
  } catch {
    return null;
  }
}

/**
 * Check `ds` (already loaded, so valid) for everything the default scenario's tables need; see the
 * file comment. Lines are read again from the dataset's files; a dataset not from a directory
 * (`datasetFromTexts`) is named by row (line = row + 2, the header being line 1).
 */
export function checkCompleteness(ds: Dataset, options: CompletenessOptions = {}): CompletenessReport {
  const { rows, manifest } = ds;
  const judge = manifest.primary_judge;
  const problems: ValidationIssue[] = [];
  const warnings: string[] = [];
  const lines = (file: string) => {
    const l = rowLines(ds, file);
    return (i: number) => l?.[i] ?? i + 2;
  };
  const runLine = lines('runs.csv'), taskLine = lines('tasks.csv'), systemLine = lines('systems.csv');

  // References in use: expert_only always (the default scenario's), expert_with_ai when anything uses it.
  const withAiTimes = rows.tasks.filter((t) => t.expert_ai_hours !== null).length;
  const usesWithAi = withAiTimes > 0 || rows.judgments.some((j) => j.reference === 'expert_with_ai');
  const references: Reference[] = usesWithAi ? [...REFERENCES] : ['expert_only'];

  // Expert-with-AI times: all or none.
  if (usesWithAi && withAiTimes < rows.tasks.length) {
    const why = withAiTimes > 0
      ? `empty while ${withAiTimes} of ${rows.tasks.length} tasks have one; the expert-with-AI reference needs every task's time (all or none)`
      : 'empty while judgments.csv has expert_with_ai judgments; the expert-with-AI reference needs every task\'s time';
    rows.tasks.forEach((t, i) => {
      if (t.expert_ai_hours === null) problems.push({ file: 'tasks.csv', line: taskLine(i), column: 'expert_ai_hours', message: `task "${t.task_id}": ${why}` });
    });
  }

  // Judgments by the primary judge: every run, each reference in use.
  const judged = new Map<Reference, Set<string>>(references.map((r) => [r, new Set<string>()]));
  for (const j of rows.judgments) if (j.judge === judge) judged.get(j.reference)?.add(j.run_id);
  const runsBySystem = new Map<string, number>();
  for (const r of rows.runs) runsBySystem.set(r.system, (runsBySystem.get(r.system) ?? 0) + 1);
  for (const ref of references) {
    const have = judged.get(ref)!;
    // a system none of whose runs is judged is one problem at systems.csv, not one per run
    const judgedSystems = new Set(rows.runs.filter((r) => have.has(r.run_id)).map((r) => r.system));
    rows.systems.forEach((s, i) => {
      // expert_only: every system (Table 1); expert_with_ai: the primary system (Tables 17, 18, 21, 22),
      // other systems only once they have some (then all their runs)
      const required = ref === 'expert_only' || s.system === manifest.primary_system;
      if (required && runsBySystem.has(s.system) && !judgedSystems.has(s.system)) {
        problems.push({ file: 'systems.csv', line: systemLine(i), column: 'system', message: `system "${s.system}" has none of its ${runsBySystem.get(s.system)} runs judged against ${ref} by the primary judge "${judge}" (judgments.csv)` });
      }
    });
    rows.runs.forEach((r, i) => {
      if (judgedSystems.has(r.system) && !have.has(r.run_id)) {
        problems.push({ file: 'runs.csv', line: runLine(i), column: 'run_id', message: `run "${r.run_id}" has no ${ref} judgment by the primary judge "${judge}" (judgments.csv)` });
      }
    });
  }

  // Runs and attempts: every task on every system that ran anything, enough attempts for each policy.
  const policies = [PASS_AT_1, ...(options.policies ?? [])];
  const need = Math.max(...policies.map(attemptsCharged));
  const needBy = policies.filter((p) => attemptsCharged(p) === need).map(policyLabel).join(', ');
  const attempts = new Map<string, { count: number; lastRow: number }>();
  rows.runs.forEach((r, i) => {
    const key = JSON.stringify([r.system, r.task_id]);
    const a = attempts.get(key);
    if (a) { a.count++; a.lastRow = i; } else attempts.set(key, { count: 1, lastRow: i });
  });
  rows.systems.forEach((s, si) => {
    if (!runsBySystem.has(s.system)) {
      problems.push({ file: 'systems.csv', line: systemLine(si), column: 'system', message: `system "${s.system}" has no runs (runs.csv)` });
      return;
    }
    let fewest = Infinity, most = 0, fewestTask = '';
    rows.tasks.forEach((t, ti) => {
      const a = attempts.get(JSON.stringify([s.system, t.task_id]));
      if (!a) {
        problems.push({ file: 'tasks.csv', line: taskLine(ti), column: 'task_id', message: `task "${t.task_id}" has no run on system "${s.system}" (runs.csv); its averages would leave it out` });
        return;
      }
      if (a.count < need) problems.push({ file: 'runs.csv', line: runLine(a.lastRow), column: 'attempt', message: `task "${t.task_id}" has ${a.count} attempt(s) on system "${s.system}", ${needBy} needs ${need}` });
      if (a.count < fewest) { fewest = a.count; fewestTask = t.task_id; }
      most = Math.max(most, a.count);
    });
    if (most > fewest) warnings.push(`system ${s.system}: tasks have ${fewest} to ${most} attempts (task ${fewestTask} has ${fewest}); the policy tables (19-21) use attempts 1..${fewest}`);
  });

  const degenerate = degenerateIntervals(ds);
  if (degenerate) warnings.push(degenerate);
  pushAll(warnings, boundaryMismatches(ds));

  // The tables themselves, under the default scenario, point estimates only.
  const skipped: Record<string, string> = {};
  // the tables are built once the located pieces are there (else they only repeat them)
  const located = problems.length;
  if (located && options.tables !== false) warnings.push(`the tables were not built: the ${located} missing piece(s) come first`);
  if (options.tables !== false && !located) {
    const seen: string[] = [];
    const previous = onWarning((m) => void seen.push(m));
    try {
      const built = buildTables({ dataset: ds, bootstrap: false });
      for (const [name, why] of Object.entries(built.skipped)) {
        const entry = TABLES.find((t) => t.name === name);
        const reason = why.replace(/\n\s*/g, '; ');
        if (entry?.core) problems.push({ file: name, message: `cannot be built under the default scenario: ${reason}` });
        else skipped[name] = reason;
      }
    } finally {
      onWarning(previous);
    }
    for (const m of new Set(seen)) warnings.push(`tables: ${m}`);
  }

  return { problems, warnings, references, skipped, flags: validityFlags(ds) };
}

/**
 * Degenerate intervals: occupations with one task never vary under the task-composition bootstrap,
 * which resamples tasks within each occupation (Appendix K.1); when every occupation has one task
 * every 95% interval is zero-width. The warning, or null when every occupation has two tasks or more.
 * @example degenerateIntervals(loadDataset('data/recorded/synthetic-small')) // => null
 */
export function degenerateIntervals(ds: Pick<Dataset, 'rows'>): string | null {
  const tasksPerOccupation = new Map<string, number>();
  for (const t of ds.rows.tasks) tasksPerOccupation.set(t.occupation, (tasksPerOccupation.get(t.occupation) ?? 0) + 1);
  const single = [...tasksPerOccupation].filter(([, n]) => n === 1).map(([o]) => o);
  if (single.length && single.length === tasksPerOccupation.size) {
    return `every occupation has one task: the task-composition bootstrap resamples tasks within each occupation, so every bootstrap interval is zero-width (lo = hi) and says nothing about uncertainty (Table 15's Wilson win-tie intervals are binomial and still vary)`;
  }
  if (single.length) {
    return `${single.length} of ${tasksPerOccupation.size} occupations have one task (${single.slice(0, 5).join(', ')}${single.length > 5 ? ', ...' : ''}): the bootstrap never varies them, so the intervals understate uncertainty`;
  }
  return null;
}

/**
 * Validity codes (`ok`, or codes joined by `;`: `dram-estimated`, `missing-samples`, ...) counted per
 * system from runs.csv's `validity` column, as `j2g energy` and `j2g import` write it. Empty when no
 * run has the column.
 * @example validityFlags(loadDataset('data/recorded/synthetic-small')) // => []
 */
export function validityFlags(ds: Dataset): SystemFlags[] {
  const out = new Map<string, SystemFlags>();
  // runs per (system, validity cell): from the records, or the engine's aggregates (metrics/recordAggregates.ts)
  const counts = validityCounts(ds);
  if (counts === null) return [];
  for (const { system, validity: v, runs } of counts) {
    let f = out.get(system);
    if (!f) out.set(system, (f = { system, runs: 0, flagged: 0, codes: {} }));
    f.runs += runs;
    const codes = v.split(';').map((c) => c.trim()).filter((c) => c !== '' && c !== 'ok');
    if (codes.length) f.flagged += runs;
    for (const c of codes) f.codes[c] = (f.codes[c] ?? 0) + runs;
  }
  return ds.rows.systems.filter((s) => out.has(s.system)).map((s) => {
    const f = out.get(s.system)!;
    return { ...f, codes: Object.fromEntries(Object.entries(f.codes).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) };
  });
}

/** One line per system: `sysA: 2 of 10 runs flagged (dram-estimated 2, missing-samples 1)`. */
export function formatFlags(flags: readonly SystemFlags[]): string[] {
  return flags.map((f) => {
    const codes = Object.entries(f.codes).map(([c, n]) => `${c} ${n}`).join(', ');
    return `${f.system}: ${f.flagged} of ${f.runs} runs flagged${codes ? ` (${codes})` : ''}`;
  });
}

/** Runs whose two GPU meters `j2g energy` compared, per system, and those flagged over its tolerance. */
export interface SystemCrossCheck {
  system: string;
  runs: number;
  /** runs with a meter_disagreement_rel value */
  checked: number;
  /** the runs flagged meter-disagreement, with their signed relative disagreement */
  over: { run: string; rel: number }[];
  /** the largest |rel| among the checked runs */
  maxAbsRel: number;
}

/** Every run's signed meter disagreement (runs.csv meter_disagreement_rel, energy/crossCheck.ts), where recorded. */
export function meterDisagreements(ds: Dataset): number[] {
  return ds.rows.runs.map((r) => r.extra.meter_disagreement_rel).filter((v) => v !== undefined && v !== '').map(Number);
}

/**
 * Per system, the meter cross-check of its runs (runs.csv `meter_disagreement_rel` and the
 * `meter-disagreement` validity code, as `j2g energy` wrote them); systems without a checked run are left out.
 */
export function meterCrossChecks(ds: Dataset): SystemCrossCheck[] {
  const out = new Map<string, SystemCrossCheck>();
  for (const r of ds.rows.runs) {
    const v = r.extra.meter_disagreement_rel;
    if (v === undefined || v === '') continue;
    let s = out.get(r.system);
    if (!s) out.set(r.system, (s = { system: r.system, runs: ds.rows.runs.filter((x) => x.system === r.system).length, checked: 0, over: [], maxAbsRel: 0 }));
    s.checked++;
    s.maxAbsRel = Math.max(s.maxAbsRel, Math.abs(Number(v)));
    if ((r.extra.validity ?? '').split(';').includes('meter-disagreement')) s.over.push({ run: r.run_id, rel: Number(v) });
  }
  return ds.rows.systems.filter((s) => out.has(s.system)).map((s) => out.get(s.system)!);
}

/** One line per system: `sysA: 1 of 4 cross-checked runs over the 10% tolerance (a-t2 +0.200); largest |disagreement| 0.200`. */
export function formatCrossChecks(checks: readonly SystemCrossCheck[]): string[] {
  const signed = (x: number) => `${x >= 0 ? '+' : ''}${x.toFixed(3)}`;
  return checks.map((c) => `${c.system}: ${c.over.length} of ${c.checked} cross-checked runs over the ${CROSSCHECK_TOLERANCE * 100}% tolerance${c.over.length ? ` (${c.over.map((o) => `${o.run} ${signed(o.rel)}`).join(', ')})` : ''}; largest |disagreement| ${c.maxAbsRel.toFixed(3)}${c.checked < c.runs ? `; ${c.runs - c.checked} runs not cross-checked` : ''}`);
}

/** The energy components runs.csv can record (as `j2g energy` and `j2g import` write them). */
export const COMPONENT_COLUMNS = { gpu: 'energy_gpu_mj', cpu: 'energy_cpu_mj', dram: 'energy_dram_mj' } as const;

/**
 * Which energy components each system's runs really cover, from runs.csv's component columns (a
 * component a tool did not measure is an empty cell): per system, each distinct component set with its
 * run count, as a label (`gpu+cpu+dram`, `gpu`). The manifest's `energy_boundary` names a profile
 * (device, system, ...); this says what a trace covered: a GPU-only trace is the device profile, a
 * GPU+CPU+DRAM one the system profile as far as it was metered (energy/boundary.ts boundaryOf).
 * Empty when runs.csv has none of the columns.
 * @example energyComponents(loadDataset('data/recorded/synthetic-small')) // => []
 */
export function energyComponents(ds: Dataset): { system: string; label: string; runs: number }[] {
  const names = Object.entries(COMPONENT_COLUMNS);
  if (!ds.rows.runs.some((r) => names.some(([, c]) => r.extra[c] !== undefined))) return [];
  const counts = new Map<string, number>();
  for (const r of ds.rows.runs) {
    const label = names.filter(([, c]) => (r.extra[c] ?? '') !== '').map(([n]) => n).join('+') || 'none recorded';
    const key = JSON.stringify([r.system, label]);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const order = new Map(ds.rows.systems.map((s, i) => [s.system, i]));
  return [...counts].map(([k, runs]) => {
    const [system, label] = JSON.parse(k) as [string, string];
    return { system, label, runs };
  }).sort((a, b) => order.get(a.system)! - order.get(b.system)! || (a.label < b.label ? -1 : a.label > b.label ? 1 : 0));
}

/**
 * Runs whose metered components are of another profile than the manifest's `energy_boundary` says
 * (energy/boundary.ts: GPU only is `device`; with the host's CPU or DRAM, `system`): one warning per
 * system and component set. Only `device` and `system` manifests are checked (a facility or lifecycle
 * boundary is not read off the components).
 * @example boundaryMismatches(loadDataset('data/recorded/synthetic-small')) // => []
 */
export function boundaryMismatches(ds: Dataset): string[] {
  const said = ds.manifest.energy_boundary;
  if (said !== 'device' && said !== 'system') return [];
  return energyComponents(ds).flatMap(({ system, label, runs }) => {
    if (label === 'none recorded') return [];
    const b = boundaryOf(label.split('+'));
    return b.profile === said ? [] : [`manifest.json says energy_boundary "${said}", but ${runs} run(s) of system ${system} metered ${label}: the ${b.profile} profile (${b.profile === 'system' ? 'the device profile excludes the host\'s CPU and memory' : 'the system profile includes the host, which these runs did not meter'}); results of different boundaries are not comparable`];
  });
}

/**
 * `j2g qaij`: quality-adjusted service per joule for each system of a task-result table, with seeded
 * bootstrap intervals, the energy-service frontier and the ranking, as JSON on stdout.
 */
import { J2GError, ValidationError, type ValidationIssue } from '../../errors.ts';
import { warn } from '../../warn.ts';
import { z } from 'zod';
import { readCsv } from '../../io/csv.ts';
import { checkHeader, parseRows } from '../../io/csvRows.ts';
import { nonNegativeNumber, requiredText } from '../../data/fields.ts';
import { finiteNumber, parseArgs, positiveInt, invalid } from '../args.ts';
import {
  bootstrapQaij,
  importanceWeights,
  paretoFrontier,
  rankSystems,
  readTaskResults,
  robustFrontier,
  sevenPartReport,
  singleBoundary,
  tokensPerJoule,
  TASK_RESULT_COLUMNS,
  taskResultsFromDataset,
  occupationMixes,
  type LatencyContract,
  type TargetMix,
  type TaskResult,
} from '../../qaij/index.ts';

export const summary = 'quality-adjusted service per joule, intervals, frontier and ranking from task results';

export const usage = `usage: j2g qaij (--input FILE | --data DIR [--judge J]) [--latency-max SECONDS] [--target-mix FILE]
                [--trim-at W] [--draws N] [--seed S] [--level L] [--report]

Reads a task-result CSV, one row per attempt, with columns
  ${TASK_RESULT_COLUMNS.join(', ')}
(energy_j > 0; latency_s, tokens >= 0; quality, correctness, reliability, usefulness in [0, 1];
difficulty_weight and weight >= 0, default 1; stratum optional; boundary one of device, system,
facility, lifecycle). All rows must share one boundary: results of different boundaries are never
ranked together.

Service per attempt is difficulty_weight * usefulness * quality * correctness * reliability, times 0
when latency_s exceeds --latency-max. Late and failed attempts keep their energy. QAIJ per system is
sum(w s) / sum(w E), a ratio of expectations, with a seeded percentile bootstrap over tasks (within
strata when given).

  --input FILE         task-result CSV
  --data DIR           instead of --input: a recorded dataset (data/README.md); each run is an
                       attempt whose service is its win-or-tie judgment against expert_only by
                       --judge (default: the manifest's primary judge), stratum its occupation;
                       runs that judge did not judge are listed under "unjudged". With --report,
                       the employment-only and equal-occupation mixes are added.
  --latency-max S      latency contract L* in seconds (default: none)
  --target-mix FILE    CSV with columns stratum,share: reweight each system to this mix (w = mu/nu);
                       a system lacking a stratum the mix needs is reported as obstructed
  --trim-at W          cap importance weights mu/nu at W (reported); only with --target-mix
  --draws N            bootstrap replicates (default 2000)
  --seed S             bootstrap seed (default 1)
  --level L            interval level (default 0.95)
  --report             add the seven-part report (unweighted, by stratum, difficulty-weighted,
                       service and energy, latency and reliability, frontier, alternative mixes)

Prints JSON: per system n, service_mean, energy_mean_j, qaij, qaij_lo, qaij_hi, tokens_per_joule,
late, failed; the frontier (systems on it, in energy order) with each system's robust status; the
ranking by qaij.`;

export function readTargetMix(path: string): TargetMix {
  const csv = readCsv(path);
  const issues: ValidationIssue[] = [];
  if (!checkHeader(csv, ['stratum', 'share'], issues, ['stratum', 'share'])) throw new ValidationError(issues);
  const mix: Record<string, number> = {};
  for (const { line, data } of parseRows(csv, z.object({ stratum: requiredText, share: nonNegativeNumber }), issues)) {
    if (data.stratum in mix) issues.push({ file: path, line, column: 'stratum', message: `duplicate stratum ${data.stratum}` });
    mix[data.stratum] = data.share;
  }
  if (!issues.length && !Object.values(mix).some((x) => x > 0)) {
    issues.push({ file: path, line: csv.rows.length ? undefined : 1, message: csv.rows.length ? 'every share is 0, expected at least one share > 0' : 'no strata, expected rows of stratum,share' });
  }
  if (issues.length) throw new ValidationError(issues);
  return mix;
}

export async function run(argv: string[]): Promise<number> {
  const a = parseArgs(argv, { values: ['input', 'data', 'judge', 'latency-max', 'target-mix', 'trim-at', 'draws', 'seed', 'level'], flags: ['report'] });
  if (a.positionals.length) throw new J2GError(`unexpected argument: ${a.positionals[0]}`);
  const input = a.options.input ?? a.options.data;
  if (a.options.input !== undefined && a.options.data !== undefined) throw new J2GError('give --input or --data, not both');
  if (!input) throw new J2GError('missing --input');
  if (a.options.judge !== undefined && a.options.data === undefined) throw new J2GError('--judge needs --data');
  const draws = a.options.draws === undefined ? 2000 : positiveInt('draws', a.options.draws);
  const seed = a.options.seed === undefined ? 1 : finiteNumber('seed', a.options.seed);
  if (!Number.isSafeInteger(seed)) throw invalid('seed', a.options.seed, 'an integer');
  const level = a.options.level === undefined ? 0.95 : finiteNumber('level', a.options.level);
  if (!(level > 0 && level < 1)) throw invalid('level', a.options.level, 'a number between 0 and 1, such as 0.95');
  let latency: LatencyContract | undefined;
  if (a.options['latency-max'] !== undefined) {
    const l = finiteNumber('latency-max', a.options['latency-max']);
    if (l < 0) throw invalid('latency-max', a.options['latency-max'], 'seconds >= 0');
    latency = { latencyMaxS: l };
  }
  let trimAt: number | undefined;
  if (a.options['trim-at'] !== undefined) {
    if (a.options['target-mix'] === undefined) throw new J2GError('--trim-at needs --target-mix');
    trimAt = finiteNumber('trim-at', a.options['trim-at']);
    if (!(trimAt > 0)) throw invalid('trim-at', a.options['trim-at'], 'a weight ratio > 0');
  }
  const targetMix = a.options['target-mix'] === undefined ? undefined : readTargetMix(a.options['target-mix']);

  let results: TaskResult[];
  let unjudged: string[] | undefined;
  let datasetMixes: Record<string, TargetMix> = {};
  if (a.options.data !== undefined) {
    const { loadDataset } = await import('../../data/index.ts');
    const ds = loadDataset(a.options.data);
    ({ results, unjudged } = taskResultsFromDataset(ds, { judge: a.options.judge }));
    datasetMixes = occupationMixes(ds);
  } else results = readTaskResults(input, input, targetMix ? { requireStratum: '--target-mix reweights by stratum' } : {});
  if (results.length === 0) throw new J2GError(`no task results in ${input}`);
  const boundary = singleBoundary(results);
  const boot = bootstrapQaij(results, { latency, draws, seed, level, targetMix, trimAt });
  // systems on different task sets estimate different expectations (QAIJ: over tasks drawn from mu),
  // and the paired bootstrap draws from all tasks, so a system is missing from some replicates
  const allTasks = new Set(results.map((r) => r.task));
  for (const b of boot.values()) {
    const own = new Set(results.filter((r) => r.system === b.system).map((r) => r.task));
    if (own.size < allTasks.size) warn(`system ${b.system} has results on ${own.size} of the ${allTasks.size} tasks: its QAIJ, rank and frontier place are over a different task set than the other systems'`);
    if (b.status === 'ok' && b.validDraws < draws) warn(`system ${b.system}: ${draws - b.validDraws} of ${draws} bootstrap draws had none of its tasks${targetMix ? ' or missed a stratum of the target mix' : ''}; its interval is over the other ${b.validDraws}`);
  }

  const systems = [...boot.values()].map((b) => {
    const own = results.filter((r) => r.system === b.system);
    let tpj: number | null = null;
    if (b.status === 'ok' && a.options.data === undefined) {
      // the recorded dataset has no token counts, so tokens per joule is not available from it
      const iw = targetMix ? importanceWeights(own, targetMix, { trimAt }) : null;
      tpj = tokensPerJoule(own, iw && iw.status === 'ok' ? iw.weights : undefined);
    }
    return {
      system: b.system,
      status: b.status,
      ...(b.missing.length ? { missing: b.missing } : {}),
      n: own.length,
      service_mean: b.estimate?.serviceMean ?? null,
      energy_mean_j: b.estimate?.energyMeanJ ?? null,
      qaij: b.estimate?.qaij ?? null,
      qaij_lo: b.qaij?.lower ?? null,
      qaij_hi: b.qaij?.upper ?? null,
      tokens_per_joule: tpj,
      late: latency ? own.filter((r) => r.latencyS > latency!.latencyMaxS).length : 0,
      failed: own.filter((r) => r.usefulness * r.quality * r.correctness * r.reliability === 0).length,
      ...(targetMix ? { effective_sample_size: b.effectiveSampleSize, trimmed: b.trimmed } : {}),
    };
  });

  const ok = [...boot.values()].filter((b) => b.status === 'ok' && b.estimate);
  const points = ok.map((b) => ({
    id: b.system,
    energyJ: b.estimate!.energyMeanJ,
    service: b.estimate!.serviceMean,
    energyInterval: b.energyMeanJ ?? { lower: b.estimate!.energyMeanJ, upper: b.estimate!.energyMeanJ },
    serviceInterval: b.serviceMean ?? { lower: b.estimate!.serviceMean, upper: b.estimate!.serviceMean },
  }));
  const frontier = paretoFrontier(points);
  const ranking = rankSystems(ok.map((b) => ({ system: b.system, boundary, score: b.estimate!.qaij }))).map((r) => ({ rank: r.rank, system: r.system, qaij: r.score }));

  const out: Record<string, unknown> = {
    input,
    ...(unjudged ? { unjudged } : {}),
    boundary,
    latency_max_s: latency?.latencyMaxS ?? null,
    draws,
    seed,
    level,
    target_mix: targetMix ? { file: a.options['target-mix'], shares: targetMix, trim_at: trimAt ?? null } : null,
    systems,
    frontier: frontier.frontier,
    frontier_status: robustFrontier(points),
    ranking,
  };
  if (a.flags.has('report')) {
    out.report = sevenPartReport(results, { latency, draws, seed, level, trimAt, alternativeMixes: { ...datasetMixes, ...(targetMix ? { target: targetMix } : {}) } });
  }
  console.log(JSON.stringify(out, null, 2));
  return 0;
}

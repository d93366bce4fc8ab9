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
import { DATASET_DECLARATIONS } from '../../qaij/fromDataset.ts';
import {
  bootstrapQaijPaired,
  bootstrapCoverage,
  singleTaskStrata,
  latencyStatistic,
  LOW_EFFECTIVE_SAMPLE_SIZE,
  DEFAULT_FRONTIER_LATENCY_QUANTILE,
  type BootstrapCoverage,
  type SystemBootstrap,
  importanceWeights,
  frontierDecision,
  procurement,
  linearLatencyPenalty,
  type Decision,
  type ProcurementConstraints,
  type CorrectnessReliabilityDesign,
  meterErrorIntervals,
  type MeterErrorModel,
  hierarchicalBootstrapQaij,
  type HierarchyLevels,
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

export const usage = `usage: j2g qaij (--input FILE | --data DIR [--judge J]) [--latency-max SECONDS [--latency-penalty-width S]]
                [--frontier-latency-quantile Q] [--target-mix FILE] [--trim-at W] [--draws N] [--seed S] [--level L]
                [--energy-budget J] [--service-floor S] [--energy-price P]
                [--min-service S] [--min-reliability R] [--min-correctness C]
                [--design D] [--perturbation-set TEXT] [--energy-denominator gross|incremental]
                [--meter-bias-sd B] [--meter-noise-sd N] [--hierarchy LEVELS] [--report]

Reads a task-result CSV, one row per attempt, with columns
  ${TASK_RESULT_COLUMNS.join(', ')}
(energy_j > 0; latency_s, tokens >= 0; quality, correctness, reliability, usefulness in [0, 1];
difficulty_weight and weight >= 0, default 1; stratum optional; boundary one of device, system,
facility, lifecycle). All rows must share one boundary: results of different boundaries are never
ranked together (QAIJ "Energy boundary").

Service per attempt is s = usefulness * quality * correctness * reliability * l, with l = 0 when
latency_s exceeds --latency-max (QAIJ "Task-level contribution", "Latency"); the difficulty-weighted
sensitivity result multiplies in difficulty_weight. Late and failed attempts keep their energy.

  --input FILE         task-result CSV
  --data DIR           instead of --input: a recorded dataset (data/README.md); each run is an
                       attempt whose service is its win-or-tie judgment against expert_only by
                       --judge (default: the manifest's primary judge), stratum its occupation;
                       runs that judge did not judge are listed under "unjudged"; difficulty_weight
                       is the task's expert_hours over their mean. With --report, the employment-only
                       and equal-occupation mixes and the dataset's declarations are added.
  --latency-max S      latency contract L* in seconds (default: none)
  --latency-penalty-width S
                       a preregistered continuous penalty instead of the 0/1 indicator: service falls
                       linearly from 1 at L* to 0 at L* + S ("Latency")
  --frontier-latency-quantile Q
                       the latency statistic L(x) checked against L* for the frontier: the Q-quantile
                       of a system's attempt latencies (default 0.5, the median; 0.9 for a tail contract)
  --target-mix FILE    CSV with columns stratum,share: reweight each system to this mix (w = mu/nu);
                       a system lacking a stratum the mix needs is reported as obstructed
  --trim-at W          cap importance weights mu/nu at W (reported); only with --target-mix
  --draws N            bootstrap replicates (default 2000)
  --seed S             bootstrap seed (default 1)
  --level L            interval level (default 0.95)
  --energy-budget J    decision rule 1: the most service with energy_mean_j <= J
  --service-floor S    decision rule 2: the least energy with service_mean >= S
  --energy-price P     decision rule 3: the largest U = service_mean - P * energy_mean_j (P in task
                       equivalents per joule)
  --min-service S, --min-reliability R, --min-correctness C
                       procurement constraints, applied before any ratio is compared
  --design D           correctness/reliability design: separate, joint-outcome-as-reliability or
                       joint-outcome-as-correctness ("Reliability": the manifest must say which)
  --perturbation-set TEXT   what the repeated attempts vary (seeds, tool state, paraphrase ...)
  --energy-denominator gross|incremental   the primary energy denominator ("Step 8")
  --meter-bias-sd B, --meter-noise-sd N
                       meter error model E~ = E + eps + beta: calibration bias and per-attempt random
                       error as relative sds of the reading (0 to 0.2), added to the bootstrap replicates
                       in systems[].meter_error ("Meter uncertainty")
  --hierarchy LEVELS   add a hierarchical bootstrap with the strata as task families: families,
                       families-tasks or families-tasks-attempts (each level resampled with replacement)
  --report             add the seven-part report (QAIJ "Primary and sensitivity reports")

Prints JSON. Each output field and the section of the QAIJ seed behind it:
  primary                      "unweighted": QAIJ "Difficulty" (the unweighted and stratified results
                               remain primary) and "Primary and sensitivity reports" (part 1)
  systems[].service_mean       S = sum w s / sum w, task equivalents per attempt ("Ratio implementation")
  systems[].energy_mean_j      E = sum w E / sum w, joules per attempt ("Ratio implementation"); sums are
                               correctly rounded, so row order cannot break a tie
  systems[].qaij               sum w s / sum w E, task equivalents per joule ("Finite-sample estimator"),
                               unweighted by difficulty
  systems[].qaij_lo, qaij_hi   its percentile interval at --level ("Percentile bootstrap"); likewise
    service_mean_lo/hi,        service_mean_* and energy_mean_j_* (part 4: expected service and energy
    energy_mean_j_lo/hi        separately, each with an interval)
  systems[].meter_error        with --meter-*: qaij and energy_mean_j intervals that add meter error to the
                               task bootstrap ("Meter uncertainty"; uncertainty.meter_error says how)
  systems[].hierarchical       with --hierarchy: the unweighted qaij interval of the hierarchical bootstrap
                               ("Percentile bootstrap": "the resampling should follow that hierarchy")
  systems[].zero_width         true when lower = upper: the resampling had nothing to vary (for example a
                               stratum with one task); a warning says why
  systems[].difficulty_weighted the same with difficulty_weight in s ("Difficulty", weighted mode; part 3),
                               beside the unweighted headline, never instead of it
  systems[].tokens_per_joule   E[tokens] / E[energy] ("Tokenizer non-invariance"; not a service measure)
  systems[].late, failed       attempts over L* ("Latency") and attempts with a zero service factor
                               ("Step 9: preserve failures"); both keep their energy
  systems[].latency_s          the latency statistic L(x) checked against L* ("Definition" of the frontier)
  systems[].effective_sample_size, low_ess, trimmed
                               with --target-mix: Kish ESS of the importance weights, whether it is below
                               low_ess_threshold (10, this toolkit's stated convention), weight trimming
                               ("Importance weighting"); status obstructed when a needed stratum is missing
  uncertainty                  the bootstrap's resampling unit, the sources it covers and those it does not
                               ("Sources of uncertainty": a single interval cannot hide which were modeled),
                               and the strata with a single task
  frontier                     systems on the energy-service frontier of the unweighted estimates, in energy
                               order ("Definition", "Frontier implementation": points violating L* first
                               filtered out)
  frontier_excluded            those filtered out, with their latency_s; frontier_latency_statistic says how
  frontier_status              frontier, dominated (its whole interval region is dominated), uncertain (the
                               point is dominated, the regions overlap) or excluded ("Frontier uncertainty")
  ranking                      by qaij, ties sharing a rank ("Scope": rank_systems)
  difficulty_weighted          frontier, frontier_status and ranking of the difficulty-weighted estimates
  decisions                    with --energy-budget, --service-floor or --energy-price: each rule's chosen
                               systems among those meeting L*, the seed's three decision rules
                               ("Why the frontier is more informative than one ratio")
  procurement                  with --min-*: qualifying systems by energy, and each disqualified one with
                               the constraints it misses ("Procurement": constraints before ratios)
  report                       with --report, the seven parts ("Primary and sensitivity reports"), with
                               per-stratum intervals, two difficulty normalisations, the declarations
                               (design, perturbation set, energy denominator) and units.`;

const coverageJson = (c: BootstrapCoverage) => ({ method: c.method, unit: c.unit, covers: c.covers, not_covered: c.notCovered });

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
  const a = parseArgs(argv, { values: ['input', 'data', 'judge', 'latency-max', 'latency-penalty-width', 'frontier-latency-quantile', 'target-mix', 'trim-at', 'draws', 'seed', 'level',
    'energy-budget', 'service-floor', 'energy-price', 'min-service', 'min-reliability', 'min-correctness', 'design', 'perturbation-set', 'energy-denominator', 'meter-bias-sd', 'meter-noise-sd', 'hierarchy'], flags: ['report'] });
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
  if (a.options['latency-penalty-width'] !== undefined) {
    if (!latency) throw new J2GError('--latency-penalty-width needs --latency-max');
    const w = finiteNumber('latency-penalty-width', a.options['latency-penalty-width']);
    if (!(w >= 0)) throw invalid('latency-penalty-width', a.options['latency-penalty-width'], 'seconds >= 0');
    latency = { ...latency, penalty: linearLatencyPenalty(w) };
  }
  const nonNegative = (name: string): number | undefined => {
    if (a.options[name] === undefined) return undefined;
    const x = finiteNumber(name, a.options[name]);
    if (!(x >= 0)) throw invalid(name, a.options[name], 'a number >= 0');
    return x;
  };
  const energyBudgetJ = nonNegative('energy-budget');
  const serviceFloor = nonNegative('service-floor');
  const energyPricePerJ = nonNegative('energy-price');
  const constraints: ProcurementConstraints = {};
  for (const [opt, key] of [['min-service', 'minService'], ['min-reliability', 'minReliability'], ['min-correctness', 'minCorrectness']] as const) {
    const x = nonNegative(opt);
    if (x !== undefined) constraints[key] = x;
  }
  const design = a.options.design as CorrectnessReliabilityDesign | undefined;
  if (design !== undefined && !['separate', 'joint-outcome-as-reliability', 'joint-outcome-as-correctness'].includes(design)) throw invalid('design', a.options.design, 'separate, joint-outcome-as-reliability or joint-outcome-as-correctness');
  const energyDenominator = a.options['energy-denominator'] as 'gross' | 'incremental' | undefined;
  if (energyDenominator !== undefined && energyDenominator !== 'gross' && energyDenominator !== 'incremental') throw invalid('energy-denominator', a.options['energy-denominator'], 'gross or incremental');
  const perturbationSet = a.options['perturbation-set'];
  const hierarchy = a.options.hierarchy as HierarchyLevels | undefined;
  if (hierarchy !== undefined && !['families', 'families-tasks', 'families-tasks-attempts'].includes(hierarchy)) throw invalid('hierarchy', a.options.hierarchy, 'families, families-tasks or families-tasks-attempts');
  const meterBias = nonNegative('meter-bias-sd');
  const meterNoise = nonNegative('meter-noise-sd');
  const meter: MeterErrorModel | null = meterBias !== undefined || meterNoise !== undefined ? { relativeBiasSd: meterBias ?? 0, relativeNoiseSd: meterNoise ?? 0 } : null;
  if (meter && !(meter.relativeBiasSd <= 0.2 && meter.relativeNoiseSd <= 0.2)) throw invalid(meter.relativeBiasSd > 0.2 ? 'meter-bias-sd' : 'meter-noise-sd', String(meter.relativeBiasSd > 0.2 ? meter.relativeBiasSd : meter.relativeNoiseSd), 'a share of the reading between 0 and 0.2');
  let frontierQuantile = DEFAULT_FRONTIER_LATENCY_QUANTILE;
  if (a.options['frontier-latency-quantile'] !== undefined) {
    frontierQuantile = finiteNumber('frontier-latency-quantile', a.options['frontier-latency-quantile']);
    if (!(frontierQuantile >= 0 && frontierQuantile <= 1)) throw invalid('frontier-latency-quantile', a.options['frontier-latency-quantile'], 'a quantile between 0 and 1, such as 0.9');
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
    ({ results, unjudged } = taskResultsFromDataset(ds, { judge: a.options.judge, difficulty: 'expert-hours' }));
    datasetMixes = occupationMixes(ds);
  } else results = readTaskResults(input, input, targetMix ? { requireStratum: '--target-mix reweights by stratum' } : {});
  if (results.length === 0) throw new J2GError(`no task results in ${input}`);
  const boundary = singleBoundary(results);
  // The unweighted estimate is the headline and the difficulty-weighted one stands beside it
  // (QAIJ "Difficulty": "The unweighted and stratified results remain primary"; weighted mode: "The
  // unweighted result must appear beside it"), on the same bootstrap draws.
  const [boot, bootWeighted] = bootstrapQaijPaired(results, [
    { latency, draws, seed, level, targetMix, trimAt, difficulty: 'unweighted' },
    { latency, draws, seed, level, targetMix, trimAt, difficulty: 'weighted' },
  ]);
  // systems on different task sets estimate different expectations (QAIJ: over tasks drawn from mu),
  // and the paired bootstrap draws from all tasks, so a system is missing from some replicates
  const allTasks = new Set(results.map((r) => r.task));
  for (const b of boot.values()) {
    const own = new Set(results.filter((r) => r.system === b.system).map((r) => r.task));
    if (own.size < allTasks.size) warn(`system ${b.system} has results on ${own.size} of the ${allTasks.size} tasks: its QAIJ, rank and frontier place are over a different task set than the other systems'`);
    if (b.status === 'ok' && b.validDraws < draws) warn(`system ${b.system}: ${draws - b.validDraws} of ${draws} bootstrap draws had none of its tasks${targetMix ? ' or missed a stratum of the target mix' : ''}; its interval is over the other ${b.validDraws}`);
  }

  // QAIJ "Percentile bootstrap": resampling that follows the hierarchy, families (strata) themselves drawn
  const hier = hierarchy ? hierarchicalBootstrapQaij(results, { latency, draws, seed, level, levels: hierarchy, difficulty: 'unweighted' }) : null;
  const zeroWidth = (b: SystemBootstrap): boolean => b.qaij !== null && b.qaij.lower === b.qaij.upper;
  // QAIJ "Meter uncertainty": the task bootstrap's replicates with E~ = E + eps + beta drawn on top
  const meterJson = (b: SystemBootstrap) => {
    if (b.status !== 'ok') return null;
    const m = meterErrorIntervals(b.replicates, meter!, { effectiveAttempts: b.effectiveSampleSize ?? 1, seed, level });
    return { qaij_lo: m.qaij?.lower ?? null, qaij_hi: m.qaij?.upper ?? null, energy_mean_j_lo: m.energyMeanJ?.lower ?? null, energy_mean_j_hi: m.energyMeanJ?.upper ?? null };
  };
  const systems = [...boot.values()].map((b) => {
    const own = results.filter((r) => r.system === b.system);
    const w = bootWeighted.get(b.system)!;
    let tpj: number | null = null;
    if (b.status === 'ok' && a.options.data === undefined) {
      // the recorded dataset has no token counts, so tokens per joule is not available from it
      const iw = targetMix ? importanceWeights(own, targetMix, { trimAt }) : null;
      tpj = tokensPerJoule(own, iw && iw.status === 'ok' ? iw.weights : undefined);
    }
    if (zeroWidth(b)) {
      const single = singleTaskStrata(results, b.system);
      const why = single.all
        ? `every stratum it was measured in has a single task (${single.strata.map((x) => x || '(none)').join(', ')}), so resampling tasks within strata has nothing to vary`
        : 'its service and energy are the same on every task that can be drawn';
      warn(`system ${b.system}: zero-width interval [${b.qaij!.lower}, ${b.qaij!.upper}]: ${why}; the interval covers no sampling uncertainty`);
    }
    if (targetMix && b.effectiveSampleSize !== null && b.effectiveSampleSize < LOW_EFFECTIVE_SAMPLE_SIZE) {
      warn(`system ${b.system}: effective sample size ${b.effectiveSampleSize.toFixed(2)} under the target mix is below ${LOW_EFFECTIVE_SAMPLE_SIZE}: the reweighted estimate rests on few attempts (QAIJ "Importance weighting": large weights increase variance)`);
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
      service_mean_lo: b.serviceMean?.lower ?? null,
      service_mean_hi: b.serviceMean?.upper ?? null,
      energy_mean_j_lo: b.energyMeanJ?.lower ?? null,
      energy_mean_j_hi: b.energyMeanJ?.upper ?? null,
      zero_width: zeroWidth(b),
      ...(meter ? { meter_error: meterJson(b) } : {}),
      ...(hier ? { hierarchical: hier.get(b.system) ? { qaij_lo: hier.get(b.system)!.lower, qaij_hi: hier.get(b.system)!.upper } : null } : {}),
      tokens_per_joule: tpj,
      late: latency ? own.filter((r) => r.latencyS > latency!.latencyMaxS).length : 0,
      failed: own.filter((r) => r.usefulness * r.quality * r.correctness * r.reliability === 0).length,
      latency_s: latencyStatistic(own.map((r) => r.latencyS), frontierQuantile),
      ...(targetMix ? { effective_sample_size: b.effectiveSampleSize, low_ess: b.effectiveSampleSize !== null && b.effectiveSampleSize < LOW_EFFECTIVE_SAMPLE_SIZE, trimmed: b.trimmed } : {}),
      difficulty_weighted: {
        service_mean: w.estimate?.serviceMean ?? null,
        energy_mean_j: w.estimate?.energyMeanJ ?? null,
        qaij: w.estimate?.qaij ?? null,
        qaij_lo: w.qaij?.lower ?? null,
        qaij_hi: w.qaij?.upper ?? null,
      },
    };
  });

  const latencyOf = new Map(systems.map((x) => [x.system, x.latency_s]));
  const frontierOf = (bs: Map<string, SystemBootstrap>) => {
    const ok = [...bs.values()].filter((b) => b.status === 'ok' && b.estimate);
    const points = ok.map((b) => ({
      id: b.system,
      energyJ: b.estimate!.energyMeanJ,
      service: b.estimate!.serviceMean,
      latencyS: latencyOf.get(b.system)!,
      energyInterval: b.energyMeanJ ?? { lower: b.estimate!.energyMeanJ, upper: b.estimate!.energyMeanJ },
      serviceInterval: b.serviceMean ?? { lower: b.estimate!.serviceMean, upper: b.estimate!.serviceMean },
    }));
    // QAIJ "Frontier implementation": "first filters points that violate L*"
    const opts = latency ? { latencyMaxS: latency.latencyMaxS } : {};
    const f = paretoFrontier(points, opts);
    return {
      frontier: f.frontier,
      excluded: f.excluded.map((id) => ({ system: id, latency_s: latencyOf.get(id)! })),
      status: robustFrontier(points, opts),
      ranking: rankSystems(ok.map((b) => ({ system: b.system, boundary, score: b.estimate!.qaij }))).map((r) => ({ rank: r.rank, system: r.system, qaij: r.score })),
    };
  };
  const primary = frontierOf(boot);
  const weighted = frontierOf(bootWeighted);

  const out: Record<string, unknown> = {
    input,
    ...(unjudged ? { unjudged } : {}),
    boundary,
    latency_max_s: latency?.latencyMaxS ?? null,
    draws,
    seed,
    level,
    target_mix: targetMix ? { file: a.options['target-mix'], shares: targetMix, trim_at: trimAt ?? null } : null,
    ...(targetMix ? { low_ess_threshold: LOW_EFFECTIVE_SAMPLE_SIZE } : {}),
    primary: 'unweighted',
    uncertainty: {
      ...coverageJson(bootstrapCoverage(targetMix !== undefined)),
      single_task_strata: singleTaskStrata(results).strata,
      ...(hierarchy ? { hierarchical: `systems[].hierarchical resamples ${hierarchy === 'families' ? 'strata (as task families)' : hierarchy === 'families-tasks' ? 'strata (as task families), then tasks within them' : 'strata (as task families), tasks within them and attempts within tasks'}, all with replacement (conservative when lower levels are resampled too); unweighted, no target mix` } : {}),
      ...(meter ? { meter_error: `systems[].meter_error adds source 4: calibration bias beta with relative sd ${meter.relativeBiasSd} (one draw per replicate, shared by all attempts) and random error eps with relative sd ${meter.relativeNoiseSd} per attempt; qaij_lo/hi do not include it` } : {}),
    },
    systems,
    frontier: primary.frontier,
    frontier_excluded: primary.excluded,
    frontier_latency_statistic: `${frontierQuantile === 0.5 ? 'median attempt latency' : 'attempt latency'} (quantile ${frontierQuantile}) <= latency_max_s`,
    frontier_status: primary.status,
    ranking: primary.ranking,
    difficulty_weighted: { frontier: weighted.frontier, frontier_status: weighted.status, ranking: weighted.ranking },
  };
  // QAIJ "Why the frontier is more informative than one ratio": the three decision rules, on the unweighted points
  const decisionPoints = systems.filter((x) => x.status === 'ok').map((x) => ({ id: x.system, energyJ: x.energy_mean_j!, service: x.service_mean!, latencyS: x.latency_s }));
  const feasibility = latency ? { latencyMaxS: latency.latencyMaxS } : {};
  const decisions: Record<string, Decision> = {};
  if (energyBudgetJ !== undefined) decisions.energy_budget = frontierDecision(decisionPoints, { rule: 'energy-budget', energyBudgetJ }, feasibility);
  if (serviceFloor !== undefined) decisions.service_floor = frontierDecision(decisionPoints, { rule: 'service-floor', serviceFloor }, feasibility);
  if (energyPricePerJ !== undefined) decisions.utility = frontierDecision(decisionPoints, { rule: 'utility', energyPricePerJ }, feasibility);
  if (Object.keys(decisions).length) out.decisions = decisions;
  // QAIJ "Procurement": constraints before ratios
  if (Object.keys(constraints).length) {
    const mean = (xs: number[]) => xs.reduce((p, q) => p + q, 0) / xs.length;
    out.procurement = procurement(systems.filter((x) => x.status === 'ok').map((x) => {
      const own = results.filter((r) => r.system === x.system);
      return { id: x.system, energyJ: x.energy_mean_j!, service: x.service_mean!, qaij: x.qaij!, reliability: mean(own.map((r) => r.reliability)), correctness: mean(own.map((r) => r.correctness)), latencyS: x.latency_s };
    }), { ...constraints, ...(latency ? { latencyMaxS: latency.latencyMaxS } : {}) });
  }
  const declarations = a.options.data !== undefined
    ? { ...DATASET_DECLARATIONS, ...(design ? { correctnessReliabilityDesign: design } : {}), ...(perturbationSet ? { perturbationSet } : {}), ...(energyDenominator ? { energyDenominator } : {}) }
    : { correctnessReliabilityDesign: design, perturbationSet, energyDenominator };
  if (a.flags.has('report')) {
    out.report = sevenPartReport(results, { latency, draws, seed, level, trimAt, frontierLatencyQuantile: frontierQuantile, ...declarations, ...(hierarchy ? { hierarchy } : {}), alternativeMixes: { ...datasetMixes, ...(targetMix ? { target: targetMix } : {}) } });
  }
  console.log(JSON.stringify(out, null, 2));
  return 0;
}

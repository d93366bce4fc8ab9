/**
 * `j2g gdpval`: GDPval's speed and cost scenarios (A.2.1), win rates by group (A.2.2-A.2.5) and,
 * given grades, human-autograder and human inter-rater agreement with bootstrap intervals (A.6.1).
 */
import { J2GError } from '../../errors.ts';
import { warn } from '../../warn.ts';
import { finiteNumber, parseArgs, positiveInt, invalid } from '../args.ts';
import {
  agreementBootstrap,
  naiveRatio,
  readGdpvalTasks,
  readGrades,
  scenarioInputs,
  tryNThenFixRatio,
  type TryLimit,
  winRatesBy,
  winRateInterval,
  type WinRateInterval,
  DEFAULT_BUCKET_EDGES_H,
  GDPVAL_TASK_COLUMNS,
  GRADE_COLUMNS,
  OCCUPATION_COLUMNS,
  readOccupations,
  selectOccupations,
  type Acceptance,
  type AgreementKind,
  type AgreementResampling,
  type GdpvalTask,
  type Grade,
  type Measure,
} from '../../gdpval/index.ts';

export const summary = "GDPval's speed and cost scenarios, win rates by group, grader agreement";

export const usage = `usage: j2g gdpval --input FILE [--tries N] [--accept win|win-or-tie] [--limit aggregate|per-task] [--buckets H,H,...]
                  [--grades FILE] [--resampling within-sample|samples] [--draws N] [--seed S] [--level L]
                  [--occupations FILE [--digital-threshold T] [--per-sector K]]
       j2g gdpval --occupations FILE [--digital-threshold T] [--per-sector K]

--input FILE: one row per task and model, with columns
  ${GDPVAL_TASK_COLUMNS.join(', ')}
times in minutes and costs in USD (all >= 0): human_* is the expert's completion (H), review_* the
expert's review of one model deliverable (R), model_* the model's sampling (M); wins, ties, losses
count the pairwise comparisons of the model deliverable against the human one.

--grades FILE: one row per grade, with columns ${GRADE_COLUMNS.join(', ')}
(one grade per sample and rater, one model per sample; kind human or autograder; score 1 prefers the
model, 0 the human, 0.5 a tie).

--occupations FILE (with or without --input): one row per occupation, with columns
  ${OCCUPATION_COLUMNS.join(', ')}
(employment >= 0; the mean annual wage, or for hourly-only occupations the hourly wage, in USD; the
weighted digital-task share in [0, 1]).

  --tries N        n for try_n (default 3)
  --accept A       win (default) or win-or-tie: which comparisons count as an accepted deliverable
  --limit L        which limit try_limit reports: aggregate (default, GDPval's formula) or per-task
  --buckets H,...  completion-time bucket edges in hours of human time (default ${DEFAULT_BUCKET_EDGES_H.join(',')})
  --resampling U   agreement bootstrap unit: within-sample (default, GDPval A.6.2) or samples
  --draws N        bootstrap replicates (default 2000)
  --seed S         bootstrap seed (default 1)
  --level L        interval level (default 0.95)
  --digital-threshold T  digital-task share at or above which an occupation is digital (default 0.6)
  --per-sector K   occupations selected per sector (default 5)

Prints JSON. Each output field and the section of GDPval (Patwardhan et al. 2025; A = appendix) behind it:
  models[].win_rate, win_or_tie_rate       A.2.1 "model win rate w": wins (or wins and ties) over all
                                           comparisons of the model (pooled)
  models[].win_rate_interval,              Wilson interval (--level) of that rate with the task as the
    win_or_tie_rate_interval               sampling unit (its comparisons are one cluster; Korn-Graubard
                                           effective n); covers task and grader variation as sampled
  models[].*_mean                          A.2.1 H_T, H_C, R_T, R_C, M_T, M_C: means over the model's tasks
  models[].time, models[].cost             A.2.1 and Table 2, per measure:
    naive          mean H / mean M
    try_once       mean H / mean_i E[T_1,i],  E[T_1,i] = M_i + R_i + (1 - w_i) H_i
    try_n          mean H / mean_i E[T_n,i],  E[T_n,i] = (M_i + R_i)(1 - (1 - w_i)^n)/w_i + (1 - w_i)^n H_i
                   where w_i is task i's share of comparisons won (--accept win) or won or tied
    try_limit      A.2.1 "n -> infinity, w > 0": mean H / ((mean M + mean R) / w) with w the pooled
                   win_rate above (0 if w = 0). This is GDPval's plug-in at the aggregates; it equals
                   the limit of try_n only when every task has the same w_i.
                   With --limit per-task it is try_n_limit instead.
    try_n_limit    the limit of try_n itself as n grows, mean H / mean_i (M_i + R_i)/w_i: 0 as soon as
                   one task has w_i = 0 (that task's expected time n (M_i + R_i) + H_i grows with n)
  models[].win_rates.by_sector             A.2.2 (Figure 10), each group with its Wilson interval
  models[].win_rates.by_occupation         A.2.3 (Figure 11)
  models[].win_rates.by_deliverable_type   A.2.4 (Figure 12)
  models[].win_rates.by_completion_time    A.2.5 (Figure 13), buckets of human time
  agreement.*.human_autograder             A.6.1 A^HA = mean over samples of mean(1 - |H - A|)
  agreement.*.inter_rater                  A.6.1 A^HH = mean over samples with two or more human grades
                                           of mean(1 - |H1 - H2|) over pairs of distinct human grades
  agreement.*.*.lower, upper               A.6.2 percentile bootstrap: within-sample resamples each
                                           sample's grades (for A^HH its pairs of distinct grades, so a
                                           grade is never paired with its own copy), samples held fixed;
                                           samples resamples the samples. unit and covers say which.
  agreement.*.*.zero_width                 true when the unit has no variation in the data (for example one
                                           human and one autograder grade per sample): a warning says so.
  occupation_selection[]                   2.1 and A.7: per occupation its wage_bill_usd (employment x mean
                                           annual wage, or x hourly wage x 2,080 h), digital (share >= T),
                                           rank_in_sector by wage bill among the sector's digital occupations,
                                           selected (the top K) and the reason.
(A task's dollar value, GDPval 2.3, is its completion time x the occupation's median hourly wage: the
human_cost_usd column; the library's taskDollarValueUSD computes it.)`;

const interval = (w: WinRateInterval) => ({
  lower: w.wilson.lower,
  upper: w.wilson.upper,
  level: w.level,
  method: 'wilson',
  unit: w.unit,
  covers: 'task-to-task and grader-to-grader variation of the outcomes as sampled; not grader bias, nor the choice of occupations and tasks',
  tasks: w.tasks,
  effective_comparisons: w.effectiveComparisons,
});
const finite = (x: number): number | null => (Number.isFinite(x) ? x : null);
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

function scenarios(model: string, tasks: GdpvalTask[], measure: Measure, accept: Acceptance, tries: number, limit: TryLimit) {
  const inputs = tasks.map((t) => scenarioInputs(t, measure, accept));
  // a ratio that cannot be formed is null in the JSON, and the reason is said once on stderr
  const guard = (name: string, f: () => number) => {
    try {
      const x = finite(f());
      if (x === null) warn(`model ${model}: ${measure} ${name} is null: its denominator (mean ${measure} with the model) is 0`);
      return x;
    } catch (e) {
      if (e instanceof J2GError) {
        warn(`model ${model}: ${measure} ${name} is null: ${e.message}`);
        return null;
      }
      throw e;
    }
  };
  return {
    naive: guard('naive', () => naiveRatio(inputs)),
    try_once: guard('try_once', () => tryNThenFixRatio(inputs, 1)),
    try_n: guard('try_n', () => tryNThenFixRatio(inputs, tries)),
    try_limit: guard('try_limit', () => tryNThenFixRatio(inputs, Infinity, { limit })),
    try_n_limit: guard('try_n_limit', () => tryNThenFixRatio(inputs, Infinity, { limit: 'per-task' })),
  };
}

function agreements(scope: string, grades: Grade[], opts: { draws: number; seed: number; level: number; resampling: AgreementResampling }) {
  const one = (kind: AgreementKind) => {
    try {
      const a = agreementBootstrap(grades, kind, opts);
      const name = kind === 'humanAutograder' ? 'human_autograder' : 'inter_rater';
      if (a.zeroWidth) warn(`agreement ${scope} ${name}: zero-width interval [${a.lower}, ${a.upper}] under --resampling ${a.resampling}: ${a.zeroWidthReason}`);
      return {
        agreement: a.agreement,
        samples: a.samples,
        lower: a.lower,
        upper: a.upper,
        resampling: a.resampling,
        unit: a.unit,
        covers: a.covers,
        zero_width: a.zeroWidth,
        ...(a.zeroWidth ? { zero_width_reason: a.zeroWidthReason } : {}),
      };
    } catch (e) {
      if (e instanceof J2GError && /requires a sample/.test(e.message)) return null;
      throw e;
    }
  };
  return { human_autograder: one('humanAutograder'), inter_rater: one('interRater') };
}

export async function run(argv: string[]): Promise<number> {
  const a = parseArgs(argv, { values: ['input', 'tries', 'accept', 'limit', 'buckets', 'grades', 'resampling', 'draws', 'seed', 'level', 'occupations', 'digital-threshold', 'per-sector'] });
  if (a.positionals.length) throw new J2GError(`unexpected argument: ${a.positionals[0]}`);
  const input = a.options.input;
  const threshold = a.options['digital-threshold'] === undefined ? 0.6 : finiteNumber('digital-threshold', a.options['digital-threshold']);
  if (!(threshold >= 0 && threshold <= 1)) throw invalid('digital-threshold', a.options['digital-threshold'], 'a share between 0 and 1, such as 0.6');
  const perSector = a.options['per-sector'] === undefined ? 5 : positiveInt('per-sector', a.options['per-sector']);
  if (a.options.occupations === undefined && (a.options['digital-threshold'] !== undefined || a.options['per-sector'] !== undefined)) throw new J2GError('--digital-threshold and --per-sector need --occupations');
  const selection = a.options.occupations === undefined
    ? undefined
    : selectOccupations(readOccupations(a.options.occupations), { threshold, perSector }).map((o) => ({
        occupation: o.occupation, sector: o.sector, wage_bill_usd: o.wageBillUSD, digital_task_share: o.digitalTaskShare, digital: o.digital, rank_in_sector: o.rankInSector, selected: o.selected, reason: o.reason,
      }));
  if (!input && selection) {
    console.log(JSON.stringify({ occupations: a.options.occupations, digital_threshold: threshold, per_sector: perSector, occupation_selection: selection }, null, 2));
    return 0;
  }
  if (!input) throw new J2GError('missing --input');
  const tries = a.options.tries === undefined ? 3 : positiveInt('tries', a.options.tries);
  const accept = (a.options.accept ?? 'win') as Acceptance;
  if (accept !== 'win' && accept !== 'win-or-tie') throw invalid('accept', a.options.accept, 'win or win-or-tie');
  const limit = (a.options.limit ?? 'aggregate') as TryLimit;
  if (limit !== 'aggregate' && limit !== 'per-task') throw invalid('limit', a.options.limit, 'aggregate or per-task');
  const resampling = (a.options.resampling ?? 'within-sample') as AgreementResampling;
  if (resampling !== 'within-sample' && resampling !== 'samples') throw invalid('resampling', a.options.resampling, 'within-sample or samples');
  let buckets: number[] = [...DEFAULT_BUCKET_EDGES_H];
  if (a.options.buckets !== undefined) {
    buckets = a.options.buckets.split(',').map((s) => Number(s));
    if (buckets.some((e, i) => !(e > 0) || !Number.isFinite(e) || (i > 0 && !(e > buckets[i - 1])))) throw invalid('buckets', a.options.buckets, 'increasing comma-separated hours > 0, such as 1,4,12');
  }
  const draws = a.options.draws === undefined ? 2000 : positiveInt('draws', a.options.draws);
  const seed = a.options.seed === undefined ? 1 : finiteNumber('seed', a.options.seed);
  if (!Number.isSafeInteger(seed)) throw invalid('seed', a.options.seed, 'an integer');
  const level = a.options.level === undefined ? 0.95 : finiteNumber('level', a.options.level);
  if (!(level > 0 && level < 1)) throw invalid('level', a.options.level, 'a number between 0 and 1, such as 0.95');

  const tasks = readGdpvalTasks(input);
  if (tasks.length === 0) throw new J2GError(`no tasks in ${input}`);
  const grades = a.options.grades === undefined ? null : readGrades(a.options.grades);

  const models = [...new Set(tasks.map((t) => t.model))].sort();
  const out = {
    input,
    accept,
    tries,
    limit,
    buckets_h: buckets,
    models: models.map((model) => {
      const ts = tasks.filter((t) => t.model === model);
      const n = ts.reduce((s, t) => s + t.wins + t.ties + t.losses, 0);
      return {
        model,
        tasks: ts.length,
        comparisons: n,
        win_rate: ts.reduce((s, t) => s + t.wins, 0) / n,
        win_or_tie_rate: ts.reduce((s, t) => s + t.wins + t.ties, 0) / n,
        win_rate_interval: interval(winRateInterval(ts, 'win', level)),
        win_or_tie_rate_interval: interval(winRateInterval(ts, 'win-or-tie', level)),
        human_time_min_mean: mean(ts.map((t) => t.humanTimeMin)),
        human_cost_usd_mean: mean(ts.map((t) => t.humanCostUSD)),
        review_time_min_mean: mean(ts.map((t) => t.reviewTimeMin)),
        review_cost_usd_mean: mean(ts.map((t) => t.reviewCostUSD)),
        model_time_min_mean: mean(ts.map((t) => t.modelTimeMin)),
        model_cost_usd_mean: mean(ts.map((t) => t.modelCostUSD)),
        time: scenarios(model, ts, 'time', accept, tries, limit),
        cost: scenarios(model, ts, 'cost', accept, tries, limit),
        win_rates: {
          by_sector: winRatesBy(ts, 'sector', undefined, level),
          by_occupation: winRatesBy(ts, 'occupation', undefined, level),
          by_deliverable_type: winRatesBy(ts, 'deliverableType', undefined, level),
          by_completion_time: winRatesBy(ts, 'completionTime', buckets, level),
        },
      };
    }),
    agreement: grades
      ? {
          resampling,
          draws,
          seed,
          level,
          overall: agreements('overall', grades, { draws, seed, level, resampling }),
          by_model: Object.fromEntries(
            [...new Set(grades.map((g) => g.model))].sort().map((m) => [m, agreements(`model ${m}`, grades.filter((g) => g.model === m), { draws, seed, level, resampling })]),
          ),
        }
      : null,
    ...(selection ? { occupations: a.options.occupations, digital_threshold: threshold, per_sector: perSector, occupation_selection: selection } : {}),
  };
  console.log(JSON.stringify(out, null, 2));
  return 0;
}

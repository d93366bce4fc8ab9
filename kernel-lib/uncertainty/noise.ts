/**
 * Which sources of noise an interval covers (issue #26, part 2; QAIJ "Sources of uncertainty": task
 * sampling, stochastic outputs and trajectories, grading error, meter calibration and sampling, the
 * weights). The scenario field `noise` switches each source on beside task sampling, which every
 * interval covers; its default (every switch off) is the paper's task-composition bootstrap
 * (Joules-to-GDP K.1), byte for byte.
 *
 *   attempts  resample which recorded attempts are the charged runs within each resampled task
 *   grading   resample which judge's verdicts credit each resampled task
 *   meter     relative meter errors (QAIJ "Sources of uncertainty": E~ = E + eps + beta), applied as
 *             multiplicative lognormal factors with mean 1 (meterFactor): eps per run, beta per system
 *             and draw, both relative standard deviations (0.05: 5%); null: none
 *
 * The draws themselves: tables/noisyDraws.ts (a two-stage bootstrap, Ren et al. 2010).
 */
import { J2GError } from '../errors.ts';

/** Which sources of noise a bootstrap draws beside task sampling. */
export interface Noise {
  /** resample which recorded attempts are the charged runs, within each resampled task */
  attempts: boolean;
  /** resample which judge's verdicts credit each resampled task */
  grading: boolean;
  /** relative meter errors: eps per run, beta per system (standard deviations; 0.05 = 5%), or null: none */
  meter: { eps: number; beta: number } | null;
}

/** Tasks only: the paper's intervals. */
export const NO_NOISE: Noise = Object.freeze({ attempts: false, grading: false, meter: null });

/**
 * A noise option with every field filled (default: NO_NOISE); throws "invalid noise.meter.eps: -1
 * (expected ...)" and the like, and names an unknown key.
 * @example resolveNoise({ grading: true }) // => { attempts: false, grading: true, meter: null }
 */
export function resolveNoise(noise: Partial<Noise> | undefined | null): Noise {
  if (noise === undefined || noise === null) return NO_NOISE;
  if (typeof noise !== 'object' || Array.isArray(noise)) throw new J2GError(`invalid noise: ${JSON.stringify(noise)} (expected an object {attempts, grading, meter})`);
  for (const k of Object.keys(noise)) if (!['attempts', 'grading', 'meter'].includes(k)) throw new J2GError(`invalid noise.${k}: no such source (known: attempts, grading, meter)`);
  const n = { ...NO_NOISE, ...noise };
  for (const k of ['attempts', 'grading'] as const) if (typeof n[k] !== 'boolean') throw new J2GError(`invalid noise.${k}: ${JSON.stringify(n[k])} (expected true or false)`);
  if (n.meter !== null) {
    if (typeof n.meter !== 'object') throw new J2GError(`invalid noise.meter: ${JSON.stringify(n.meter)} (expected null or {"eps": relative SD >= 0, "beta": relative SD >= 0})`);
    for (const k of ['eps', 'beta'] as const) {
      const v = (n.meter as Record<string, unknown>)[k];
      if (typeof v !== 'number' || !(v >= 0) || !Number.isFinite(v)) throw new J2GError(`invalid noise.meter.${k}: ${JSON.stringify(v)} (expected a relative standard deviation >= 0)`);
    }
  }
  if (!n.attempts && !n.grading && n.meter === null) return NO_NOISE;
  return Object.freeze({ attempts: n.attempts, grading: n.grading, meter: n.meter === null ? null : Object.freeze({ eps: n.meter.eps, beta: n.meter.beta }) });
}

/** Whether a noise option draws nothing but tasks. */
export function tasksOnly(n: Noise): boolean {
  return !n.attempts && !n.grading && n.meter === null;
}

/**
 * The sources an interval covers, in words (captions, reports): task sampling always, then each
 * source switched on.
 * @example noiseWords({ attempts: false, grading: true, meter: { eps: 0.05, beta: 0.02 } }) // => 'tasks, grading and meter error (eps 5%, beta 2%)'
 */
export function noiseWords(n: Noise): string {
  const parts = ['tasks'];
  if (n.attempts) parts.push('attempts');
  if (n.grading) parts.push('grading');
  if (n.meter) parts.push(`meter error (eps ${+(n.meter.eps * 100).toPrecision(6)}%, beta ${+(n.meter.beta * 100).toPrecision(6)}%)`);
  return parts.length === 1 ? 'tasks only' : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

/**
 * The `--noise` flag's text as a noise option: a comma list of `tasks` (the default, alone),
 * `attempts`, `grading` and `meter:EPS:BETA` (relative SDs, 0.05 = 5%).
 * @example noiseFromText('attempts,meter:0.05:0') // => { attempts: true, grading: false, meter: { eps: 0.05, beta: 0 } }
 */
export function noiseFromText(text: string): Noise {
  const out = { attempts: false, grading: false, meter: null as Noise['meter'] };
  const allowed = 'a comma list of tasks, attempts, grading, meter:EPS:BETA (relative SDs, e.g. meter:0.05:0.02)';
  const parts = text.split(',').map((p) => p.trim());
  for (const p of parts) {
    const m = /^meter:([0-9.eE+-]+):([0-9.eE+-]+)$/.exec(p);
    if (p === 'tasks' && parts.length === 1) continue;
    if (p === 'attempts' && !out.attempts) out.attempts = true;
    else if (p === 'grading' && !out.grading) out.grading = true;
    else if (m && out.meter === null) out.meter = { eps: Number(m[1]), beta: Number(m[2]) };
    else throw new J2GError(`invalid noise: ${JSON.stringify(text)} (expected ${allowed}; "${p}" is not allowed there)`);
  }
  return resolveNoise(out);
}

/**
 * A noise option as `--noise` text (noiseFromText's inverse).
 * @example noiseText({ attempts: true, grading: false, meter: null }) // => 'attempts'
 */
export function noiseText(n: Noise): string {
  const parts: string[] = [];
  if (n.attempts) parts.push('attempts');
  if (n.grading) parts.push('grading');
  if (n.meter) parts.push(`meter:${n.meter.eps}:${n.meter.beta}`);
  return parts.length ? parts.join(',') : 'tasks';
}

/**
 * One multiplicative meter-error factor: lognormal with mean 1 and relative standard deviation `sd`, from
 * a standard normal z. QAIJ "Sources of uncertainty" writes E~ = E + eps + beta with eps and beta of
 * relative size; as factors, E~ = E F_eps F_beta, so that a reading stays positive at any stated error
 * (an additive normal with sd 0.2 makes a 5-sigma draw of 1 - 5 x 0.2 = 0, non-positive).
 *
 * Formula: F = exp(s z - s^2 / 2) with s^2 = ln(1 + sd^2); then E[F] = 1 and SD[F] = sd exactly (the
 * lognormal's moments), so the mean energy is unchanged and sd keeps its meaning, a relative SD.
 * Units: sd a fraction (0.05 = 5%), z dimensionless. Domain: sd >= 0 finite; sd = 0 gives 1 exactly.
 * @example meterFactor(0, 0) // => 1
 * @example meterFactor(1, 0.2) // => 1.195341 (exp(s - s^2 / 2), s = sqrt(ln 1.04))
 */
export function meterFactor(z: number, sd: number): number {
  if (sd === 0) return 1;
  const s2 = Math.log1p(sd * sd);
  return Math.exp(Math.sqrt(s2) * z - s2 / 2);
}

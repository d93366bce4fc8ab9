/**
 * Meter-error sizes measured by a dataset's own traces (`--noise meter:trace`): where `j2g energy` saw a
 * GPU through two meters (its energy counter and its power series), each run's signed relative
 * disagreement d_i = (E_power - E_counter) / E_counter is in runs.csv (`meter_disagreement_rel`,
 * energy/crossCheck.ts). QAIJ "Sources of uncertainty": E~ = E + eps + beta per meter.
 *
 * Model: each meter reads E (1 + eps_m,i + beta_m), eps a random error per run and meter (SD eps),
 * beta a calibration bias per meter (SD beta), the two meters equally good and independent. Then
 * d_i ~ (eps_p,i - eps_c,i) + (beta_p - beta_c): its spread over runs has SD sqrt(2) eps, and its mean
 * is one draw of a bias difference of SD sqrt(2) beta. So
 *   eps = SD(d) / sqrt(2) (sample SD, n - 1),   beta = |mean(d)| / sqrt(2),
 * the sizes of ONE meter's error, which `--noise meter:EPS:BETA` applies to the runs' energy.
 * Units: fractions (0.05 = 5%). Domain: at least two runs with a value; otherwise a J2GError says why.
 *
 * @example meterErrorFromDisagreements([0.1, 0.3]) // => { eps: 0.1, beta: 0.141421, runs: 2 }
 */
import { J2GError } from '../errors.ts';

export interface MeterErrorEstimate {
  eps: number;
  beta: number;
  runs: number;
}

export function meterErrorFromDisagreements(d: readonly number[], where = 'the dataset'): MeterErrorEstimate {
  const xs = d.filter((x) => Number.isFinite(x));
  if (xs.length < 2) {
    throw new J2GError(`--noise meter:trace: ${where} has ${xs.length === 0 ? 'no run' : 'one run'} with a meter cross-check (runs.csv meter_disagreement_rel, written by j2g energy where a trace measured a GPU by both its energy counter and its power series: NVML and nvidia-smi, or AMD SMI's counter and socket power); at least two are needed to size the meter error. Give the sizes yourself: --noise meter:EPS:BETA`);
  }
  const n = xs.length;
  const mean = xs.reduce((a, x) => a + x, 0) / n;
  const sd = Math.sqrt(xs.reduce((a, x) => a + (x - mean) ** 2, 0) / (n - 1));
  return { eps: sd / Math.SQRT2, beta: Math.abs(mean) / Math.SQRT2, runs: n };
}

/**
 * The sources of noise of the uncertainty budget (issue #26, part 2): the scenario field `noise`
 * (uncertainty/noise.ts) and the two-stage bootstrap that draws them (tables/noisyDraws.ts), which the
 * interval tables call when the scenario's `noise` is on.
 */
export { NO_NOISE, resolveNoise, tasksOnly, noiseWords, noiseFromText, noiseText, type Noise } from '../uncertainty/noise.ts';
export { noisyDraws, type NoisyDraws } from '../tables/noisyDraws.ts';

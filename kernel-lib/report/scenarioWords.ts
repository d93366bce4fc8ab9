/**
 * The resolved scenario in words, for the report pages and their tests.
 */
import { referenceWords, weightsWords, policyWords } from '../plots/captions.ts';
import { policyFromText, type ResolvedScenario } from '../scenario/schema.ts';
import { noiseWords, resolveNoise, tasksOnly } from '../uncertainty/noise.ts';

/**
 * What every table and figure was computed under, in words, from the resolved scenario.
 * @example scenarioWords(resolveScenario({ dataset: 'data/recorded/synthetic-small' }, loadDataset('data/recorded/synthetic-small'))).startsWith('system sysX, judge J1, attempt 1 (pass@1)') // => true
 */
export function scenarioWords(s: ResolvedScenario): string {
  const rates = s.rates.nodeRateUSDPerHour === null && !Object.keys(s.rates.bySystem).length && s.rates.nodeTypesFile === null
    ? 'recorded node-hour rates'
    : [s.rates.nodeRateUSDPerHour !== null ? `${s.rates.nodeRateUSDPerHour} USD per node-hour on the primary node type` : null,
      ...Object.entries(s.rates.bySystem).map(([k, v]) => `${k} at ${v} USD per node-hour`),
      s.rates.nodeTypesFile !== null ? `node-type rates from ${s.rates.nodeTypesFile}` : null].filter(Boolean).join(', ');
  const weights = typeof s.weights === 'string' ? weightsWords(s.weights) : 'file' in s.weights ? `weighted by ${s.weights.file}` : weightsWords('custom');
  return [
    `system ${s.system}`, `judge ${s.judge}`, policyWords(policyFromText(s.policy)!), referenceWords(s.judgmentReference, s.timeReference),
    weights, rates, `${s.draws} bootstrap draws (seed ${s.seed})${tasksOnly(resolveNoise(s.noise)) ? '' : ` over ${noiseWords(resolveNoise(s.noise))}`}`, `${s.winTieInterval.replace('_', ' ')} win-tie intervals`,
    s.qaij.latencyMaxS === null ? 'no QAIJ latency contract' : `QAIJ latency contract ${s.qaij.latencyMaxS} s`,
  ].join(', ');
}

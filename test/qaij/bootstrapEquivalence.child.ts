/**
 * Child process of fastBootstrapQaij.test.ts (heavy work stays out of the vitest worker): checks the
 * fast bootstrap against the oracle on the reconstructed dataset (the four bootstraps of its
 * seven-part report at 1,000 draws, and qaijDatasetReport's intervals against oracle calls) and on
 * 400 seeded random cases. Prints one JSON line: { checked, errors, differences }.
 * usage: node --import tsx test/qaij/bootstrapEquivalence.child.ts
 */
import { loadDataset } from '../../kernel-lib/data/load.ts';
import { qaijDatasetReport } from '../../kernel-lib/qaij/datasetReport.ts';
import { occupationMixes, taskResultsFromDataset } from '../../kernel-lib/qaij/fromDataset.ts';
import type { BootstrapOptions } from '../../kernel-lib/qaij/bootstrapQaij.ts';
import { firstDifference, naivePaired, pairedDifference, randomCase } from './bootstrapEquivalence.ts';

const RECONSTRUCTED = new URL('../../data/recorded/joules-to-gdp-reconstructed/', import.meta.url).pathname;
const differences: string[] = [];
let checked = 0, errors = 0;

const ds = loadDataset(RECONSTRUCTED);
const { results } = taskResultsFromDataset(ds, { difficulty: 'expert-hours' }); // as qaijDatasetReport builds them
const mixes = occupationMixes(ds);
const base = { draws: 1000, seed: ds.manifest.bootstrap.seed };
const variants: BootstrapOptions[] = [
  { ...base, difficulty: 'unweighted' as const },
  { ...base, difficulty: 'weighted' as const },
  { ...base, difficulty: 'unweighted' as const, targetMix: mixes.employment },
  { ...base, difficulty: 'unweighted' as const, targetMix: mixes.equal },
  { ...base, difficulty: 'unweighted' as const, targetMix: mixes.employment, trimAt: 2, latency: { latencyMaxS: 3600 } },
];
for (const v of variants) {
  const d = pairedDifference(results, [v]);
  checked++;
  if (d) differences.push(`reconstructed ${JSON.stringify({ ...v, targetMix: v.targetMix ? 'mix' : undefined })}: ${d}`);
}
// the seven-part report's intervals are the oracle's, variant by variant
const report = qaijDatasetReport(ds, { draws: 1000 });
const oracle = naivePaired(results, variants.slice(0, 4));
if (!('value' in oracle)) differences.push(`oracle threw on the reconstructed dataset: ${oracle.error}`);
else {
  const [u, w, emp, eq] = oracle.value;
  for (const [system, s] of Object.entries(report.systems)) {
    const pick = (b: typeof u) => { const x = b.get(system)!; return { qaij: x.qaij, serviceMean: x.serviceMean, energyMeanJ: x.energyMeanJ }; };
    const got = {
      u: { qaij: s.unweighted.qaij, serviceMean: s.unweighted.serviceMean, energyMeanJ: s.unweighted.energyMeanJ },
      w: { qaij: s.difficultyWeighted.qaij, serviceMean: s.difficultyWeighted.serviceMean, energyMeanJ: s.difficultyWeighted.energyMeanJ },
      emp: s.alternativeMixes.employment.qaij,
      eq: s.alternativeMixes.equal.qaij,
    };
    const want = { u: pick(u), w: pick(w), emp: emp.get(system)!.qaij, eq: eq.get(system)!.qaij };
    const d = firstDifference(got, want, `report.${system}`);
    checked++;
    if (d) differences.push(d);
  }
}

for (let seed = 1; seed <= 300; seed++) {
  const { results: rs, variants: vs } = randomCase(seed);
  const o = naivePaired(rs, vs);
  if ('error' in o) errors++;
  const d = pairedDifference(rs, vs);
  checked++;
  if (d) differences.push(`random case ${seed}: ${d}`);
  // each variant alone too (bootstrapQaij's own path, and errors of later variants)
  for (let k = 0; k < vs.length; k++) {
    const dk = pairedDifference(rs, [vs[k]]);
    checked++;
    if (dk) differences.push(`random case ${seed} variant ${k}: ${dk}`);
  }
}
console.log(JSON.stringify({ checked, errors, differences: differences.slice(0, 20) }));

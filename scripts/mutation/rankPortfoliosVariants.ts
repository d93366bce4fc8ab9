/**
 * `node --import tsx scripts/mutation/rankPortfoliosVariants.ts A.ts B.ts ...` (REPS=40 by default): for
 * #29's rule that speed-only code may be simplified only if no number changes and no speed is lost.
 * Each argument is a module exporting rankPortfolios (a copy of kernel-lib/uncertainty/rankPortfolios.ts
 * with one change, its imports made absolute). On Table 16's input from the reconstructed dataset
 * (10,000 portfolios) it checks that every variant's output equals the first's bit for bit (four
 * seeds), then times the variants interleaved in one process and prints each one's median wall and CPU
 * time per call and its CPU ratio to the first (a same-run ratio: fair on a loaded machine).
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadDataset } from '../../kernel-lib/data/load.ts';
import { resolveContext } from '../../kernel-lib/tables/context.ts';
import { evaluate, weightedCategories } from '../../kernel-lib/tables/evaluate.ts';
import { onWarning } from '../../kernel-lib/warn.ts';
const names = process.argv.slice(2);
const mods = await Promise.all(names.map((n) => import(pathToFileURL(resolve(n)).href)));
onWarning(null);
const dataset = loadDataset(new URL('../../data/recorded/joules-to-gdp-reconstructed/', import.meta.url).pathname);
const ctx = resolveContext({ dataset, bootstrap: { draws: 10000, seed: 20260726 } });
const ev = evaluate(ctx);
const { categoryOf: cats, names: catNames } = weightedCategories(ctx, ev);
const c = ev.components;
const groupOf = Int32Array.from(cats, (x) => catNames.indexOf(x));
const tasks = Array.from(c.occupationIndex.keys()).filter((i) => groupOf[c.occupationIndex[i]] >= 0);
const pick = (x: Float64Array) => Float64Array.from(tasks, (i) => x[i]);
const input = {
  occupationIndex: Int32Array.from(tasks, (i) => c.occupationIndex[i]), categoryOf: groupOf.map((g) => Math.max(0, g)), categories: catNames.length,
  weights: ev.weights, credit: pick(c.credit), valueUSD: pick(c.valueUSD), costUSD: pick(c.costUSD), energyMJ: pick(c.energyMJ), timeSavingHours: pick(c.timeSavingHours),
};
console.log(`categories ${input.categories}, tasks ${tasks.length}`);
// identical outputs
const ref = mods[0].rankPortfolios(input, { draws: 10000, seed: 20260726 });
for (let v = 1; v < mods.length; v++) {
  for (const seed of [20260726, 1, 2, 3]) {
    const a = mods[0].rankPortfolios(input, { draws: 10000, seed }), b = mods[v].rankPortfolios(input, { draws: 10000, seed });
    for (const k of Object.keys(a)) {
      const x = a[k], y = b[k];
      const same = x.leader === y.leader && x.leaderRetainedPct === y.leaderRetainedPct && x.constantRankings === y.constantRankings
        && x.rho.every((r: number, i: number) => Object.is(r, y.rho[i])) && x.full.every((r: number, i: number) => Object.is(r, y.full[i]));
      if (!same) { console.log(`DIFFERENT: ${names[v]} ${k} seed ${seed}`); process.exitCode = 1; }
    }
  }
}
void ref;
const REPS = Number(process.env.REPS ?? 40);
const wall = names.map(() => [] as number[]), cpu = names.map(() => [] as number[]);
for (let w = 0; w < 5; w++) for (const m of mods) m.rankPortfolios(input, { draws: 10000, seed: w });
for (let r = 0; r < REPS; r++) {
  for (let v = 0; v < mods.length; v++) {
    const c0 = process.cpuUsage(), t0 = performance.now();
    mods[v].rankPortfolios(input, { draws: 10000, seed: 100 + r });
    const t1 = performance.now(), c1 = process.cpuUsage(c0);
    wall[v].push(t1 - t0); cpu[v].push((c1.user + c1.system) / 1000);
  }
}
const med = (x: number[]) => { const s = x.slice().sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };
names.forEach((n, v) => console.log(`${n.padEnd(40)} median wall ${med(wall[v]).toFixed(2)} ms, median CPU ${med(cpu[v]).toFixed(2)} ms, ratio to ${names[0]} (CPU) ${(med(cpu[v]) / med(cpu[0])).toFixed(3)}`));

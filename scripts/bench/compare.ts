/**
 * `j2g compare` on the three canonical analyses of notebooks/12-what-if.ipynb, on the reconstructed
 * dataset with its manifest's 10,000 paired draws: wall seconds per run of the command (a child
 * process, Node start-up included). Target (issue #11): under 5 s each on the 2-core machine.
 * Beside it, the in-process part: `compareScenarios` alone on an already loaded dataset (wall and CPU
 * seconds), so that start-up (the compiled-bundle work, #14) and the comparison itself are told apart.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadScenario } from '../../kernel-lib/scenario/files.ts';
import { compareScenarios } from '../../kernel-lib/scenario/compare.ts';
import { onWarning } from '../../kernel-lib/warn.ts';

const ROOT = new URL('../../', import.meta.url).pathname;
const J2G = join(ROOT, 'bin/j2g.mjs');
const DATA = join(ROOT, 'data/recorded/joules-to-gdp-reconstructed');

export const ANALYSES: Record<string, object> = {
  'node rate 50.44 (CoreWeave) vs AWS': { rates: { nodeRateUSDPerHour: 50.44 } },
  'employment vs GDP weights': { weights: 'employment' },
  'expert-with-AI reference under pass@2': { judgmentReference: 'expert_with_ai', policy: 'pass@2' },
};

export async function benchCompare(): Promise<Record<string, number | string>> {
  const dir = mkdtempSync(join(tmpdir(), 'j2g-bench-compare-'));
  const base = join(dir, 'base.json');
  writeFileSync(base, JSON.stringify({ dataset: DATA }));
  const out: Record<string, number | string> = {};
  let i = 0;
  for (const [name, fields] of Object.entries(ANALYSES)) {
    const variant = join(dir, `variant${i++}.json`);
    writeFileSync(variant, JSON.stringify({ dataset: DATA, ...fields }));
    const t0 = performance.now();
    execFileSync(process.execPath, [J2G, 'compare', '--base', base, '--variant', variant, '--out', join(dir, `out${i}`)], { stdio: ['ignore', 'ignore', 'ignore'] });
    const s = (performance.now() - t0) / 1000;
    out[`${name} (s, target < 5)`] = Number(s.toFixed(2));
  }
  onWarning(() => {});
  const baseSide = loadScenario({ dataset: DATA });
  for (const [name, fields] of Object.entries(ANALYSES)) {
    const variant = loadScenario({ dataset: DATA, ...fields }, { dataset: baseSide.dataset });
    const t0 = performance.now(), c0 = process.cpuUsage();
    const c = compareScenarios(baseSide, variant);
    const cpu = process.cpuUsage(c0);
    out[`${name}: compareScenarios in-process (wall s / CPU s, ${c.cells.filter((x) => x.lo !== null).length} paired intervals)`] = `${((performance.now() - t0) / 1000).toFixed(2)} / ${((cpu.user + cpu.system) / 1e6).toFixed(2)}`;
  }
  return out;
}

/**
 * A second, deliberately plain implementation of the paper's headline numbers, for checking a
 * reconstructed dataset directory against the printed paper without the project's table code (#29):
 * GLM 5.2's row of Joules-to-GDP Table 1 and its output value per task (section 3.2), pass@1,
 * expert-only reference, primary judge, GDP weights of section 2.5:
 *   w_o = (s_sector / sum of s over the sectors present) x (employment_o / evaluated employment of the sector)
 *   X = sum_o w_o (1 / n_o) sum_{i in o} x_i, with G_i = Y_i H_i W_o, C_i, E_i, L_i of attempt 1.
 * Its own CSV reading (quoted fields allowed), no import from kernel-lib.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

function readCsv(path: string): Record<string, string>[] {
  const rows: string[][] = [];
  let field = '', row: string[] = [], quoted = false;
  const text = readFileSync(path, 'utf8');
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') { field += '"'; i++; } else if (ch === '"') quoted = false; else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') { row.push(field); field = ''; } else if (ch === '\n') { row.push(field); rows.push(row); row = []; field = ''; } else if (ch !== '\r') field += ch;
  }
  if (field !== '' || row.length) { row.push(field); rows.push(row); }
  const [header, ...body] = rows;
  return body.map((r) => Object.fromEntries(header.map((h, k) => [h, r[k]])));
}

export interface HeadlineNumbers { valueUSD: number; costUSD: number; minutes: number; energyMJ: number; nvj: number; nvPerAIUSD: number; nvPerAIHour: number; timeSavingHours: number }

export function glmHeadline(dir: string): HeadlineNumbers {
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
  const system: string = manifest.primary_system, judge: string = manifest.primary_judge;
  const occs = readCsv(join(dir, 'occupations.csv')), sectors = readCsv(join(dir, 'sectors.csv'));
  const tasks = readCsv(join(dir, 'tasks.csv')), runs = readCsv(join(dir, 'runs.csv')), judgments = readCsv(join(dir, 'judgments.csv'));
  const evaluated = new Set(tasks.map((t) => t.occupation));
  const share = new Map(sectors.map((s) => [s.sector, Number(s.gdp_share)]));
  const sectorEmp = new Map<string, number>();
  for (const o of occs) if (evaluated.has(o.occupation)) sectorEmp.set(o.sector, (sectorEmp.get(o.sector) ?? 0) + Number(o.employment));
  let shareTotal = 0;
  for (const s of sectorEmp.keys()) shareTotal += share.get(s)!;
  const occ = new Map(occs.filter((o) => evaluated.has(o.occupation)).map((o) => [o.occupation, {
    w: (share.get(o.sector)! / shareTotal) * (Number(o.employment) / sectorEmp.get(o.sector)!), wage: Number(o.median_hourly_wage_usd), n: 0,
    g: 0, c: 0, e: 0, l: 0, s: 0,
  }]));
  const outcome = new Map(judgments.filter((j) => j.reference === 'expert_only' && j.judge === judge).map((j) => [j.run_id, j.outcome]));
  const run = new Map(runs.filter((r) => r.system === system && r.attempt === '1').map((r) => [r.task_id, r]));
  for (const t of tasks) {
    const o = occ.get(t.occupation)!, r = run.get(t.task_id)!;
    const y = outcome.get(r.run_id) === 'loss' ? 0 : 1;
    const h = Number(t.expert_hours), l = Number(r.ai_hours);
    o.n++; o.g += y * h * o.wage; o.c += Number(r.cost_usd); o.e += Number(r.energy_mj); o.l += l; o.s += y * (h - l);
  }
  let g = 0, c = 0, e = 0, l = 0, s = 0;
  for (const o of occ.values()) { g += (o.w * o.g) / o.n; c += (o.w * o.c) / o.n; e += (o.w * o.e) / o.n; l += (o.w * o.l) / o.n; s += (o.w * o.s) / o.n; }
  return { valueUSD: g, costUSD: c, minutes: 60 * l, energyMJ: e, nvj: (g - c) / e, nvPerAIUSD: (g - c) / c, nvPerAIHour: (g - c) / l, timeSavingHours: s };
}

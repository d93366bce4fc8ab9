/**
 * Every category of every figure is labelled: Plotly thins a category axis's tick labels when it
 * judges them crowded (its automatic tick mode keeps every n-th category), so a specification curve's
 * choice rows, a ranking's occupations or a figure's attempts sat unlabelled beside other rows'
 * labels. A categorical axis must say "every category" itself: tickmode 'linear' with dtick 1 (one
 * tick per category), or an explicit tickvals list holding every category it shows.
 *
 * Oracle: the traces of each spec (which axes carry strings, and which strings), not the builders;
 * every paper figure of synthetic-small and of the reconstruction, the specification curve with 17
 * choice rows (the case the report showed thinned), and the uncertainty budget.
 */
import { describe, expect, it } from 'vitest';
import { loadDataset } from '../../kernel-lib/data/index.ts';
import { axisKeys, paperFigures, type PlotSpec } from '../../kernel-lib/plots/index.ts';
import { specificationCurve } from '../../kernel-lib/plots/specificationCurve.ts';
import { uncertaintyBudgetFigure } from '../../kernel-lib/plots/uncertaintyBudget.ts';
import { onWarning } from '../../kernel-lib/warn.ts';
import { SMALL } from '../helpers/dataset.ts';

const RECON = new URL('../../data/recorded/joules-to-gdp-reconstructed/', import.meta.url).pathname;
type Rec = Record<string, unknown>;

/** The categories each axis of a spec shows: the strings its traces put on it (axis key -> set). */
export function categoriesByAxis(spec: PlotSpec): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const t of spec.data as Rec[]) {
    for (const dim of ['x', 'y'] as const) {
      const values = t[dim];
      if (!Array.isArray(values) || !values.some((v) => typeof v === 'string')) continue;
      const ref = String(t[`${dim}axis`] ?? dim);
      const key = `${dim}axis${ref.slice(1)}`;
      const set = out.get(key) ?? new Set<string>();
      for (const v of values) set.add(String(v));
      out.set(key, set);
    }
  }
  return out;
}

/** The categories of an axis that its settings leave to Plotly's thinning (none: every one labelled). */
export function thinnedCategories(spec: PlotSpec): string[] {
  const problems: string[] = [];
  for (const [key, cats] of categoriesByAxis(spec)) {
    const a = ((spec.layout as Rec)[key] ?? {}) as Rec;
    if (a.visible === false || a.showticklabels === false) continue;
    const every = a.tickmode === 'linear' && a.dtick === 1 && (a.tick0 === undefined || a.tick0 === 0);
    const listed = a.tickmode === 'array' && Array.isArray(a.tickvals) && [...cats].every((c) => (a.tickvals as unknown[]).includes(c));
    if (!every && !listed) problems.push(`${key}: ${cats.size} categories, tickmode ${String(a.tickmode ?? 'auto')}, dtick ${String(a.dtick ?? 'auto')}`);
  }
  return problems;
}

const figures: { name: string; spec: PlotSpec }[] = [];
onWarning(null);
for (const [set, dir] of [['small', SMALL], ['recon', RECON]] as const) {
  for (const f of paperFigures({ dataset: loadDataset(dir), bootstrap: false })) if ('spec' in f) figures.push({ name: `${set} ${f.id}`, spec: f.spec });
}
const fields = [
  { field: 'judge', values: ['a', 'b', 'c'] }, { field: 'judgmentReference', values: ['expert_only', 'expert_with_ai'] },
  { field: 'timeReference', values: ['expert_only', 'expert_with_ai'] }, { field: 'policy', values: ['pass@1', 'pass@2', 'pass@3', 'pass@4', '3-of-4'] },
  { field: 'weights', values: ['gdp', 'employment', 'equal'] }, { field: 'rates', values: ['recorded', 'aws'] },
];
const rows = Array.from({ length: 40 }, (_, i) => ({
  spec: `s${i}`, value: i, lo: null, hi: null, reference: i === 0,
  choices: Object.fromEntries(fields.map((f, j) => [f.field, f.values[(i + j) % f.values.length]])),
}));
figures.push({ name: 'specification curve', spec: specificationCurve(rows, { fields }) });
figures.push({ name: 'uncertainty budget', spec: uncertaintyBudgetFigure(Array.from({ length: 14 }, (_, i) => ({ row: `Category ${i} with a long name`, width: { tasks: 1, attempts: 1, grading: 1, meter: 1, all: 2 } }))) });

describe('category ticks', () => {
  it('finds the axes it checks: the specification curve shows its 17 choice rows on yaxis2', () => {
    const curve = figures.find((f) => f.name === 'specification curve')!.spec;
    expect(categoriesByAxis(curve).get('yaxis2')!.size).toBe(17);
    // and the check fires on an axis left to Plotly (the spec without its tick settings)
    const bare = { ...curve, layout: { ...curve.layout, yaxis2: { ...(curve.layout.yaxis2 as Rec), tickmode: undefined, dtick: undefined } } } as PlotSpec;
    expect(thinnedCategories(bare)).toEqual(['yaxis2: 17 categories, tickmode auto, dtick auto']);
  });

  it('every categorical axis of every figure labels every category', () => {
    const problems = figures.flatMap(({ name, spec }) => thinnedCategories(spec).map((p) => `${name} ${p}`));
    expect(problems).toEqual([]);
    // and there are categorical axes to check in most figures
    expect(figures.filter((f) => categoriesByAxis(f.spec).size > 0).length).toBeGreaterThan(20);
    for (const f of figures) for (const k of categoriesByAxis(f.spec).keys()) expect(axisKeys(f.spec.layout), `${f.name} ${k}`).toContain(k);
  });
});

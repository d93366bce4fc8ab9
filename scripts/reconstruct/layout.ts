/**
 * The reconstruction's occupations and tasks, from the public reference facts (data/reference/).
 */
import { loadReference } from '../../kernel-lib/reference/index.ts';
import { gdpOccupationWeights } from '../../kernel-lib/weights/gdpOccupationWeights.ts';
import { makeLayout, type Layout, type Occupation, type Task } from './model.ts';
import { SYSTEMS } from './spec.ts';

export function referenceLayout(): { layout: Layout; sectors: { sector: string; gdpShare: number }[] } {
  const ref = loadReference();
  const w = gdpOccupationWeights(
    ref.occupations.map((o) => ({ occupation: o.occupation, sector: o.sector, employment: o.employment })),
    ref.sectors.map((s) => ({ sector: s.sector, gdpShare: s.gdpShare })),
  );
  const catWeight = new Map<string, number>();
  for (const o of ref.occupations) catWeight.set(o.category, (catWeight.get(o.category) ?? 0) + w.get(o.occupation)!);
  const occupations: Occupation[] = ref.occupations.map((o) => ({
    name: o.occupation, socCode: o.socCode, category: o.category, categoryLabel: o.categoryLabel, sector: o.sector,
    employment: o.employment, wage: o.medianHourlyWageUSD, weight: w.get(o.occupation)!, categoryWeight: catWeight.get(o.category)!, tasks: [],
  }));
  const pos = new Map(occupations.map((o, i) => [o.name, i]));
  const tasks: Task[] = ref.tasks.map((t, i) => {
    const oi = pos.get(t.occupation)!;
    occupations[oi].tasks.push(i);
    return { id: t.taskId, occupation: oi };
  });
  return { layout: makeLayout(occupations, tasks, SYSTEMS), sectors: ref.sectors };
}

/**
 * The paper's GDP weights from the reference facts, keyed the way the published tables print them.
 * Uses kernel-lib/weights (Joules-to-GDP section 2.5); the reference facts are taken as exact.
 */
import { categoryWeights, gdpOccupationWeights } from '../weights/index.ts';
import type { Reference } from '../reference/index.ts';

export interface PaperWeights {
  /** w_o, summing to 1 over the 44 occupations */
  occupation: Map<string, number>;
  /** W_c, keyed by the category label printed in Tables 5, 13, 14 */
  category: Map<string, number>;
  /** occupation -> printed category label */
  categoryOf: Map<string, string>;
}

export function paperWeights(ref: Reference): PaperWeights {
  const occupation = gdpOccupationWeights(ref.occupations, ref.sectors);
  const categoryOf = new Map(ref.occupations.map((o) => [o.occupation, o.categoryLabel]));
  return { occupation, category: categoryWeights(occupation, categoryOf), categoryOf };
}

/** Messages between the explorer page and its interval worker (structured-cloneable plain values). */
import type { FigureResult } from '../plots/paperFigures.ts';
import type { FigureConstants, TableResult } from './compute.ts';
import type { PageScenario } from './scenario.ts';
import type { ScenarioComparison } from '../scenario/compare.ts';

export type ToWorker =
  | { type: 'load'; name: string; texts: Record<string, string>; nodeRates: string | null; constants: FigureConstants | null }
  | { type: 'run'; id: number; scenario: PageScenario; draws: number; baseline: PageScenario | null }
  /** the QAIJ table (computed only while the page's QAIJ panel is open: a bootstrap of its own) */
  | { type: 'qaij'; id: number; scenario: PageScenario; draws: number };

export type FromWorker =
  | { type: 'table'; id: number; result: TableResult; done: number; total: number }
  | { type: 'figures'; id: number; figures: FigureResult[] }
  | { type: 'comparison'; id: number; comparison: ScenarioComparison; ms: number }
  | { type: 'done'; id: number; ms: number; draws: number }
  | { type: 'qaij'; id: number; result: TableResult; ms: number }
  | { type: 'qaij-error'; id: number; message: string }
  | { type: 'error'; id: number; message: string };

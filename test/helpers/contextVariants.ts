/**
 * One scenario field changed at a time, each to a value that moves something on synthetic-small: the
 * variants the tables' and the figures' dependsOn tests both apply (a new scenario field goes here once).
 */
import type { TableOptions } from '../../kernel-lib/tables/options.ts';

export const CONTEXT_VARIANTS: Record<string, Partial<TableOptions>> = {
  system: { system: 'sysY' },
  judge: { judge: 'J2' },
  judgmentReference: { judgmentReference: 'expert_with_ai' },
  timeReference: { timeReference: 'expert_with_ai' },
  policy: { policy: 'pass@2' },
  tieCredit: { tieCredit: 0 },
  weights: { weights: 'equal' },
  rates: { rates: { nodeRateUSDPerHour: 3 } },
  sweep: { sweep: [{ label: 'x', usdPerNodeHour: 50 }] },
  winTieInterval: { winTieInterval: 'exact' },
  noise: { noise: { attempts: true, grading: true, meter: { eps: 0.05, beta: 0.05 } } },
};

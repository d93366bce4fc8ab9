/**
 * The recorded-data schema: a dataset is one directory of CSV files plus `manifest.json`
 * (documented column by column, with the paper's symbols, in data/README.md).
 *
 * Paper symbols (Joules-to-GDP sections 2.1-2.4): H expert completion time (hours), W median hourly
 * wage (USD/hour), Y win-or-tie indicator, L AI-system completion time (hours), C AI-system execution
 * cost (USD), E end-to-end energy (MJ).
 */
import { z } from 'zod';
import { nonNegativeNumber, oneOf, optional, positiveInteger, positiveNumber, requiredText } from './fields.ts';

export const REFERENCES = ['expert_only', 'expert_with_ai'] as const;
export type Reference = (typeof REFERENCES)[number];
export const OUTCOMES = ['win', 'tie', 'loss'] as const;
export type Outcome = (typeof OUTCOMES)[number];
export const PROVENANCES = ['recorded', 'reconstructed', 'synthetic'] as const;
export const ENERGY_BOUNDARIES = ['device', 'system', 'facility', 'lifecycle'] as const;

/** occupations.csv: one row per evaluated occupation; W = median_hourly_wage_usd. */
export const occupationRow = z.object({
  occupation: requiredText,
  soc_code: requiredText,
  category: requiredText,
  sector: requiredText,
  employment: nonNegativeNumber,
  median_hourly_wage_usd: positiveNumber,
});

/** sectors.csv: GDP share on any scale, normalised over the sectors present. */
export const sectorRow = z.object({
  sector: requiredText,
  gdp_share: positiveNumber,
});

/** tasks.csv: H (expert-only) and H (expert-with-AI) reference times. */
export const taskRow = z.object({
  task_id: requiredText,
  occupation: requiredText,
  expert_hours: positiveNumber,
  expert_ai_hours: optional(positiveNumber),
});

/** systems.csv: an AI system = model + harness + backend + accelerator (section 2). */
export const systemRow = z.object({
  system: requiredText,
  model: requiredText,
  harness: requiredText,
  backend: requiredText,
  accelerator: requiredText,
  accelerator_count: positiveInteger,
  node_rate_usd_per_hour: optional(positiveNumber),
});

/** runs.csv: one execution; L = ai_hours, C = cost_usd, E = energy_mj. Extra columns are kept. */
export const runRow = z.object({
  run_id: requiredText,
  task_id: requiredText,
  system: requiredText,
  attempt: positiveInteger,
  ai_hours: nonNegativeNumber,
  cost_usd: nonNegativeNumber,
  energy_mj: positiveNumber,
});

/** Optional runs.csv column: allocated node time T_alloc in hours (Appendix G), for rate sweeps. */
export const runNodeHours = optional(nonNegativeNumber);

/** judgments.csv: Y = 1 for win or tie. */
export const judgmentRow = z.object({
  run_id: requiredText,
  reference: oneOf(REFERENCES),
  judge: requiredText,
  outcome: oneOf(OUTCOMES),
});

export const manifestSchema = z.object({
  name: z.string().min(1),
  provenance: z.enum(PROVENANCES),
  energy_boundary: z.enum(ENERGY_BOUNDARIES),
  primary_system: z.string().min(1),
  primary_judge: z.string().min(1),
  bootstrap: z.object({
    draws: z.number().int().positive(),
    seed: z.number().int().nonnegative(),
  }),
  description: z.string().optional(),
});

export type OccupationRow = z.output<typeof occupationRow>;
export type SectorRow = z.output<typeof sectorRow>;
export type TaskRow = z.output<typeof taskRow>;
export type SystemRow = z.output<typeof systemRow>;
export type RunRow = z.output<typeof runRow> & { node_hours: number | null; extra: Record<string, string> };
export type JudgmentRow = z.output<typeof judgmentRow>;
export type Manifest = z.output<typeof manifestSchema>;

/** The files of a dataset, their row schemas, and the column names each must have. */
export const FILES = {
  occupations: { file: 'occupations.csv', schema: occupationRow },
  sectors: { file: 'sectors.csv', schema: sectorRow },
  tasks: { file: 'tasks.csv', schema: taskRow },
  systems: { file: 'systems.csv', schema: systemRow },
  runs: { file: 'runs.csv', schema: runRow },
  judgments: { file: 'judgments.csv', schema: judgmentRow },
} as const;

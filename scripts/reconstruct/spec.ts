/**
 * The fixed parts of the reconstruction: systems, judges, node rates, the seed, and the generator's
 * own choices for quantities the paper does not print (stated as such in the dataset README).
 */
import { NODE_RATES_FILE } from '../../kernel-lib/report/paperTables.ts';
import { readNodeRates } from '../../kernel-lib/tables/table05.ts';

/** AWS p5en.48xlarge, 8 x H200, USD per node-hour (Joules-to-GDP Appendix G). */
export const RATE_P5EN_USD_PER_HOUR = 63.296;
/** AWS p5.48xlarge, 8 x H100, USD per node-hour (Appendix G). */
export const RATE_P5_USD_PER_HOUR = 55.04;
/**
 * Table 5's other two node rates, read from the one source every part of the project uses,
 * data/reference/node_rates.csv (the providers' list prices, with their sources), so that the
 * reconstruction and `npm run reproduce` price GCP and CoreWeave at the same rate. The paper prints
 * only the costs; every category's CoreWeave and GCP cost divided by its AWS cost implies one common
 * rate (`j2g audit`: CoreWeave [50.423, 50.447], GCP [84.798, 84.814] USD per node-hour, and a
 * CoreWeave/GCP ratio in [0.59474, 0.59550] for Computer & Math); the list prices lie inside.
 */
const H200_RATES = readNodeRates(NODE_RATES_FILE, { accelerator: 'H200', accelerator_count: 8 });
function referenceRate(provider: string): number {
  const r = H200_RATES.find((x) => x.label === provider);
  if (!r) throw new Error(`reconstruct: no H200 rate for ${provider} in ${NODE_RATES_FILE}`);
  return r.usdPerNodeHour;
}
export const RATE_COREWEAVE_USD_PER_HOUR = referenceRate('CoreWeave');
export const RATE_GCP_USD_PER_HOUR = referenceRate('GCP');

/** The seed of the generator (the paper's bootstrap seed, K.1). */
export const SEED = 20260726;
export const BOOTSTRAP_DRAWS = 10000;

export const JUDGES = {
  main: 'gemini-3.1-flash-lite',
  haiku: 'claude-haiku-4.5',
  gpt: 'gpt-5-mini',
  human: 'human',
} as const;

export interface SystemSpec {
  system: string;
  model: string;
  harness: string;
  backend: string;
  accelerator: string;
  acceleratorCount: number;
  /** USD per node-hour, or null when the paper prints none (single-accelerator systems) */
  nodeRate: number | null;
  attempts: number;
  /** the row label in the paper's Table 1, when it has one */
  table1Row: string | null;
}

export const GLM = 'glm-5.2-8xh200';
export const QWEN8 = 'qwen3.6-27b-8xh100';
export const GEMMA = 'gemma-4-31b-8xh100';
export const OSS120 = 'gpt-oss-120b-8xh100';
export const OSS20 = 'gpt-oss-20b-8xh100';
export const QWEN_B200 = 'qwen3.6-27b-1xb200';
export const QWEN_H200 = 'qwen3.6-27b-1xh200';
export const QWEN_H100 = 'qwen3.6-27b-1xh100';
export const QWEN_MI350X = 'qwen3.6-27b-1xmi350x';

const base = { harness: 'OpenHands', backend: 'vLLM' };
export const SYSTEMS: SystemSpec[] = [
  { system: GLM, model: 'GLM 5.2', ...base, accelerator: 'NVIDIA H200', acceleratorCount: 8, nodeRate: RATE_P5EN_USD_PER_HOUR, attempts: 4, table1Row: 'GLM 5.2' },
  { system: QWEN8, model: 'Qwen3.6-27B', ...base, accelerator: 'NVIDIA H100', acceleratorCount: 8, nodeRate: RATE_P5_USD_PER_HOUR, attempts: 1, table1Row: 'Qwen3.6-27B' },
  { system: GEMMA, model: 'Gemma 4 31B', ...base, accelerator: 'NVIDIA H100', acceleratorCount: 8, nodeRate: RATE_P5_USD_PER_HOUR, attempts: 1, table1Row: 'Gemma 4 31B' },
  { system: OSS120, model: 'GPT-OSS 120B', ...base, accelerator: 'NVIDIA H100', acceleratorCount: 8, nodeRate: RATE_P5_USD_PER_HOUR, attempts: 1, table1Row: 'GPT-OSS 120B' },
  { system: OSS20, model: 'GPT-OSS 20B', ...base, accelerator: 'NVIDIA H100', acceleratorCount: 8, nodeRate: RATE_P5_USD_PER_HOUR, attempts: 1, table1Row: 'GPT-OSS 20B' },
  { system: QWEN_B200, model: 'Qwen3.6-27B', ...base, accelerator: 'NVIDIA B200', acceleratorCount: 1, nodeRate: null, attempts: 1, table1Row: null },
  { system: QWEN_H200, model: 'Qwen3.6-27B', ...base, accelerator: 'NVIDIA H200', acceleratorCount: 1, nodeRate: null, attempts: 1, table1Row: null },
  { system: QWEN_H100, model: 'Qwen3.6-27B', ...base, accelerator: 'NVIDIA H100', acceleratorCount: 1, nodeRate: null, attempts: 1, table1Row: null },
  { system: QWEN_MI350X, model: 'Qwen3.6-27B', ...base, accelerator: 'AMD Instinct MI350X', acceleratorCount: 1, nodeRate: null, attempts: 1, table1Row: null },
];

/**
 * Generator choices for the single-accelerator deployments (the paper prints no number for them):
 * GDP-weighted task-average cost (USD), completion time (min) and energy (MJ). The one-H100 energy and
 * time are not free: they follow from the eight-H100 row of Table 1 and the text (3.24 times the
 * energy, 22% less completion time on eight).
 */
export const SINGLE_ACCELERATOR_CHOICES: Record<string, { costUSD: number; minutes: number; energyMJ: number }> = {
  [QWEN_B200]: { costUSD: 1.05, minutes: 50.0, energyMJ: 0.12 },
  [QWEN_H200]: { costUSD: 0.95, minutes: 57.0, energyMJ: 0.14 },
  [QWEN_H100]: { costUSD: 0.9, minutes: 51.0 / 0.78, energyMJ: 0.516 / 3.24 },
  [QWEN_MI350X]: { costUSD: 0.7, minutes: 62.0, energyMJ: 0.175 },
};

/**
 * Plausibility bound (generator choice, not published): an expert-with-AI completion time is at most
 * this multiple of the expert-only time (and at least 10% of it). Table 22's interval for the
 * expert-only -> expert-with-AI saving reaches below zero (-0.04 h, -5.3%), so some credited tasks
 * took the assisted expert longer; 1.5 left the lower endpoints above zero, 2.5 reaches them.
 */
export const ASSISTED_MAX_RATIO = 2.5;

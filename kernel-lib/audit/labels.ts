/** Column and row labels of the published tables, exactly as in data/published/. */
export const T13 = {
  winTie: 'Win–tie (%)',
  G: 'Credited value G (USD)',
  C: 'AI cost C (USD)',
  S: 'Time saving S (hours)',
  E: 'Energy E (MJ)',
  L: 'AI time L (hours)',
} as const;
export const T14 = { perDollar: 'Net value/AI dollar (USD/USD)', perHour: 'Net value/AI hour (USD/hour)' } as const;
export const T15 = { tasks: 'Tasks', winTie: 'Win–tie (%)' } as const;
export const T5 = {
  costCoreWeave: 'AI execution cost (USD) / CoreWeave',
  costAWS: 'AI execution cost (USD) / AWS',
  costGCP: 'AI execution cost (USD) / GCP',
  nvjCoreWeave: 'NVJ (USD/MJ) / CoreWeave',
  nvjGCP: 'NVJ (USD/MJ) / GCP',
} as const;
export const T1 = {
  cost: 'GDP-weighted task averages / Execution cost (USD)',
  minutes: 'GDP-weighted task averages / Completion time (min)',
  energy: 'GDP-weighted task averages / Energy (MJ)',
  perDollar: 'Net value per / dollar of AI cost (USD/USD)',
  perHour: 'Net value per / AI hour (USD/hour)',
  perMJ: 'Net value per / megajoule (USD/MJ)',
} as const;
export const T17 = {
  nvj: 'NVJ (USD/MJ)',
  tsj: 'TSJ (hours/MJ)',
  /** rows: judgment reference / time reference */
  eoEo: 'Expert-only / Expert-only',
  aiEo: 'Expert-with-AI / Expert-only',
  eoAi: 'Expert-only / Expert-with-AI',
  aiAi: 'Expert-with-AI / Expert-with-AI',
} as const;
export const T18 = {
  nvj: 'NVJ reduction (%)',
  tsj: 'TSJ reduction (%)',
  judgmentsEoTimes: 'Judgments; expert-only reference times fixed',
  timesEoDecisions: 'Times; expert-only reference decisions fixed',
  timesAiDecisions: 'Times; expert-with-AI reference decisions fixed',
  judgmentsAiTimes: 'Judgments; expert-with-AI reference times fixed',
  both: 'Both judgments and times',
} as const;
export const TPOLICY = {
  G: 'Output value (USD)',
  C: 'AI cost (USD)',
  E: 'Energy (MJ)',
  nvj: 'NVJ [95% CI]',
  tsj: 'TSJ [95% CI]',
  perDollar: 'Net value/ AI cost',
} as const;
export const T22 = {
  hours: 'Time saving (hours)',
  pct: 'Time saving (%)',
  energy: 'Energy (MJ)',
  tsj: 'TSJ (hours/MJ)',
  eoToAi: 'Expert-only → expert-with-AI',
  aiToSystem: 'Expert-with-AI → AI system',
  eoToSystem: 'Expert-only → AI system',
} as const;
/** Row labels of Table 2 (judge pairs). */
export const T2_ROWS = ['Gemini–Haiku', 'Gemini–GPT-5 mini', 'Haiku–GPT-5 mini'] as const;
/** Row labels of Table 19 (pass@k) and Tables 20, 21 (win thresholds). */
export const POLICY_ROWS = {
  passAtK: ['pass@1', 'pass@2', 'pass@3', 'pass@4'],
  threshold: ['≥1/4', '≥2/4', '≥3/4', '4/4'],
} as const;

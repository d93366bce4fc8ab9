/**
 * The EDGE dataset of the metrics mutation tests (recordAggregatesMutants, taskComponentsMutants):
 * synthetic-small's files with runs and judgments replaced by a small hand-written set (uneven
 * attempts, an attempt judged after an unjudged one, three judges whose judgments are scattered
 * through the file, validity cells, runs without node_hours). Each test file works its counts out by
 * hand from these lines.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const SMALL_DIR = 'data/recorded/synthetic-small';
export const SMALL_TEXTS: Record<string, string> = Object.fromEntries(readdirSync(SMALL_DIR).map((f) => [f, readFileSync(join(SMALL_DIR, f), 'utf8')]));

export const EDGE_RUNS = `run_id,task_id,system,attempt,ai_hours,cost_usd,energy_mj,node_hours,validity
yA1,A1,sysY,1,1,2,0.1,0.1,ok
xA1a2,A1,sysX,2,0.25,0.5,0.1,,ok
xA1a1,A1,sysX,1,0.5,1,0.2,0.1,missing-samples
xA1a3,A1,sysX,3,0.3,0.6,0.15,0.05,
xB1a1,B1,sysX,1,0.5,1,0.1,,missing-samples
xB1a2,B1,sysX,2,0.5,1,0.1,0.1,ok
xC1a1,C1,sysX,1,1,2,0.5,0.2,ok
yB1,B1,sysY,1,0.5,1,0.05,,ok
`;
export const EDGE_JUDGMENTS = `run_id,reference,judge,outcome
xA1a1,expert_only,J2,win
xA1a1,expert_only,J1,win
xA1a2,expert_only,J1,tie
xA1a3,expert_only,J1,loss
xB1a1,expert_only,J1,loss
xB1a2,expert_only,J1,win
xC1a1,expert_only,J1,tie
xB1a1,expert_only,J2,loss
xA1a2,expert_only,J2,loss
xC1a1,expert_only,J2,win
yA1,expert_only,J1,win
yA1,expert_only,J2,tie
xA1a1,expert_with_ai,J1,loss
xB1a2,expert_with_ai,J1,win
xA1a1,expert_only,human,tie
`;

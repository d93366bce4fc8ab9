/** Energy ingestion, attribution and cost allocation, by topic. */
export { readTraceManifest, type TraceManifest } from './traceManifest.ts';
export { markWindows, closeOpenWindows } from './markWindows.ts';
export { streamSamples } from './sampleStream.ts';
export { counterIntervalEnergy } from './counterIntervalEnergy.ts';
export { SegmentEnergy } from './segmentEnergy.ts';
export { integrateTrace } from './integrateTrace.ts';
export { timeline, segmentDurationsS } from './timeline.ts';
export { attributeEnergy, servedRuns, type IdlePolicy } from './attributeEnergy.ts';
export { ipwEnergyJ } from './ipwEnergy.ts';
export { resourceEnergyJ } from './resourceEnergy.ts';
export { incrementalEnergyJ, idlePowerFromWindowsW } from './incrementalEnergy.ts';
export { allocateNodeTime } from './allocateNodeTime.ts';
export { executionCostUSD, costAtRateUSD } from './executionCost.ts';
export { energyRuns, type EnergyOptions, type EnergyRuns, type EnergySummary } from './energyRuns.ts';
export { COMPONENTS, type Component, type ReasonCode, type Window } from './types.ts';

/** Quality-adjusted intelligence per joule: service per joule, its uncertainty, reweighting and frontiers. */
export * from './types.ts';
export { taskResultRow, parseTaskResults, readTaskResults, TASK_RESULT_COLUMNS } from './taskResultSchema.ts';
export { latencyIndicator } from './latencyIndicator.ts';
export { serviceContribution } from './serviceContribution.ts';
export { singleBoundary } from './singleBoundary.ts';
export { qualityAdjustedServicePerJoule, type QaijEstimate, type QaijOptions } from './qualityAdjustedServicePerJoule.ts';
export { tokensPerJoule } from './tokensPerJoule.ts';
export { effectiveSampleSize } from './effectiveSampleSize.ts';
export { importanceWeights, normalizeTargetMix, stratumFamily, type TargetMix, type ImportanceWeighting, type ImportanceWeightOptions } from './importanceWeights.ts';
export { percentileSorted } from '../stats/percentile.ts';
export { bootstrapQaij, bootstrapQaijPaired, type BootstrapOptions, type SystemBootstrap, type Interval } from './bootstrapQaij.ts';
export { paretoFrontier, type Frontier, type FrontierPoint } from './paretoFrontier.ts';
export { robustFrontier, regionDominates, type RegionPoint, type FrontierStatus } from './robustFrontier.ts';
export { rankSystems, type Scored } from './rankSystems.ts';
export { sevenPartReport, type SevenPartReport, type SystemReport, type ReportOptions } from './sevenPartReport.ts';
export { taskResultsFromDataset, occupationMixes, type FromDatasetOptions } from './fromDataset.ts';
export { qaijDatasetReport, qaijSummaryTable, qaijLatencyReliabilityTable, type DatasetReportOptions } from './datasetReport.ts';

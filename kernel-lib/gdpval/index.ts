/** GDPval's speed and cost scenarios (A.2.1), win rates by group (A.2.2-A.2.5) and grader agreement (A.6.1). */
export * from './types.ts';
export { gdpvalTaskRow, gradeRow, parseGdpvalTasks, parseGrades, readGdpvalTasks, readGrades, GDPVAL_TASK_COLUMNS, GRADE_COLUMNS } from './schema.ts';
export { winRate } from './winRate.ts';
export { scenarioInputs } from './scenarioInputs.ts';
export { naiveRatio } from './naiveRatio.ts';
export { expectedTryNThenFix, expectedTryOnceThenFix } from './tryNThenFix.ts';
export { tryNThenFixRatio, pooledWinRate, type TryLimit, type TryNThenFixOptions } from './tryNThenFixRatio.ts';
export { humanAutograderAgreement, sampleHumanAutograder, gradesBySample, type Agreement } from './humanAutograderAgreement.ts';
export { humanInterRaterAgreement, sampleInterRater } from './humanInterRaterAgreement.ts';
export { agreementBootstrap, type AgreementKind, type AgreementResampling, type AgreementInterval } from './agreementBootstrap.ts';
export { completionTimeBucket, DEFAULT_BUCKET_EDGES_H } from './completionTimeBucket.ts';
export { winRatesBy, type WinRateGrouping, type GroupWinRate } from './winRatesBy.ts';
export { winRateInterval, type WinRateInterval } from './winRateInterval.ts';
export { taskDollarValueUSD } from './taskDollarValue.ts';
export { occupationWageBillUSD, TYPICAL_WORK_YEAR_H, type OccupationWage } from './occupationWageBill.ts';
export { digitalTaskShare, type OnetTask } from './digitalTaskShare.ts';
export { selectOccupations, type OccupationRecord, type OccupationSelection } from './selectOccupations.ts';
export { readOccupations, parseOccupations, OCCUPATION_COLUMNS } from './occupationSchema.ts';

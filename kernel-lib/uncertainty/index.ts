/** Uncertainty: seeded task-composition bootstrap, rank stability, agreement and reductions. */
export * from './settings.ts';
export * from './taskBootstrap.ts';
export * from './groupMeanDraws.ts';
export * from './componentDraws.ts';
export * from './percentileInterval.ts';
export * from './ratioDraws.ts';
export * from './ratioIntervals.ts';
export * from './tableBootstrap.ts';
export * from './percentReduction.ts';
export * from './twoOrderAttribution.ts';
export * from './spearman.ts';
export * from './rankPortfolios.ts';
export * from './judgeAgreement.ts';
export * from './noise.ts';

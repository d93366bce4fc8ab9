export * from './interval.ts';
export * from './check.ts';
export * from './runAudit.ts';
export * from './format.ts';
export * from './known.ts';
export { paperWeights } from './weights.ts';
export * from './rows.ts';

/** How sure is each conclusion (issue #26): the multiverse of analysis choices and the uncertainty budget. */
export * from './grid.ts';
export * from './conclusions.ts';
export * from './multiverse.ts';
export * from './files.ts';
export * from './figures.ts';
export * from './tables.ts';
export { specificationCurve } from '../plots/specificationCurve.ts';
export * from './noise.ts';
export * from './budget.ts';
export * from './inference.ts';
export * from './leaveOut.ts';
export { uncertaintyBudgetFigure } from '../plots/uncertaintyBudget.ts';

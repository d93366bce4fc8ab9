export * from './load.ts';
export * from './constants.ts';

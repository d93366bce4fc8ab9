export * from './options.ts';
export * from './evaluate.ts';
export * from './table01.ts';
export * from './table13.ts';
export * from './table15.ts';
export * from './table17.ts';
export * from './policyTables.ts';
export * from './table22.ts';

export * from './schema.ts';
export * from './load.ts';

export * from './load.ts';
export * from './lookup.ts';
export { PLAIN_DECIMAL } from './schema.ts';

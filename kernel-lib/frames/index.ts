export * from './convert.ts';

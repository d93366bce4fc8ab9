/**
 * Notebook build tooling (not library code): compiling kernel-lib for the tslab kernel, registering the
 * kernel, running notebooks headless through one Python worker, and comparing executed copies.
 */
export * from './tooling.ts';
export * from './drift.ts';
export * from './format.ts';

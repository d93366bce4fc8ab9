/**
 * Notebook build tooling (not library code): compiling kernel-lib for the tslab kernel, registering the
 * kernel, running notebooks headless from Node (a Jupyter client over ZeroMQ), their HTML, trust
 * signatures, and comparing executed copies.
 */
export * from './tooling.ts';
export * from './execute.ts';
export * from './html.ts';
export * from './sign.ts';
export * from './drift.ts';
export * from './format.ts';

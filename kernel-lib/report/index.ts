export * from './compare.ts';
export * from './checks.ts';
export * from './notebooks.ts';
export * from './reportHtml.ts';

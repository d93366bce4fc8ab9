export * from './compare.ts';
export * from './checks.ts';
export * from './notebooks.ts';
export * from './reportHtml.ts';
export * from './paperTables.ts';
export * from './sensitivity.ts';
export * from './measurement.ts';
export * from './textClaims.ts';

export * from './cells.ts';
export * from './compareWithPublished.ts';
export * from './textClaims.ts';

export * from './gdpOccupationWeights.ts';
export * from './schemes.ts';

export * from './gdpOccupationWeights.ts';
export * from './schemes.ts';
export * from './parseWeightsCsv.ts';

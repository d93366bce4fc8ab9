export * from './browser.ts';
export * from './plotly.ts';
export * from './writeFigures.ts';
export * from './renderServer.ts';
export * from './layoutCheck.ts';

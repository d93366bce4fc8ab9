export * from './bundle.ts';
export * from '../report/comparisonHtml.ts';
export * from './sink.ts';
export * from './staticSvg.ts';
export * from './show.ts';
export * from './notebook.ts';
export * from './method.ts';
export * from './whatIf.ts';

/**
 * Scenarios (issue #11): one plain-JSON object of every input of a table or figure. schema.ts and
 * resolve.ts are pure (a browser can bundle them); files.ts reads files on Node.
 */
export * from './schema.ts';
export * from './resolve.ts';

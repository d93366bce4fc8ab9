/**
 * The statuses of a reproduced number beside a published one: kernel-lib/compare/status.ts (the
 * compare layer owns them; the report and the notebooks show them). Re-exported for the report's callers.
 */
export * from '../compare/status.ts';

/**
 * `j2g audit`: check the paper against itself and the public reference facts, without task-level data.
 * Runs every named check, marks failures listed in KNOWN_DISCREPANCIES.md as `known`, and counts.
 */
import { loadPublished, DEFAULT_PUBLISHED_DIR } from '../published/index.ts';
import { loadReference, DEFAULT_REFERENCE_DIR } from '../reference/index.ts';
import type { AuditInputs, CheckResult } from './check.ts';
import { knownDiscrepancyIds } from './known.ts';
import { checkPublishedRows } from './rows.ts';
import { J2GError, ValidationError } from '../errors.ts';
import { table14FromTable13 } from './checks/table14FromTable13.ts';
import { table5AwsCostIsTable13Cost, table5ImpliedNodeRate, table5NvjFromTable13 } from './checks/table5FromTable13.ts';
import { table13WinTieFromTable15 } from './checks/table13WinTieFromTable15.ts';
import { table1GlmFromTable13 } from './checks/table1GlmFromTable13.ts';
import { attributionFromTable17, table18FromTable17 } from './checks/table18FromTable17.ts';
import { policyRowsAgree, policyRowsFromComponents } from './checks/policyRowsFromComponents.ts';
import { table22TsjFromTable17 } from './checks/table22FromTable17.ts';
import { textClaimsFromTables } from './checks/textClaimsFromTables.ts';

export type Check = (inputs: AuditInputs) => CheckResult[];

/** Every check, in the order printed. */
export const CHECKS: { name: string; title: string; run: Check }[] = [
  { name: 'table14FromTable13', title: 'Table 14 from Table 13', run: table14FromTable13 },
  { name: 'table5AwsCostIsTable13Cost', title: 'Table 5 AWS cost column is Table 13 AI cost', run: table5AwsCostIsTable13Cost },
  { name: 'table5NvjFromTable13', title: 'Table 5 NVJ columns from Table 13 and Table 5 costs', run: table5NvjFromTable13 },
  { name: 'table5ImpliedNodeRate', title: 'Table 5 node-hour rate implied by each cost column', run: table5ImpliedNodeRate },
  { name: 'table13WinTieFromTable15', title: 'Table 13 win–tie from Table 15 and the GDP weights', run: table13WinTieFromTable15 },
  { name: 'table1GlmFromTable13', title: 'Table 1 GLM 5.2 row from Table 13 and the category weights', run: table1GlmFromTable13 },
  { name: 'table18FromTable17', title: 'Table 18 reductions from Table 17', run: table18FromTable17 },
  { name: 'attributionFromTable17', title: 'K.1 attribution from Table 17', run: attributionFromTable17 },
  { name: 'policyRowsFromComponents', title: 'Tables 19–21 NVJ and net value/AI cost from each row', run: policyRowsFromComponents },
  { name: 'policyRowsAgree', title: 'Tables 1, 19, 20 rows that describe the same policy', run: policyRowsAgree },
  { name: 'table22TsjFromTable17', title: 'Table 22 TSJ from Table 17', run: table22TsjFromTable17 },
  { name: 'textClaimsFromTables', title: 'Numbers in the text from the tables', run: textClaimsFromTables },
];

export interface AuditOptions {
  publishedDir?: string;
  referenceDir?: string;
}

export interface AuditReport {
  results: CheckResult[];
  passed: number;
  /** failures listed in KNOWN_DISCREPANCIES.md */
  known: number;
  /** failures not listed there: these make `j2g audit` exit non-zero */
  failed: number;
  /** ids listed as known discrepancies that now pass (the list is stale) */
  staleKnown: string[];
  /** ids listed as known discrepancies that match no check (a typo, or a check renamed) */
  unknownKnown: string[];
}

export function runAudit(options: AuditOptions = {}): AuditReport {
  const publishedDir = options.publishedDir ?? DEFAULT_PUBLISHED_DIR;
  const inputs: AuditInputs = { pub: loadPublished(publishedDir), ref: loadReference(options.referenceDir ?? DEFAULT_REFERENCE_DIR) };
  // Checks run once per printed row: a missing or extra row must stop the audit, not change the count.
  checkPublishedRows(inputs.pub, inputs.ref);
  const knownIds = knownDiscrepancyIds(publishedDir);
  const results: CheckResult[] = [];
  for (const c of CHECKS) {
    let rs: CheckResult[];
    try {
      rs = c.run(inputs);
    } catch (e) {
      if (e instanceof J2GError && !(e instanceof ValidationError)) throw new J2GError(`check ${c.name} cannot run: ${e.message}`);
      throw e;
    }
    for (const r of rs) results.push(r.status === 'fail' && knownIds.has(r.id) ? { ...r, status: 'known' } : r);
  }
  const ids = new Set(results.map((r) => r.id));
  const unknownKnown = [...knownIds].filter((id) => !ids.has(id));
  const staleKnown = [...knownIds].filter((id) => ids.has(id) && results.find((r) => r.id === id)!.status === 'pass');
  return {
    results,
    passed: results.filter((r) => r.status === 'pass').length,
    known: results.filter((r) => r.status === 'known').length,
    failed: results.filter((r) => r.status === 'fail').length,
    staleKnown,
    unknownKnown,
  };
}

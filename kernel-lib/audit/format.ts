/**
 * Plain-text rendering of an audit report: one line per check with the published value, the range
 * its inputs allow and the status, grouped by check, then a count.
 */
import { fromPrinted, type Interval } from './interval.ts';
import type { AuditReport } from './runAudit.ts';
import { CHECKS } from './runAudit.ts';

/** A range with enough digits to show where it lies against a printed number. */
export function formatRange(r: Interval, digits: number): string {
  return r.lo === r.hi ? r.lo.toFixed(digits) : `[${r.lo.toFixed(digits)}, ${r.hi.toFixed(digits)}]`;
}

function digitsFor(printed: string | undefined): number {
  if (!printed) return 3;
  const d = /\.(\d+)$/.exec(printed)?.[1].length ?? 0;
  return d + 2;
}

export function formatAuditReport(report: AuditReport, options: { failuresOnly?: boolean } = {}): string {
  const lines: string[] = [];
  for (const c of CHECKS) {
    const rs = report.results.filter((r) => r.check === c.name);
    if (!rs.length) continue;
    const bad = rs.filter((r) => r.status !== 'pass').length;
    lines.push(`${c.title} (${c.name}): ${rs.length - bad}/${rs.length} pass`);
    for (const r of rs) {
      if (options.failuresOnly && r.status === 'pass') continue;
      const status = r.status === 'pass' ? 'PASS ' : r.status === 'known' ? 'KNOWN' : 'FAIL ';
      const pub = r.printed === undefined ? '' : `published ${r.printed} (${formatRange(fromPrinted(r.printed), digitsFor(r.printed) + 1)})  `;
      lines.push(`  ${status} ${r.label}`);
      lines.push(`        ${pub}recomputed ${formatRange(r.recomputed, digitsFor(r.printed))}${r.detail ? `  ${r.detail}` : ''}`);
      // the id is what a KNOWN_DISCREPANCIES.md heading must hold
      if (r.status !== 'pass') lines.push(`        id ${r.id}`);
    }
  }
  lines.push('');
  lines.push(`${report.results.length} checks: ${report.passed} pass, ${report.known} known discrepancies, ${report.failed} unexpected failures`);
  if (report.staleKnown.length) lines.push(`known discrepancies that no longer fail (remove them from KNOWN_DISCREPANCIES.md): ${report.staleKnown.join(', ')}`);
  if (report.unknownKnown.length) lines.push(`KNOWN_DISCREPANCIES.md lists ids that match no check (misspelt or renamed?): ${report.unknownKnown.join(', ')}`);
  return lines.join('\n');
}

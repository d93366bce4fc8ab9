/**
 * The report's independent evidence, itemised (issue #24): `j2g audit`'s checks of the paper against
 * itself and the public facts, grouped by check (each group a collapsible list, open when one of its
 * checks does not pass), and the claims of captions and text about figures with their status
 * (figureClaims.ts). Plain HTML from the input, escaped; no clock.
 */
import { escapeHtml } from '../export/plotly.ts';
import { CHECKS, type AuditReport } from '../audit/runAudit.ts';
import { formatRange } from '../audit/format.ts';
import { fromPrinted } from '../audit/interval.ts';
import type { FigureClaimResult, FigureClaimStatus } from './figureClaims.ts';

/** The audit's counts and, when given, every check's result (what the report itemises). */
export type AuditInput = Pick<AuditReport, 'passed' | 'known' | 'failed'> & { results?: AuditReport['results'] };

const AUDIT_STATUS = { pass: ['pass', 'pass'], known: ['known discrepancy', 'known'], fail: ['FAIL', 'fail'] } as const;

function digits(printed: string | undefined): number {
  return (printed ? /\.(\d+)$/.exec(printed)?.[1].length ?? 0 : 1) + 2;
}

/** One group per audit check, in `j2g audit`'s order: title, n of m pass, then each check's line. */
export function auditChecksHtml(audit: AuditInput | undefined): string {
  if (!audit?.results?.length) return '';
  return CHECKS.map((c) => {
    const rs = audit.results!.filter((r) => r.check === c.name);
    if (!rs.length) return '';
    const passed = rs.filter((r) => r.status === 'pass').length;
    const rows = rs.map((r) => {
      const [word, cls] = AUDIT_STATUS[r.status];
      const pub = r.printed === undefined ? '–' : `${escapeHtml(r.printed)} <span class="note">(${formatRange(fromPrinted(r.printed), digits(r.printed) + 1)})</span>`;
      return `<tr data-audit="${escapeHtml(r.id)}" data-status="${r.status}"><td>${escapeHtml(r.label)}</td><td>${pub}</td><td>${formatRange(r.recomputed, digits(r.printed))}</td><td class="${cls === 'pass' ? 'pass' : cls === 'fail' ? 'fail' : ''}">${word}</td></tr>`;
    }).join('');
    return `<details class="audit-group"${passed < rs.length ? ' open' : ''}><summary><b>${escapeHtml(c.title)}</b>: ${passed} of ${rs.length} pass${passed < rs.length ? ` (${rs.length - passed} ${rs.some((r) => r.status === 'fail') ? 'not passing' : 'known discrepancies'})` : ''}</summary>
<table><tr><th>what is compared</th><th>published (the range its printed digits allow)</th><th>recomputed from other printed numbers</th><th>status</th></tr>${rows}</table></details>`;
  }).join('\n');
}

const CLAIM_CLASS: Record<FigureClaimStatus, string> = { holds: 'pass', fails: 'fail', 'not checked': 'note', 'differs from the paper': 'note' };

/** Counts of figure claims by status. @example figureClaimCounts([{ status: 'holds' }, { status: 'fails' }, { status: 'holds' }]) // => { holds: 2, fails: 1, 'not checked': 0, 'differs from the paper': 0 } */
export function figureClaimCounts(claims: readonly Pick<FigureClaimResult, 'status'>[]): Record<FigureClaimStatus, number> {
  const out: Record<FigureClaimStatus, number> = { holds: 0, fails: 0, 'not checked': 0, 'differs from the paper': 0 };
  for (const c of claims) out[c.status]++;
  return out;
}

/** Every figure claim: figure, where the paper says it, the quote, its status and the values compared. */
export function figureClaimsHtml(claims: readonly FigureClaimResult[] | undefined): string {
  if (!claims?.length) return '';
  const n = figureClaimCounts(claims);
  return `<p>${claims.length} qualitative claims of figure captions and of the text about figures (an order, a direction, a leader, a crossing; quoted in <code>data/published/figure_claims.csv</code>), checked on the values each figure draws: <b>${n.holds}</b> hold, <b class="${n.fails ? 'fail' : ''}">${n.fails}</b> fail, ${n['not checked']} not checked${n['differs from the paper'] ? `, ${n['differs from the paper']} not compared (the scenario differs from the paper's)` : ''}. On a reconstructed dataset a claim that follows from the numbers it was calibrated to holds by construction; one that rests on quantities no printed number pins (Figure 11's stricter thresholds, say) tests the reconstruction, and a failure there says the reconstruction contradicts the paper's caption, not that the paper is wrong.</p>
<table class="figure-claims"><tr><th>figure</th><th>where</th><th>claim (quoted)</th><th>status</th><th>values compared</th></tr>${claims.map((c) =>
    `<tr data-claim="${escapeHtml(c.id)}" data-status="${escapeHtml(c.status)}"><td><a href="#figure-${escapeHtml(c.figure)}">${escapeHtml(c.figure)}</a></td><td>${escapeHtml(c.section)}</td><td>“${escapeHtml(c.quote)}” <span class="note">(${escapeHtml(c.kind)})</span></td><td class="${CLAIM_CLASS[c.status]}">${escapeHtml(c.status)}</td><td>${escapeHtml(c.detail)}</td></tr>`).join('')}</table>`;
}

/**
 * The report's measurement section: how far the dataset's energy can be trusted, run by run, as
 * `j2g validate` prints it: each system's validity flags (release/completeness.ts validityFlags) and its
 * meter cross-check (two meters of one GPU over a run's window, flagged over the stated tolerance:
 * meterCrossChecks). A dataset whose runs.csv records neither says so in one line.
 */
import type { Dataset } from '../data/load.ts';
import { escapeHtml } from '../export/plotly.ts';
import { formatCrossChecks, formatFlags, meterCrossChecks, validityFlags } from '../release/completeness.ts';

/** The lines the section shows: validity flags per system, then the meter cross-check per system. */
export function measurementLines(ds: Dataset): { flags: string[]; crossChecks: string[] } {
  return { flags: formatFlags(validityFlags(ds)), crossChecks: formatCrossChecks(meterCrossChecks(ds)) };
}

/** The section (an h2 with id "measurement"). */
export function measurementHtml(lines: { flags: readonly string[]; crossChecks: readonly string[] } | undefined): string {
  if (!lines) return '';
  const list = (xs: readonly string[]) => `<ul class="note">${xs.map((x) => `<li>${escapeHtml(x)}</li>`).join('')}</ul>`;
  const flags = lines.flags.length ? `<p>Runs flagged by their validity codes (runs.csv <code>validity</code>), per system:</p>${list(lines.flags)}` : '<p>No run carries a validity flag.</p>';
  const cross = lines.crossChecks.length
    ? `<p>Energy cross-checked where a GPU was read through two meters (its energy counter and its sampled power; <code>j2g energy</code>), per system:</p>${list(lines.crossChecks)}`
    : '<p>No run was cross-checked: runs.csv records no <code>meter_disagreement_rel</code> (a trace with two meters of one GPU gives it; data/traces/README.md).</p>';
  return `<h2 id="measurement">Measurement</h2>\n${flags}\n${cross}`;
}

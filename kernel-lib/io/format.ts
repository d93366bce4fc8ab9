/**
 * Fixed number formatting for output files: 12 significant digits, no exponent for ordinary
 * magnitudes, `-0` written as `0`, null/undefined as an empty cell. The same number gives the same
 * bytes on every platform.
 * @example formatNumber(203.35000000000002) // => '203.35'
 */
export function formatNumber(x: unknown): string {
  if (x === null || x === undefined) return '';
  if (typeof x !== 'number') return String(x);
  if (Number.isNaN(x)) throw new Error('formatNumber: NaN reached an output file');
  if (!Number.isFinite(x)) throw new Error(`formatNumber: ${x} reached an output file`);
  if (x === 0) return '0';
  return String(Number(x.toPrecision(12)));
}

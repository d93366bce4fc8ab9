/**
 * zod schemas for the published-number files of `data/published/` (format in its README).
 * Every cell arrives as a string; nothing is coerced.
 */
import { z } from 'zod';

/** A plain decimal as printed: optional minus, digits, optional fraction (`-0.1`, `0.430`, `1270.8`). */
export const PLAIN_DECIMAL = /^-?\d+(\.\d+)?$/;

const text = z.string().refine((s) => s !== '' && s.trim() === s, { message: 'expected non-empty text without leading or trailing spaces' });

const plainDecimal = z.string().refine((s) => PLAIN_DECIMAL.test(s), { message: 'expected a plain decimal such as -0.1 or 168.11' });

/** One printed number of a table: `table, row, column, value, printed`. */
export const tableCellSchema = z.object({
  table: z.string().regex(/^[1-9]\d*$/, { message: 'expected a table number such as 13' }),
  row: text,
  column: text,
  value: plainDecimal,
  printed: plainDecimal,
});

/** One number stated in the text: `claim_id, section, quote, value, unit, printed`. */
export const textClaimSchema = z.object({
  claim_id: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, { message: 'expected an id of letters, digits, dots, dashes or underscores' }),
  section: text,
  quote: text,
  value: plainDecimal,
  unit: text,
  printed: text,
});

export const TABLE_COLUMNS = Object.keys(tableCellSchema.shape);
export const CLAIM_COLUMNS = Object.keys(textClaimSchema.shape);

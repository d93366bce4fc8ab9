import { publishedCell, publishedRows, type Published } from '../../published/index.ts';
import { fromPrinted, type Interval } from '../interval.ts';

/** The printed text of a published cell. */
export function printedOf(pub: Published, table: string, row: string, column: string): string {
  return publishedCell(pub, table, row, column).printed;
}

/** The interval a published cell stands for (value ± half its last printed digit). */
export function iv(pub: Published, table: string, row: string, column: string): Interval {
  return fromPrinted(printedOf(pub, table, row, column));
}

export { publishedRows };

/** A short id fragment from a label: `Architecture & Eng.` -> `Architecture_&_Eng.` */
export function slug(label: string): string {
  return label.replace(/\s+/g, '_');
}

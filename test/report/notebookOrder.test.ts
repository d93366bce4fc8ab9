/**
 * reproduce starts the notebooks that took longest in the last run first (the pool then does not end
 * on one long notebook with the other core idle); one without a record goes first, names break ties.
 */
import { describe, expect, it } from 'vitest';
import { longestFirst } from '../../scripts/reproduce.ts';

describe('longestFirst', () => {
  it('orders by the recorded seconds, longest first, unrecorded ones first in name order', () => {
    const files = ['/nb/00-start.ipynb', '/nb/01-a.ipynb', '/nb/11-qaij.ipynb', '/nb/12-new.ipynb', '/nb/02-b.ipynb'];
    const seconds = { '00-start.ipynb': 9.5, '01-a.ipynb': 5.3, '11-qaij.ipynb': 20.4, '02-b.ipynb': 5.3 };
    expect(longestFirst(files, seconds)).toEqual(['/nb/12-new.ipynb', '/nb/11-qaij.ipynb', '/nb/00-start.ipynb', '/nb/01-a.ipynb', '/nb/02-b.ipynb']);
  });

  it('keeps name order without any record (a fresh checkout)', () => {
    expect(longestFirst(['/nb/b.ipynb', '/nb/a.ipynb'], {})).toEqual(['/nb/a.ipynb', '/nb/b.ipynb']);
  });
});

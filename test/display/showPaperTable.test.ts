/**
 * showPaperTable, the notebooks' one call per paper table: the table and its published-vs-reproduced
 * comparison, or, when the dataset cannot support the table, one line saying why (not a failed cell).
 */
import { describe, expect, it } from 'vitest';
import { openNotebook, paperTableMarks, showPaperTable, type MimeBundle } from '../../kernel-lib/display/index.ts';
import { paperTable } from '../../kernel-lib/report/paperTables.ts';
import { onWarning } from '../../kernel-lib/warn.ts';
import { SMALL, editedDataset } from '../helpers/dataset.ts';

const RECONSTRUCTED = new URL('../../data/recorded/joules-to-gdp-reconstructed/', import.meta.url).pathname;

const capture = () => {
  const bundles: MimeBundle[] = [];
  return { bundles, sink: (b: MimeBundle) => void bundles.push(b) };
};

describe('showPaperTable', () => {
  it('shows the caption of its inputs, the table, then its comparison with the published one (only the paper\'s systems are compared)', () => {
    const nb = openNotebook({ data: SMALL, draws: 50 }, {});
    onWarning(null);
    const { bundles, sink } = capture();
    showPaperTable(nb, '13', { sink, caption: 'Table 13: published against reproduced' });
    expect(bundles).toHaveLength(3);
    expect(String(bundles[0]['text/plain'])).toBe('Table 13. Category components and ratios; GDP-weighted, system sysX, attempt 1 (pass@1), expert-only reference, judge J1, 95% percentile intervals from 50 task-composition bootstrap draws (seed 20260726). Data: synthetic-small (synthetic records, not measurements of any real system); energy boundary: system.');
    expect(String(bundles[1]['text/plain'])).toMatch(/^\|\s*category/);
    expect(String(bundles[1]['text/html'])).toContain('Cat2');
    // synthetic-small's systems are not the paper's (report/paperDataset.ts): not compared, and said so
    expect(String(bundles[2]['text/plain'])).toMatch(/^Published values not compared: None of this dataset's systems \(Model X \(OpenHands, 8× H200\); Model Y/);
    const recon = capture();
    showPaperTable(openNotebook({ data: RECONSTRUCTED, draws: 50 }, {}), '13', { sink: recon.sink, caption: 'Table 13: published against reproduced' });
    expect(String(recon.bundles[recon.bundles.length - 1]['text/html'])).toContain('Table 13: published against reproduced');
  });

  it("marks a reconstructed table's cells that no printed number pins with † and a one-line note naming the README", () => {
    const nb = openNotebook({ data: RECONSTRUCTED, draws: 50 }, {});
    onWarning(null);
    const { bundles, sink } = capture();
    showPaperTable(nb, '1', { sink, compare: false });
    const text = String(bundles[1]['text/plain']).split('\n');
    // GLM 5.2's row is Table 1's first printed row; the one-H100 deployment is the generator's choice (README "Free quantities")
    expect(text.find((l) => l.startsWith('|glm-5.2-8xh200|'))).not.toContain('†');
    expect(text.find((l) => l.startsWith('|qwen3.6-27b-1xh100|'))!.split('|').slice(2, -1).every((c) => c.endsWith('†'))).toBe(true);
    expect(text.at(-1)).toMatch(/^† 24 of 54 cells have no published counterpart.*data\/recorded\/joules-to-gdp-reconstructed\/README\.md/);
    expect(String(bundles[1]['text/html'])).toContain('<p class="j2g-provenance-note">† 24 of 54 cells');
  });

  it('says "pinned by the paper\'s printed values" only under the paper\'s scenario for every field the table depends on', () => {
    const paper = openNotebook({ data: RECONSTRUCTED, draws: 50 }, {});
    onWarning(null);
    expect(paperTableMarks(paper, '5', paperTable(paper.options, '5'))).not.toBeNull();
    // each changed field Table 5 depends on (weights, judge, policy) drops the marks; its note would call 65 cells pinned
    for (const changed of [{ weights: 'employment' }, { judge: 'claude-haiku-4.5' }, { policy: 'pass@2' }] as const) {
      const nb = openNotebook({ data: RECONSTRUCTED, draws: 50, ...changed } as never, {});
      onWarning(null);
      expect(paperTableMarks(nb, '5', paperTable(nb.options, '5')), JSON.stringify(changed)).toBeNull();
      const { bundles, sink } = capture();
      showPaperTable(nb, '5', { sink });
      const text = bundles.map((b) => String(b['text/plain'])).join('\n');
      expect(text, JSON.stringify(changed)).not.toContain('pinned by the paper');
      expect(text, JSON.stringify(changed)).toContain('Published values not compared: this table differs from the paper because you changed');
    }
    // a field Table 5 does not depend on (the win-tie interval method) keeps them
    const other = openNotebook({ data: RECONSTRUCTED, draws: 50, winTieInterval: 'exact' }, {});
    onWarning(null);
    expect(paperTableMarks(other, '5', paperTable(other.options, '5'))).not.toBeNull();
  });

  it('marks nothing in a synthetic dataset\'s table', () => {
    const nb = openNotebook({ data: SMALL, draws: 50 }, {});
    onWarning(null);
    const { bundles, sink } = capture();
    showPaperTable(nb, '13', { sink, compare: false });
    expect(String(bundles[1]['text/plain'])).not.toContain('†');
    expect(String(bundles[1]['text/html'])).not.toContain('†');
  });

  it('says why, instead of throwing, when the dataset has no expert-with-AI reference', () => {
    const data = editedDataset({
      'tasks.csv': (t) => t.replace(/,[0-9.]+$/gm, ','),
      'judgments.csv': (t) => t.split('\n').filter((l) => !l.includes(',expert_with_ai,')).join('\n'),
    });
    const nb = openNotebook({ data, draws: 50 }, {});
    onWarning(null);
    const { bundles, sink } = capture();
    showPaperTable(nb, '21', { sink });
    expect(bundles).toEqual([{
      'text/markdown': '*Table 21 is not computed for this dataset: run xA1a1 (task A1, attempt 1) has no expert_with_ai judgment by J1.*',
      'text/plain': 'Table 21 is not computed for this dataset: run xA1a1 (task A1, attempt 1) has no expert_with_ai judgment by J1.',
    }]);
  });
});

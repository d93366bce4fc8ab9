/**
 * A notebook on a dataset that is not the paper's never sets another system's numbers against the
 * paper's as "off" (issue #25's "no off for a field the user changed", found by the parameter-set
 * test: Tables 17-22 do not depend on the judgment reference, so with the reference changed they were
 * compared, on synthetic-small, with the paper's GLM 5.2 values). Oracle: report/paperDataset.ts's
 * identity rule; the reconstructed dataset (the paper's systems) is still compared.
 */
import { expect, test } from 'vitest';
import { openNotebook, showPaperTable } from '../../kernel-lib/display/index.ts';
import { onWarning } from '../../kernel-lib/warn.ts';

onWarning(() => {});
const SMALL = new URL('../../data/recorded/synthetic-small', import.meta.url).pathname;
const RECON = new URL('../../data/recorded/joules-to-gdp-reconstructed', import.meta.url).pathname;
const outputs = (data: string, id: string, more: object = {}) => {
  const out: string[] = [];
  showPaperTable(openNotebook({ data, draws: 20, ...more } as never), id, { sink: (b) => { out.push(String(b['text/html'] ?? b['text/plain'] ?? '')); } });
  return out.join('\n');
};

test('synthetic-small under a changed reference: Tables 17 and 19 say why they are not compared, and nothing is "off"', () => {
  for (const id of ['17', '19']) {
    const text = outputs(SMALL, id, { judgmentReference: 'expert_with_ai' });
    expect(text).toContain("Published values not compared: None of this dataset's systems (Model X (OpenHands, 8× H200); Model Y (OpenHands, 1× H100)) is one of the paper's Table 1 systems");
    expect(text).not.toContain('data-status="off"');
  }
});

test('the reconstructed dataset (the paper\'s systems) is still compared with the paper', () => {
  expect(outputs(RECON, '19')).toContain('data-status="exact"');
});

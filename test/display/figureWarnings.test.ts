/**
 * Warnings shown where they concern what is shown (showFigure): under a figure, the warnings about it;
 * the others raised while building it only counted. Oracles: hand-written warning texts, and the
 * warnings synthetic-small raises under pass@2 (sysY has one attempt per task: left out of Table 1),
 * which concern Figure 5 (it compares the systems) and not Figure 1(a) (it shows one).
 */
import { describe, expect, it } from 'vitest';
import { figureWarnings, figureWarningsBundle, openNotebook, showFigure, type MimeBundle } from '../../kernel-lib/display/index.ts';
import { onWarning } from '../../kernel-lib/warn.ts';
import { SMALL } from '../helpers/dataset.ts';

const LEFT = 'system sysY has 1 attempt(s) per task, pass@2 needs 2; it is left out of Table 1';

describe('figureWarnings', () => {
  it('keeps the warnings naming the figure (as the text names it: Figure 1(a)) and, for a figure comparing systems, a system left out', () => {
    expect(figureWarnings('1a', [LEFT, LEFT])).toEqual({ shown: [], elsewhere: 1 });
    expect(figureWarnings('5', [LEFT])).toEqual({ shown: [LEFT], elsewhere: 0 });
    expect(figureWarnings('1a', ['Figure 1(a): system x has no judgments', 'Figure 10: no second attempt'])).toEqual({ shown: ['Figure 1(a): system x has no judgments'], elsewhere: 1 });
    expect(figureWarnings('1', ['Figure 10 needs two attempts', 'Figure 1 is fine'])).toEqual({ shown: ['Figure 1 is fine'], elsewhere: 1 });
    expect(figureWarnings('4', ['no expert_with_ai judgments (or reference times) for the primary system; Figure 4 leaves that reference out'])).toEqual({ shown: ['no expert_with_ai judgments (or reference times) for the primary system; Figure 4 leaves that reference out'], elsewhere: 0 });
  });

  it('says the others in one counted line', () => {
    expect(figureWarningsBundle('1a', { shown: [], elsewhere: 8 })['text/plain']).toBe('8 other warnings raised while building it concern tables or systems Figure 1a does not show (warnings() lists them).');
    expect(figureWarningsBundle('5', { shown: [LEFT], elsewhere: 1 })['text/plain']).toBe(`Warnings about Figure 5:\n- ${LEFT}\n1 other warning raised while building it concerns tables or systems Figure 5 does not show (warnings() lists them).`);
  });
});

describe('showFigure under pass@2 on synthetic-small', () => {
  const run = async (id: '1a' | '5') => {
    const nb = openNotebook({ data: SMALL, draws: 20, policy: 'pass@2' }, {});
    const seen: string[] = [];
    onWarning((m) => seen.push(m));
    const out: MimeBundle[] = [];
    await showFigure(id, nb.options, { sink: (b) => out.push(b), static: false, library: false });
    onWarning(null);
    return { out, seen };
  };
  it('Figure 1(a) shows one system: the left-out system is counted, not listed, and not printed by the notebook\'s listener', async () => {
    const { out, seen } = await run('1a');
    const text = out.map((b) => String(b['text/plain'])).join('\n');
    expect(text).not.toContain('left out of Table 1');
    expect(text).toMatch(/other warnings? raised while building it/);
    expect(seen).toEqual([]);
  });
  it('Figure 5 compares the systems: the left-out one is named under it', async () => {
    const { out } = await run('5');
    expect(String(out.at(-1)!['text/plain'])).toMatch(/^Warnings about Figure 5:\n- system sysY .*left out of Table 1/);
  });
});

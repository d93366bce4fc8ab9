/**
 * The report's "How robust is it?" section (issue #26): the two robustness figures of the registry,
 * as notebook 13 drew them, under their registry titles and linked to the notebook; nothing when the
 * notebook drew neither. Oracle: the registry's own entries and the HTML read back.
 */
import { describe, expect, test } from 'vitest';
import { robustnessHtml } from '../../kernel-lib/report/pageParts.ts';
import { ROBUSTNESS_FIGURES, ROBUSTNESS_FIGURE_IDS, figureEntry } from '../../kernel-lib/plots/registry.ts';

describe('robustness figures in the registry and the report', () => {
  test('the specification curve and the uncertainty budget are registered beside the paper figures', () => {
    expect([...ROBUSTNESS_FIGURE_IDS]).toEqual(['spec-curve', 'spread', 'budget']);
    expect(figureEntry('spread').title).toMatch(/^Spread by choice/);
    expect(figureEntry('budget').title).toMatch(/^Uncertainty budget/);
    expect(figureEntry('spec-curve').dependsOn).toContain('bootstrap');
    expect(() => figureEntry('8')).toThrow('no figure "8" (paper figures: 1a, 1b, 1c, 1d, 1scale, 2, 3, 4, 5, 6, 7, 9, 10, 11, 12; robustness figures: spec-curve, spread, budget)');
  });

  test('the section shows each drawn figure under its registry title and links the notebook; empty without figures', () => {
    const figures = ROBUSTNESS_FIGURES.map((f) => ({ id: f.id, title: f.title, png: `figures/robustness-${f.id}.png` }));
    const html = robustnessHtml({ figures, notebook: 'notebooks/13-robustness.ipynb' });
    expect(html).toContain('<h2 id="robustness">How robust is it?</h2>');
    expect(html).toContain('<a href="notebooks/13-robustness.ipynb">13-robustness.ipynb</a>');
    expect(html.match(/<img src="figures\/robustness-(spec-curve|spread|budget)\.png"/g)).toHaveLength(3);
    expect(html).toContain('the null of no effect in any specification');
    expect(html).toContain("Specification curve: the primary system's NVJ under every analysis choice");
    expect(robustnessHtml(undefined)).toBe('');
    expect(robustnessHtml({ figures: [], notebook: 'x' })).toBe('');
  });
});

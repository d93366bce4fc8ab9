import { describe, expect, it } from 'vitest';
import { loadDataset } from '../../kernel-lib/data/index.ts';
import { SYSTEM_PALETTE, SYSTEM_PALETTE_EXTENDED, datasetColours, axis, colourMap, panelGrid, provenanceText, rankOrder, wrapText } from '../../kernel-lib/plots/index.ts';

describe('theme', () => {
  it('names the unit on every axis and refuses an axis without one', () => {
    expect(axis('NVJ', 'USD/MJ').title.text).toBe('NVJ (USD/MJ)');
    expect(() => axis('NVJ', '')).toThrow('axis requires a unit: NVJ');
  });

  it('assigns colours in the order given, cycling past the palette', () => {
    const keys = Array.from({ length: 9 }, (_, i) => `s${i}`);
    const m = colourMap(keys, SYSTEM_PALETTE);
    expect(m.s0).toBe('#0072B2');
    expect(m.s8).toBe(m.s0);
    expect(colourMap(['b', 'a', 'b'], SYSTEM_PALETTE)).toEqual({ b: '#0072B2', a: '#E69F00' });
  });

  it('gives the reconstruction\'s nine systems nine different colours (no repeat before sixteen), the first eight Okabe-Ito\'s', () => {
    const colours = Object.values(datasetColours(loadDataset(new URL('../../data/recorded/joules-to-gdp-reconstructed/', import.meta.url).pathname)));
    const systems = colours.slice(-9);
    expect(new Set(systems).size).toBe(9);
    expect(systems.slice(0, 8)).toEqual(SYSTEM_PALETTE);
    expect(new Set(SYSTEM_PALETTE_EXTENDED).size).toBe(16);
  });

  it('states provenance in words', () => {
    expect(provenanceText({ name: 'joules-to-gdp-reconstructed', provenance: 'reconstructed', energy_boundary: 'system' }))
      .toBe("Data: joules-to-gdp-reconstructed (reconstructed from the paper's published aggregates, not task-level measurements); energy boundary: system.");
  });

  it('wraps captions at word boundaries', () => {
    expect(wrapText('aaa bbb ccc', 7)).toBe('aaa bbb<br>ccc');
  });

  it('ranks descending with ties and missing values by label', () => {
    const rows = [{ k: 'b', v: 1 }, { k: 'a', v: 1 }, { k: 'c', v: null }, { k: 'd', v: 3 }];
    expect(rankOrder(rows, (r) => r.v, (r) => r.k).map((r) => r.k)).toEqual(['d', 'a', 'b', 'c']);
  });

  it('lays panels on a grid inside [0, 1]', () => {
    const [a, b, c] = panelGrid(3, 2, 0.1, 0.2);
    expect(a.xDomain).toEqual([0, 0.45]);
    expect(b.xDomain).toEqual([0.55, 1]);
    expect(c.yDomain).toEqual([0, 0.4]);
    expect([a.xaxis, b.xaxis, c.yaxis, c.yKey]).toEqual(['x', 'x2', 'y3', 'yaxis3']);
  });
});

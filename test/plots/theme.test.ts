import { describe, expect, it } from 'vitest';
import { loadDataset } from '../../kernel-lib/data/index.ts';
import {
  SYSTEM_PALETTE, SYSTEM_PALETTE_EXTENDED, datasetColours, axis, colourMap, figure05, figure07, mixHex, panelGrid, provenanceText, rankOrder,
  systemStyle, systemStyles, wrapText, type PlotSpec, type SystemReturnRow,
} from '../../kernel-lib/plots/index.ts';

// The sixteen system colours the paper's figures were drawn with before styles went past sixteen
// (Okabe-Ito's eight, then Paul Tol's muted eight), written out by hand from the two published schemes.
const TODAYS_SIXTEEN = [
  '#0072B2', '#E69F00', '#009E73', '#D55E00', '#CC79A7', '#56B4E9', '#F0E442', '#000000',
  '#332288', '#117733', '#44AA99', '#88CCEE', '#DDCC77', '#CC6677', '#AA4499', '#882255',
];
const styleKey = (s: { colour: string; symbol: string; dash: string }) => `${s.colour}|${s.symbol}|${s.dash}`;
const names = (n: number) => Array.from({ length: n }, (_, i) => `sys${String(i).padStart(2, '0')}`);

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

  it('gives every one of 1 to 60 systems its own (colour, symbol, dash) style', () => {
    for (let n = 1; n <= 60; n++) {
      const styles = Object.values(systemStyles(names(n)));
      expect(styles).toHaveLength(n);
      expect(new Set(styles.map(styleKey)).size).toBe(n);
    }
  });

  it('tells tiers of sixteen apart by symbol, by dash and by bar pattern each on its own (a bar shows only its pattern, a line only its dash)', () => {
    // system 0 and system 16 share a colour; each channel alone must differ
    for (let i = 0; i < 16; i++) {
      const tiers = [0, 1, 2, 3].map((t) => systemStyle(i + 16 * t));
      expect(new Set(tiers.map((s) => s.colour)).size).toBe(1);
      for (const channel of ['symbol', 'dash', 'pattern'] as const) expect(new Set(tiers.map((s) => s[channel])).size).toBe(4);
    }
  });

  it('keeps the first sixteen systems as the paper\'s figures draw them: today\'s colours, filled circles, solid lines and bars', () => {
    const styles = Object.values(systemStyles(names(16)));
    expect(styles.map((s) => s.colour)).toEqual(TODAYS_SIXTEEN);
    expect(new Set(styles.map((s) => `${s.symbol}|${s.dash}|${s.pattern}`))).toEqual(new Set(['circle|solid|']));
  });

  it('keeps styles distinct for the first 1,000 systems, where the shaded rounds past 128 begin', () => {
    const keys = Array.from({ length: 1000 }, (_, i) => styleKey(systemStyle(i)));
    expect(new Set(keys).size).toBe(1000);
    // round 1 (positions 128-255) lightens 30% towards white: #0072B2 -> (0+76.5, 114+42.3, 178+23.1) = #4D9CC9 by hand
    expect(systemStyle(128).colour).toBe('#4D9CC9');
    expect(mixHex('#000000', '#FFFFFF', 0.5)).toBe('#808080');
    expect(() => systemStyle(-1)).toThrow('index must be a whole number >= 0, got -1');
  });

  it('draws forty systems in Figure 5 with forty different bar looks and forty different frontier markers', () => {
    const ids = names(40);
    const rows: SystemReturnRow[] = ids.map((id, i) => ({ system: id, label: `Model ${i}`, energyMJ: 10 + i, valueUSD: 100 + 3 * i, timeSavingHours: 5 + i, nvj: 1 + i, tsj: 0.1 + i / 100 }));
    const spec = figure05(rows, { systemStyles: systemStyles(ids) });
    const bars = spec.data.find((t) => t.type === 'bar')!;
    const barMarker = bars.marker as { color: string[]; pattern: { shape: string[] } };
    const barLooks = (bars.y as string[]).map((_, i) => `${barMarker.color[i]}|${barMarker.pattern.shape[i]}`);
    expect(new Set(barLooks).size).toBe(40);
    const points = spec.data.find((t) => t.mode === 'markers+text')!;
    const pm = points.marker as { color: string[]; symbol: string[] };
    // filled or open is the frontier's mark, not the system's: compare the symbol without '-open'
    const pointLooks = (points.x as number[]).map((_, i) => `${pm.color[i]}|${pm.symbol[i].replace(/-open$/, '')}`);
    expect(new Set(pointLooks).size).toBe(40);
  });

  it('adds no pattern to a figure of sixteen systems or fewer (its spec is as before)', () => {
    const ids = names(16);
    const rows = ids.map((id, i) => ({ system: id, label: `Node ${i}`, nvj: 1 + i, tsj: 0.1, nvPerAIHour: 2, tsPerAIHour: 0.5 }));
    const spec: PlotSpec = figure07(rows, { systemStyles: systemStyles(ids) });
    for (const t of spec.data) expect((t.marker as Record<string, unknown>).pattern).toBeUndefined();
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

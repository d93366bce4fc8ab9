/**
 * A notebook's figure draws the paper's printed values beside the reproduced ones on the paper's
 * (reconstructed) dataset, as the report's and the explorer's do (issue #24: "every figure with a
 * published counterpart draws it"), and only there. showFigure is called as a notebook calls it
 * (openNotebook(...).options), its bundle caught by a sink. Oracle: data/published/table01.csv read
 * here line by line (not through kernel-lib/published); Figure 5 needs no bootstrap.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openNotebook, showFigure } from '../../kernel-lib/display/index.ts';
import type { MimeBundle } from '../../kernel-lib/display/bundle.ts';
import { onWarning } from '../../kernel-lib/warn.ts';

const ROOT = new URL('../../', import.meta.url).pathname;
type Trace = { name?: string; x: (string | number)[]; y: (string | number)[] };

/** Figure 5's traces named "published", as a notebook cell draws it. */
async function publishedTraces(data: string, more: Record<string, unknown> = {}): Promise<Trace[]> {
  onWarning(null);
  const bundles: MimeBundle[] = [];
  const nb = openNotebook({ data: `${ROOT}${data}`, draws: 20, ...more } as never);
  await showFigure('5', nb.options, { sink: (b) => { bundles.push(b); }, static: false, library: false });
  const plot = bundles.map((b) => b['application/vnd.plotly.v1+json'] as { data: Trace[] } | undefined).find(Boolean);
  expect(plot, 'a Plotly figure was shown').toBeDefined();
  return plot!.data.filter((t) => t.name === 'published');
}

/** Table 1's printed NVJ per model, from the CSV's lines (five fields each: no quoting in this file). */
function printedNvj(): Record<string, number> {
  const column = 'Net value per / megajoule (USD/MJ)';
  const out: Record<string, number> = {};
  for (const line of readFileSync(`${ROOT}data/published/table01.csv`, 'utf8').trim().split('\n').slice(1)) {
    const f = line.split(',');
    expect(f, line).toHaveLength(5);
    if (f[2] === column) out[f[1]] = Number(f[3]);
  }
  expect(Object.keys(out)).toHaveLength(5);
  return out;
}

describe("a notebook's Figure 5 and the paper's printed values", () => {
  it("on the reconstructed dataset it draws Table 1's NVJ of each of the five models, as printed", async () => {
    const [ghost, ...more] = await publishedTraces('data/recorded/joules-to-gdp-reconstructed');
    expect(more).toEqual([]);
    expect(Object.fromEntries(ghost.y.map((model, i) => [model, ghost.x[i]]))).toEqual(printedNvj());
  }, 120_000);

  it("on synthetic-small (not the paper's systems) and on the reconstruction at another node rate it draws none", async () => {
    expect(await publishedTraces('data/recorded/synthetic-small')).toEqual([]);
    expect(await publishedTraces('data/recorded/joules-to-gdp-reconstructed', { rate: 30 })).toEqual([]);
  }, 120_000);
});

/**
 * The notebooks as committed: output-free (outputs are produced by `npm run reproduce` into
 * out/notebooks/, never committed), the project's kernel, a parameters cell first, and thin: code
 * cells call kernel-lib (compiled to build/kernel-lib) and define no functions or loops of their own.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { committedNotebookText, TSLAB_LANGUAGE_INFO } from '../../scripts/notebooks/format.ts';

const DIR = new URL('../../notebooks/', import.meta.url).pathname;
const files = readdirSync(DIR).filter((f) => f.endsWith('.ipynb')).sort();

interface Cell { cell_type: string; source: string[] | string; outputs?: unknown[]; execution_count?: number | null; metadata: { tags?: string[] } }
const load = (f: string) => JSON.parse(readFileSync(join(DIR, f), 'utf8')) as { cells: Cell[]; metadata: { kernelspec: { name: string } } };
const text = (c: Cell) => (Array.isArray(c.source) ? c.source.join('') : c.source);

describe('committed notebooks', () => {
  it('start with 00-start-here and cover the paper in numbered parts', () => {
    expect(files[0]).toBe('00-start-here.ipynb');
    expect(files[1]).toBe('00b-the-method.ipynb');
    expect(files.length).toBeGreaterThanOrEqual(11);
    expect(files.every((f) => /^\d\d[a-z]?-[a-z0-9-]+\.ipynb$/.test(f))).toBe(true);
  });

  it.each(files)('%s has no outputs and no execution counts', (f) => {
    for (const c of load(f).cells.filter((c) => c.cell_type === 'code')) {
      expect(c.outputs, text(c).slice(0, 60)).toEqual([]);
      expect(c.execution_count ?? null).toBeNull();
    }
  });

  it.each(files)('%s runs on the tslab kernel and opens with a parameters cell', (f) => {
    const nb = load(f);
    expect(nb.metadata.kernelspec.name).toBe('tslab');
    const first = nb.cells.find((c) => c.cell_type === 'code')!;
    expect(text(first)).toMatch(/^\/\/ Parameters/);
    expect(text(first)).toMatch(/const parameters = \{/);
    expect(first.metadata.tags).toEqual(['parameters']);
  });

  it.each(files)('%s checks its parameters in the parameters cell (a bad value stops there, in one line)', (f) => {
    const first = text(load(f).cells.find((c) => c.cell_type === 'code')!);
    expect(first).toMatch(/\n(checkParameters|checkTraceParameters|checkRobustnessParameters|checkMethodParameters)\(parameters[,)][^\n]*$/);
  });

  it.each(files)('%s is saved as Jupyter Notebook 6.4 saves it, so opening it rewrites nothing', (f) => {
    const raw = readFileSync(join(DIR, f), 'utf8');
    // keys sorted, one-space indent, final newline, sources as lines, nbformat 4.5, tslab's language_info
    expect(raw).toBe(committedNotebookText(JSON.parse(raw)));
    const nb = JSON.parse(raw) as { nbformat_minor: number; metadata: { language_info: unknown }; cells: { id?: string }[] };
    expect(nb.nbformat_minor).toBe(5);
    expect(nb.cells.every((c) => typeof c.id === 'string' && /^[a-zA-Z0-9-_]{1,64}$/.test(c.id))).toBe(true);
    expect(nb.metadata.language_info).toEqual(TSLAB_LANGUAGE_INFO);
  });

  it('the language_info written is what the installed tslab kernel reports (Notebook would write it on the first save)', () => {
    const js = readFileSync(new URL('../../node_modules/tslab/dist/jupyter.js', import.meta.url), 'utf8');
    expect(/let version = "([^"]+)";/.exec(js)?.[1]).toBe(TSLAB_LANGUAGE_INFO.version);
    expect(/let mimetype = "([^"]+)";/.exec(js)?.[1]).toBe(TSLAB_LANGUAGE_INFO.mimetype);
    expect(/let file_extension = "([^"]+)";/.exec(js)?.[1]).toBe(TSLAB_LANGUAGE_INFO.file_extension);
    expect(js).toContain('mode: "typescript"');
  });

  it('00-start-here links every other notebook', () => {
    const start = load('00-start-here.ipynb').cells.map(text).join('\n');
    const linked = [...start.matchAll(/\]\((\d\d[a-z]?-[a-z0-9-]+\.ipynb)\)/g)].map((m) => m[1]);
    expect([...new Set(linked)].sort()).toEqual(files.filter((f) => f !== '00-start-here.ipynb'));
  });

  it.each(files)('%s is thin: kernel-lib calls only, imported from build/kernel-lib', (f) => {
    for (const c of load(f).cells.filter((c) => c.cell_type === 'code')) {
      const src = text(c);
      // Arquero itself is the one package a notebook may import (00b-the-method builds a row with its verbs)
      for (const m of src.matchAll(/from '([^']+)'/g)) expect(m[1]).toMatch(/^(\.\.\/build\/kernel-lib\/[a-zA-Z/]+\.js|arquero)$/);
      // an Arquero expression is a string ('d => d.Y * d.G'), evaluated by Arquero: not code of the notebook's own
      const code = src.replace(/'(?:[^'\\\n]|\\.)*'/g, "''");
      // the teaching notebook's bootstrap is one counted loop a student can read (00b, "The bootstrap"); nothing else loops
      const loops = f === '00b-the-method.ipynb' ? code.replace(/^for \(let b = 0; b < shown; b\+\+\) \{$/m, '') : code;
      expect(loops).not.toMatch(/\bfunction\b|\bfor \(|\bwhile \(|=>/);
    }
  });
});

/**
 * A notebook file exactly as Jupyter Notebook 6.4 (nbformat 5) saves it, so that opening a committed
 * notebook and letting it autosave changes nothing: keys sorted, one-space indent, a final newline,
 * nbformat 4.5 (every cell has an `id`), and the metadata the kernel gives when it starts: the
 * kernelspec registered by scripts/notebooks/tooling.ts and tslab's `language_info` (tslab 1.0.22,
 * dist/jupyter.js: kernel_info_reply), which Notebook writes into the file on the first save.
 */

/** tslab's kernel_info language_info, keys as Notebook writes them (sorted). */
export const TSLAB_LANGUAGE_INFO = {
  codemirror_mode: { mode: 'typescript', name: 'javascript', typescript: true },
  file_extension: '.ts',
  mimetype: 'text/typescript',
  name: 'typescript',
  version: '3.7.2',
} as const;

/** The kernelspec registerKernel writes (display name, language, name). */
export const TSLAB_KERNELSPEC = { display_name: 'TypeScript (joules-to-gdp)', language: 'typescript', name: 'tslab' } as const;

/**
 * The text Python's `str()` (and `json.dumps`) gives the number that JSON text `JSON.stringify(n)` denotes
 * once `json.loads` has read it: an int when the JSON has no fraction or exponent (its digits), else a
 * float (repr: the shortest digits that round-trip, fixed notation for decimal exponents -4..15 with at
 * least one decimal, else d.ddde+XX). Examples: 3 -> "3", 0.5 -> "0.5", 1e-7 -> "1e-07", 1e21 -> "1e+21".
 */
export function pythonNumberText(n: number): string {
  const json = JSON.stringify(n);
  if (/^-?\d+$/.test(json)) return json;
  const sign = n < 0 ? '-' : '';
  const [mantissa, exp] = Math.abs(n).toExponential().split('e');
  const digits = mantissa.replace('.', '');
  const decpt = Number(exp) + 1; // value = 0.DIGITS x 10^decpt
  if (decpt > -4 && decpt <= 16) {
    if (decpt <= 0) return `${sign}0.${'0'.repeat(-decpt)}${digits}`;
    if (decpt >= digits.length) return `${sign}${digits}${'0'.repeat(decpt - digits.length)}.0`;
    return `${sign}${digits.slice(0, decpt)}.${digits.slice(decpt)}`;
  }
  const e = decpt - 1;
  return `${sign}${digits[0]}${digits.length > 1 ? `.${digits.slice(1)}` : ''}e${e < 0 ? '-' : '+'}${String(Math.abs(e)).padStart(2, '0')}`;
}

/** Keys in Python's sorted() order: by code point. */
export function codePointCompare(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = x[i].codePointAt(0)! - y[i].codePointAt(0)!;
    if (d) return d;
  }
  return x.length - y.length;
}

/**
 * nbformat's layout, as `nbformat.write` makes it (json.dumps with sort_keys, indent=1, ensure_ascii=False,
 * a final newline), numbers as Python writes them back: a notebook written here and then opened and saved
 * by Jupyter keeps its bytes.
 */
export function formatNotebook(nb: unknown): string {
  const write = (v: unknown, pad: string): string => {
    if (Array.isArray(v)) {
      if (!v.length) return '[]';
      const inner = `${pad} `;
      return `[\n${v.map((e) => `${inner}${write(e, inner)}`).join(',\n')}\n${pad}]`;
    }
    if (v && typeof v === 'object') {
      const keys = Object.keys(v).filter((k) => (v as Record<string, unknown>)[k] !== undefined).sort(codePointCompare);
      if (!keys.length) return '{}';
      const inner = `${pad} `;
      return `{\n${keys.map((k) => `${inner}${JSON.stringify(k)}: ${write((v as Record<string, unknown>)[k], inner)}`).join(',\n')}\n${pad}}`;
    }
    if (typeof v === 'number') return pythonNumberText(v);
    return JSON.stringify(v) ?? 'null';
  };
  return `${write(nb, '')}\n`;
}

/** Python's str.splitlines(keepends=True): line ends \n, \r\n, \r, \v, \f, \x1c-\x1e, \x85, \u2028, \u2029. */
export function pySplitLines(s: string): string[] {
  return s.match(/[^\n\r\v\f\x1c-\x1e\x85\u2028\u2029]*(?:\r\n|[\n\r\v\f\x1c-\x1e\x85\u2028\u2029]|$)/g)!.filter((l) => l !== '');
}

/** A source as nbformat stores it: a list of lines, each but the last ending in its line break (pySplitLines). */
export function sourceLines(source: string | string[]): string[] {
  return pySplitLines(Array.isArray(source) ? source.join('') : source);
}

/** The committed file of notebook `nb`: the tslab metadata set, every source split in lines, formatted as Notebook saves it. */
export function committedNotebookText(nb: { metadata: Record<string, unknown>; cells: { source: string | string[] }[] }): string {
  const cells = nb.cells.map((c) => ({ ...c, source: sourceLines(c.source) }));
  return formatNotebook({ ...nb, cells, metadata: { ...nb.metadata, kernelspec: TSLAB_KERNELSPEC, language_info: TSLAB_LANGUAGE_INFO }, nbformat: 4, nbformat_minor: 5 });
}

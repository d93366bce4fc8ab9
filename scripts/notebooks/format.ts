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

/** nbformat's layout (one-space indent, keys sorted, final newline), as `nbformat.write` makes it. */
export function formatNotebook(nb: unknown): string {
  const sort = (v: unknown): unknown => (Array.isArray(v) ? v.map(sort)
    : v && typeof v === 'object' ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, sort((v as Record<string, unknown>)[k])])) : v);
  return `${JSON.stringify(sort(nb), null, 1)}\n`;
}

/** A source as nbformat stores it: a list of lines, each but the last ending in "\n". */
export function sourceLines(source: string | string[]): string[] {
  const s = Array.isArray(source) ? source.join('') : source;
  return s.split(/(?<=\n)/).filter((l) => l !== '');
}

/** The committed file of notebook `nb`: the tslab metadata set, every source split in lines, formatted as Notebook saves it. */
export function committedNotebookText(nb: { metadata: Record<string, unknown>; cells: { source: string | string[] }[] }): string {
  const cells = nb.cells.map((c) => ({ ...c, source: sourceLines(c.source) }));
  return formatNotebook({ ...nb, cells, metadata: { ...nb.metadata, kernelspec: TSLAB_KERNELSPEC, language_info: TSLAB_LANGUAGE_INFO }, nbformat: 4, nbformat_minor: 5 });
}

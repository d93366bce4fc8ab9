/**
 * A figure is a plain Plotly specification: `{data, layout}`, JSON-serialisable, no functions, no DOM.
 * The types below cover what the builders use; Plotly accepts many more keys, so both stay open.
 */

/** One Plotly trace (`bar`, `scatter`, ...). */
export interface Trace {
  type: 'bar' | 'scatter';
  name?: string;
  x?: (number | string | null)[];
  y?: (number | string | null)[];
  xaxis?: string;
  yaxis?: string;
  [key: string]: unknown;
}

export interface Axis {
  title: { text: string };
  [key: string]: unknown;
}

export interface Layout {
  title?: { text: string; [key: string]: unknown };
  annotations?: Record<string, unknown>[];
  /** `meta.figure` names the paper figure; `meta.caption` repeats the caption as plain text. */
  meta: { figure: string; caption: string; [key: string]: unknown };
  [key: string]: unknown;
}

export interface PlotSpec {
  data: Trace[];
  layout: Layout;
}

/** Axis keys of a layout (`xaxis`, `yaxis2`, ...). */
export function axisKeys(layout: Layout): string[] {
  return Object.keys(layout).filter((k) => /^[xy]axis\d*$/.test(k)).sort();
}

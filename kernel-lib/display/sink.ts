/**
 * Where display bundles go: the running tslab kernel. tslab's public `display.raw(mime, value)`
 * sends one MIME type per output; a figure needs its Plotly spec and its SVG in the same output (so
 * a front end shows one of them, not both), so the kernel sink sends the whole bundle through the
 * function tslab's `display.raw` itself calls (tslab 1.0.22, dist/jupyter.js), falling back to one
 * `display.raw` per MIME type if that internal ever moves.
 */
import { createRequire } from 'node:module';
import { J2GError } from '../errors.ts';
import type { MimeBundle } from './bundle.ts';

export type DisplaySink = (bundle: MimeBundle) => void;

const require = createRequire(import.meta.url);

/** The tslab kernel's display channel; throws when not running inside a tslab kernel. */
export function tslabSink(): DisplaySink {
  let jupyterPath: string, publicPath: string;
  try {
    jupyterPath = require.resolve('tslab/dist/jupyter.js');
    publicPath = require.resolve('tslab');
  } catch {
    throw new J2GError('show requires the tslab kernel (npm run lab); use figureBundle() outside a notebook');
  }
  // Only a running kernel has tslab's Jupyter module loaded (its public module loads on first use).
  if (!require.cache[jupyterPath]) {
    throw new J2GError('show requires the tslab kernel (npm run lab); use figureBundle() outside a notebook');
  }
  const jupyter = require(jupyterPath) as { lastWriteDisplayData: ((msg: unknown, update: boolean) => void) | null };
  const tslab = require(publicPath) as { display: { raw(mime: string, value: unknown): void } };
  return (bundle) => {
    if (typeof jupyter.lastWriteDisplayData === 'function') {
      jupyter.lastWriteDisplayData({ data: bundle, metadata: {}, transient: {} }, false);
      return;
    }
    for (const [mime, value] of Object.entries(bundle)) tslab.display.raw(mime, value);
  };
}

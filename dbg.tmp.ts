import { loadDataset } from './kernel-lib/data/load.ts';
import { paperFigures } from './kernel-lib/plots/index.ts';
import { launchBrowser, preparePlotlyPage } from './kernel-lib/export/index.ts';
import { onWarning } from './kernel-lib/warn.ts';
onWarning(null);
const ds = loadDataset('data/recorded/synthetic-small');
const [f] = paperFigures({ dataset: ds, bootstrap: false, figures: ['12'] }) as any;
const b = await launchBrowser();
const page = await b.context.newPage();
await preparePlotlyPage(page);
console.log(await page.evaluate(async (spec) => {
  const P = (globalThis as any).Plotly; const el = document.getElementById('figure')!;
  await P.newPlot(el, spec.data, spec.layout, { staticPlot: true });
  return [...el.querySelectorAll('.cartesianlayer *')].slice(0, 40).map((n) => n.tagName + '.' + [...n.classList].join('.') + ' parent=' + [...n.parentElement!.classList].join('.')).join('\n') + '\n---\n' + [...el.querySelectorAll('.barlayer *')].slice(0, 10).map((n) => n.tagName + '.' + [...n.classList].join('.')).join('\n');
}, f.spec));
await b.close();

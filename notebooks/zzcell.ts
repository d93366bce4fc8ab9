import { openNotebook, showPaperTable } from '../build/kernel-lib/display/index.js'; const nb = openNotebook({}); showPaperTable(nb, '2');

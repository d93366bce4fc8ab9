/**
 * Figure 2 of Joules-to-GDP: one GDPval task's accounting. The expert-only output is worth
 * G = H x W (expert hours times the occupation's median hourly wage, section 2.1); each AI attempt
 * is judged against it blind; a win or tie earns the output value G and the time saving H - L;
 * every attempt, judged a win or not, is charged its AI-system cost and energy (sections 2.2-2.4).
 * Data-driven for any task id (`figure2Rows`).
 */
import type { PlotSpec, Trace } from './spec.ts';
import { OKABE_ITO, OUTCOME_COLOURS, axis, baseLayout, labelAxis, type FigureOptions } from './theme.ts';
import { onPanel, panelGrid, placePanel } from './panels.ts';

export interface AttemptRow {
  attempt: number;
  energyMJ: number;
  costUSD: number;
  aiHours: number;
  /** the primary judge's outcome against the row's reference; null when not judged */
  outcome: 'win' | 'tie' | 'loss' | null;
  /** every judgment of the attempt, "judge vs reference: outcome" */
  judgments: string[];
}

export interface TaskAccountRow {
  taskId: string;
  /** the task's title when data/reference/task_titles.csv has it */
  title: string | null;
  occupation: string;
  system: string;
  /** the reference the attempts are judged against (its completion time gives H) */
  reference: 'expert_only' | 'expert_with_ai';
  expertHours: number;
  wageUSDPerHour: number;
  /** G = H x W, USD */
  outputValueUSD: number;
  attempts: AttemptRow[];
  /** what the policy credits: its label, and the task's credited components */
  policy: string;
  creditedValueUSD: number;
  chargedCostUSD: number;
  chargedEnergyMJ: number;
  timeSavingHours: number;
  /** why this task is shown (rows.ts figure2ChoiceWords), said in the caption; absent: nothing said */
  why?: string;
}

/** A bar's number: USD and hours to 2 decimals, MJ to 3 (the panels' units). */
const decimals: Record<string, number> = { USD: 2, hours: 2, MJ: 3 };

/**
 * Six panels, every bar with its number (issue #24: a task whose attempts all lose showed an empty
 * "credited" panel and a hairline, not what the caption describes). Top: each attempt's completion
 * time beside the expert's H, and its energy (every attempt is charged). Middle: what each attempt's
 * outcome earns, the output value G = H × W and the time saving H − L on a win or tie, nothing on a
 * loss, where a hollow bar shows what a win would have earned. Bottom: each attempt's cost, and what
 * the attempt policy credits and charges for the task (G, C, G − C).
 */
export function figure02(row: TaskAccountRow, options: FigureOptions = {}): PlotSpec {
  // a long task id (a UUID) is shortened in the title, which must fit the figure; the caption gives it whole
  const id = row.taskId.length > 12 ? `${row.taskId.slice(0, 8)}…` : row.taskId;
  const name = row.title ? `${row.title} (${row.occupation})` : `task ${id} (${row.occupation})`;
  // What the figure shows, from the row; then the inputs it was computed under (plots/captions.ts).
  const own = `Task ${row.taskId}, ${row.system}. The ${row.reference === 'expert_only' ? 'expert-only' : 'expert-with-AI'} output is worth H × W; each attempt is judged against it blind; a win or tie earns that value and the time saving (hollow bars: what a win would have earned); every attempt is charged its cost and energy.${row.why ? ` ${row.why}` : ''}`;
  const layout = baseLayout('2', `Figure 2. One task's accounting: ${name}`, options.caption ? `${own} ${options.caption}` : own,
    { height: 820, ...options, caption: undefined });
  // a loss's bar (nothing earned) and its hollow "a win would have earned" bar share one place
  layout.barmode = 'overlay';
  const [a, b, c, d, e, f] = panelGrid(6, 2, 0.3, 0.17);
  const att = row.attempts.map((r) => `Attempt ${r.attempt}: ${r.outcome ?? 'not judged'}`);
  const earns = (r: AttemptRow) => r.outcome === 'win' || r.outcome === 'tie';
  const colourOf = (r: AttemptRow) => (r.outcome ? OUTCOME_COLOURS[r.outcome] : '#BBBBBB');
  const num = (v: number, unit: string) => v.toFixed(decimals[unit] ?? 2);
  const hbar = (panel: typeof a, title: string, quantity: string, labels: string[], values: number[], colours: string[], unit: string, hover: string[], texts = values.map((v) => num(v, unit))): Trace => {
    // a negative bar's number sits left of zero: room for it there, off the category labels
    const lo = Math.min(0, ...values), hi = Math.max(0, ...values);
    const range = lo < 0 ? { range: [lo - 0.18 * (hi - lo), hi + 0.08 * (hi - lo)] } : {};
    placePanel(layout, panel, title, axis(quantity, unit, { rangemode: 'tozero', ...range }),
      labelAxis('', { categoryorder: 'array', categoryarray: [...labels].reverse(), title: { text: '' } }));
    return onPanel({
      type: 'bar', orientation: 'h', name: title, showlegend: false, x: values, y: labels, marker: { color: colours },
      // inside a bar wide enough for its number, else just past its end
      text: texts, textposition: 'auto', insidetextanchor: 'start', cliponaxis: false,
      insidetextfont: { color: '#FFFFFF', size: 11 }, outsidetextfont: { color: '#222222', size: 11 },
      customdata: hover, hovertemplate: `%{y}: %{x:.4g} ${unit}<br>%{customdata}<extra></extra>`,
    }, panel);
  };
  // what a win would have earned, for each attempt that earned nothing: an outline, its number inside
  let legendShown = false;
  const ifWon = (panel: typeof a, values: number[], unit: string): Trace => {
    const lost = row.attempts.map((r, i) => ({ r, i })).filter(({ r }) => !earns(r));
    const t = onPanel({
      type: 'bar', orientation: 'h', name: 'hollow: what a win would have earned', legendgroup: 'if-won', showlegend: !legendShown,
      x: lost.map(({ i }) => values[i]), y: lost.map(({ i }) => att[i]),
      marker: { color: 'rgba(255,255,255,0)', line: { color: '#333333', width: 1.5 } },
      text: lost.map(({ i }) => `a win: ${num(values[i], unit)}`), textposition: 'auto', insidetextanchor: 'end', cliponaxis: false,
      insidetextfont: { color: '#222222', size: 11 }, outsidetextfont: { color: '#222222', size: 11 },
      hovertemplate: `%{y}: a win would have earned %{x:.4g} ${unit}<extra></extra>`,
    }, panel);
    legendShown = true;
    return t;
  };
  const judged = row.attempts.map((r) => r.judgments.join('<br>') || 'no judgment');
  const valueIfWon = row.attempts.map(() => row.outputValueUSD);
  const savingIfWon = row.attempts.map((r) => row.expertHours - r.aiHours);
  const value = hbar(c, 'Value earned: G = H × W', 'Value', att, row.attempts.map((r, i) => (earns(r) ? valueIfWon[i] : 0)),
    row.attempts.map(colourOf), 'USD', judged, row.attempts.map((r, i) => (earns(r) ? num(valueIfWon[i], 'USD') : '')));
  const saving = hbar(d, 'Time saving earned: H − L', 'Time saving', att, row.attempts.map((r, i) => (earns(r) ? savingIfWon[i] : 0)),
    row.attempts.map(colourOf), 'hours', judged, row.attempts.map((r, i) => (earns(r) ? num(savingIfWon[i], 'hours') : '')));
  const anyLost = row.attempts.some((r) => !earns(r));
  return {
    layout,
    data: [
      hbar(a, 'Completion time', 'Time', ['Expert-only H', ...att], [row.expertHours, ...row.attempts.map((r) => r.aiHours)],
        ['#777777', ...row.attempts.map(colourOf)], 'hours', [`wage ${row.wageUSDPerHour.toFixed(2)} USD/hour`, ...judged]),
      hbar(b, 'Energy per attempt', 'Energy', att, row.attempts.map((r) => r.energyMJ), row.attempts.map(colourOf), 'MJ', judged),
      value,
      ...(anyLost ? [ifWon(c, valueIfWon, 'USD')] : []),
      saving,
      ...(anyLost ? [ifWon(d, savingIfWon, 'hours')] : []),
      hbar(e, 'AI-system cost per attempt', 'Cost', att, row.attempts.map((r) => r.costUSD), row.attempts.map(colourOf), 'USD', judged),
      hbar(f, `Credited under ${row.policy}`, 'Value', ['Output value H × W', 'Credited value G', 'Charged cost C', 'Net value G − C'],
        [row.outputValueUSD, row.creditedValueUSD, row.chargedCostUSD, row.creditedValueUSD - row.chargedCostUSD],
        ['#777777', OKABE_ITO.blue, OKABE_ITO.orange, OKABE_ITO.green], 'USD',
        [`H ${row.expertHours.toFixed(2)} h × W ${row.wageUSDPerHour.toFixed(2)} USD/h`, `time saving S ${row.timeSavingHours.toFixed(2)} h`, `energy E ${row.chargedEnergyMJ.toFixed(3)} MJ`, '']),
    ],
  };
}

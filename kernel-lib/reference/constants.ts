/**
 * Stated constants of data/reference/ that figures draw, each with its source: the energy scale of
 * Figure 1's bottom panel (`energy_scale.csv`) and GDPval task titles (`task_titles.csv`). Nothing
 * here is typed into a figure: the builders read these files.
 * Throws ValidationError (file:line: column: expected) on a malformed row, "energy_scale.csv lacks
 * quantity: q" when a needed constant is missing.
 *
 * @example
 * loadEnergyScale().scaleMJ // => 2.52
 */
import { z } from 'zod';
import { J2GError, ValidationError, type ValidationIssue } from '../errors.ts';
import { readCsv } from '../io/csv.ts';
import { checkHeader, parseRows } from '../io/csvRows.ts';
import { positiveNumber, requiredText } from '../data/fields.ts';
import { nodePath, nodeUrl } from '../io/node.ts';

// resolved when called, not at import: a browser bundle of the figure code may import this module
const referenceDir = () => nodeUrl().fileURLToPath(new URL('../../data/reference/', import.meta.url));
const join = (...parts: string[]) => nodePath().join(...parts);

export interface StatedConstant {
  value: number;
  unit: string;
  source: string;
}

export interface EnergyScale {
  /** one H200's power, W (NVIDIA specification) */
  h200PowerW: StatedConstant;
  /** hours the H200 draws that power */
  durationH: StatedConstant;
  /** hours of active laptop use the paper equates with that energy */
  laptopHours: StatedConstant;
  /** the scale energy, MJ: power W x duration h x 3600 s/h / 1e6 (Figure 1: 2.52 MJ) */
  scaleMJ: number;
  /** implied laptop power, W: scale energy / laptop hours */
  laptopPowerW: number;
}

function readConstants(path: string): Map<string, StatedConstant> {
  const csv = readCsv(path);
  const issues: ValidationIssue[] = [];
  if (!checkHeader(csv, ['quantity', 'value', 'unit', 'source'], issues)) throw new ValidationError(issues);
  const rows = parseRows(csv, z.object({ quantity: requiredText, value: positiveNumber, unit: requiredText, source: requiredText }), issues);
  if (issues.length) throw new ValidationError(issues);
  return new Map(rows.map(({ data }) => [data.quantity, { value: data.value, unit: data.unit, source: data.source }]));
}

export function loadEnergyScale(dir: string = referenceDir()): EnergyScale {
  const c = readConstants(join(dir, 'energy_scale.csv'));
  const get = (q: string) => {
    const v = c.get(q);
    if (!v) throw new J2GError(`energy_scale.csv lacks quantity: ${q}`);
    return v;
  };
  const h200PowerW = get('h200_power_w'), durationH = get('scale_duration_h'), laptopHours = get('laptop_hours_per_scale');
  const scaleJ = h200PowerW.value * durationH.value * 3600;
  return { h200PowerW, durationH, laptopHours, scaleMJ: scaleJ / 1e6, laptopPowerW: scaleJ / (laptopHours.value * 3600) };
}

/** GDPval task titles by task id (task_titles.csv), with their sources. */
export function loadTaskTitles(dir: string = referenceDir()): Map<string, { title: string; source: string }> {
  const csv = readCsv(join(dir, 'task_titles.csv'));
  const issues: ValidationIssue[] = [];
  if (!checkHeader(csv, ['task_id', 'title', 'source'], issues)) throw new ValidationError(issues);
  const rows = parseRows(csv, z.object({ task_id: requiredText, title: requiredText, source: requiredText }), issues);
  if (issues.length) throw new ValidationError(issues);
  return new Map(rows.map(({ data }) => [data.task_id, { title: data.title, source: data.source }]));
}

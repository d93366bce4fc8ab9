/**
 * A release folder an author can upload (`j2g pack`), and its check (`verifyPackage`, run by
 * `j2g validate` on any folder holding `datapackage.json`).
 *
 * The descriptor is a Frictionless Data Package (v2, https://datapackage.org): `datapackage.json` with
 * the package's name, title, version, licenses, contributors (authors) and a `citation`, and one
 * resource per file with its `bytes` and `hash` (`sha256:<hex>`). Each CSV resource carries a Table
 * Schema (field types, required cells, minima, enums, primary and foreign keys) written from the
 * recorded-data schema, so that tools which read Data Packages (frictionless-py, the R and Julia
 * readers, Zenodo's and data.world's previews) check the CSVs without this project. Chosen over
 * MLCommons Croissant because our data are CSV tables with keys between them, which Table Schema states
 * directly (Croissant, JSON-LD over schema.org, maps them through RecordSets and references, and hubs
 * that read Croissant can generate it from the CSVs); Data Package allows further properties, which hold
 * the release fields the manifest refuses (citation, the packer).
 *
 * The folder is the dataset itself (manifest.json and the six CSV files at its root, byte for byte as
 * packed), so `j2g validate --data REL` and `--data REL` everywhere read it as it is, plus:
 *   DATASHEET.md     a datasheet (Gebru et al., "Datasheets for Datasets") generated from the data, with
 *                    `[TO FILL: ...]` blanks for what only the author knows
 *   provenance.csv   each run's source: trace folder and window (marks.csv lines), or import file and line,
 *                    with the SHA-256 of the trace's marks.csv or of the imported file (the source inventory)
 *   scenario.json    the default scenario with `"dataset": "."`, read relative to the file's folder
 *                    (scenario/files.ts readScenarioFileAt): the folder works wherever it is moved
 *   datapackage.json the descriptor; every other file's SHA-256 and size
 */
import { createHash } from 'node:crypto';
import { readJsonFile } from '../io/readJsonFile.ts';
import { existsSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { INPUT_LIMITS, hashInput, readInput } from '../io/input.ts';
import { checkOutput } from '../io/outputDir.ts';
import { datasetFileNames } from '../data/parquetFiles.ts';
import { isAbsolute, join, normalize, sep } from 'node:path';
import { J2GError, ValidationError, type ValidationIssue } from '../errors.ts';
import { parseCsv, readCsv } from '../io/csv.ts';
import { writeFilesAtomic } from '../io/atomic.ts';
import { loadScenario, DATASET_FILES } from '../scenario/files.ts';
import { checkCompleteness, energyComponents, formatCrossChecks, formatFlags, meterCrossChecks } from './completeness.ts';
import { loadDataset, type Dataset } from '../data/load.ts';
import { FILES, OUTCOMES, REFERENCES } from '../data/schema.ts';

export const DESCRIPTOR = 'datapackage.json';
export const DATASHEET = 'DATASHEET.md';
export const PROVENANCE = 'provenance.csv';
export const SCENARIO = 'scenario.json';
/** A blank of the datasheet that the author must fill. */
export const BLANK = '[TO FILL';

export interface PackMetadata {
  /** SPDX license id (CC-BY-4.0, CC0-1.0, ...) */
  license: string;
  /** semantic version of this release */
  version: string;
  /** authors, each "Name" or "Name <email>" */
  authors: readonly string[];
  /** how to cite the dataset (default: authors, title, version) */
  citation?: string;
  /** human title (default: the manifest's name) */
  title?: string;
}

export interface PackOptions extends PackMetadata {
  /** power-log trace folders the runs were measured in (their marks.csv gives each run's window) */
  traces?: readonly string[];
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** An SPDX id's canonical URL, for the licenses entry (spdx.org/licenses/ID). */
const licenseUrl = (id: string) => `https://spdx.org/licenses/${id}.html`;

/** A Data Package name: lower case, digits, `-._` only. */
function packageName(name: string): string {
  const n = name.toLowerCase().replace(/[^a-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '');
  return n || 'dataset';
}

type Field = { name: string; type: 'string' | 'number' | 'integer'; description?: string; constraints?: Record<string, unknown> };

/** The Table Schema field of a recorded-data column (data/README.md's rules, as Table Schema constraints). */
function fieldOf(file: string, column: string): Field {
  const req = { required: true };
  const positive = { required: true, exclusiveMinimum: 0 };
  const nonNeg = { required: true, minimum: 0 };
  const RULES: Record<string, Record<string, Field>> = {
    'occupations.csv': {
      occupation: { name: column, type: 'string', constraints: { ...req, unique: true } },
      soc_code: { name: column, type: 'string', constraints: req },
      category: { name: column, type: 'string', constraints: req },
      sector: { name: column, type: 'string', constraints: req },
      employment: { name: column, type: 'number', description: 'persons', constraints: nonNeg },
      median_hourly_wage_usd: { name: column, type: 'number', description: 'W_o, USD per hour', constraints: positive },
    },
    'sectors.csv': {
      sector: { name: column, type: 'string', constraints: { ...req, unique: true } },
      gdp_share: { name: column, type: 'number', description: 'any scale, normalised over the sectors present', constraints: positive },
    },
    'tasks.csv': {
      task_id: { name: column, type: 'string', constraints: { ...req, unique: true } },
      occupation: { name: column, type: 'string', constraints: req },
      expert_hours: { name: column, type: 'number', description: 'H_i, expert-only completion time, hours', constraints: positive },
      expert_ai_hours: { name: column, type: 'number', description: 'H_i, expert-with-AI completion time, hours; empty when not recorded', constraints: { exclusiveMinimum: 0 } },
    },
    'systems.csv': {
      system: { name: column, type: 'string', constraints: { ...req, unique: true } },
      model: { name: column, type: 'string', constraints: req },
      harness: { name: column, type: 'string', constraints: req },
      backend: { name: column, type: 'string', constraints: req },
      accelerator: { name: column, type: 'string', constraints: req },
      accelerator_count: { name: column, type: 'integer', constraints: { required: true, minimum: 1 } },
      node_rate_usd_per_hour: { name: column, type: 'number', description: 'USD per node-hour', constraints: { exclusiveMinimum: 0 } },
    },
    'runs.csv': {
      run_id: { name: column, type: 'string', constraints: { ...req, unique: true } },
      task_id: { name: column, type: 'string', constraints: req },
      system: { name: column, type: 'string', constraints: req },
      attempt: { name: column, type: 'integer', constraints: { required: true, minimum: 1 } },
      ai_hours: { name: column, type: 'number', description: 'L, AI-system completion time, hours', constraints: nonNeg },
      cost_usd: { name: column, type: 'number', description: 'C, AI-system execution cost, USD', constraints: nonNeg },
      energy_mj: { name: column, type: 'number', description: 'E, end-to-end energy, megajoules (manifest energy_boundary)', constraints: positive },
      node_hours: { name: column, type: 'number', description: 'T_alloc, allocated node time, hours (Appendix G)', constraints: { minimum: 0 } },
    },
    'judgments.csv': {
      run_id: { name: column, type: 'string', constraints: req },
      reference: { name: column, type: 'string', constraints: { ...req, enum: [...REFERENCES] } },
      judge: { name: column, type: 'string', constraints: req },
      outcome: { name: column, type: 'string', description: 'Y = 1 for win or tie', constraints: { ...req, enum: [...OUTCOMES] } },
    },
  };
  const known = RULES[file]?.[column];
  if (known) return known;
  // extra columns j2g energy and j2g import write: energies in MJ, costs, a source line (empty when not measured)
  if (file === 'runs.csv' && /_mj$|^cost_usd_at_/.test(column)) return { name: column, type: 'number', description: column.endsWith('_mj') ? 'megajoules (extra column; empty when not measured)' : 'USD (extra column)' };
  if (file === 'runs.csv' && column === 'source_line') return { name: column, type: 'integer', description: 'line of source_file the run was imported from' };
  return { name: column, type: 'string', description: 'extra column, kept as text' };
}

const KEYS: Record<string, { primaryKey: string[]; foreignKeys: { fields: string[]; reference: { resource: string; fields: string[] } }[] }> = {
  'occupations.csv': { primaryKey: ['occupation'], foreignKeys: [{ fields: ['sector'], reference: { resource: 'sectors', fields: ['sector'] } }] },
  'sectors.csv': { primaryKey: ['sector'], foreignKeys: [] },
  'tasks.csv': { primaryKey: ['task_id'], foreignKeys: [{ fields: ['occupation'], reference: { resource: 'occupations', fields: ['occupation'] } }] },
  'systems.csv': { primaryKey: ['system'], foreignKeys: [] },
  'runs.csv': { primaryKey: ['run_id'], foreignKeys: [{ fields: ['task_id'], reference: { resource: 'tasks', fields: ['task_id'] } }, { fields: ['system'], reference: { resource: 'systems', fields: ['system'] } }] },
  'judgments.csv': { primaryKey: ['run_id', 'reference', 'judge'], foreignKeys: [{ fields: ['run_id'], reference: { resource: 'runs', fields: ['run_id'] } }] },
};

/** Each run's provenance row: where it was measured. */
interface ProvenanceRow { run_id: string; source_kind: 'trace' | 'import' | 'unrecorded'; source: string; source_sha256: string; lines: string; window_start_wall_ns: string; window_end_wall_ns: string }

/**
 * SHA-256 of a file that identifies a source (a trace's marks.csv, an imported file), or '' when it is
 * not a regular file of at most an importer's limit to read (io/input.ts: a FIFO or a device named by a
 * source_file cell is never opened for reading).
 */
function fileHash(path: string): string {
  try {
    return hashInput(path, path, INPUT_LIMITS.import);
  } catch {
    return '';
  }
}

/** Run windows of power-log traces: run id -> trace folder, marks.csv lines and wall-clock window. */
function traceWindows(traces: readonly string[]): Map<string, Omit<ProvenanceRow, 'run_id' | 'source_kind'>> {
  const out = new Map<string, Omit<ProvenanceRow, 'run_id' | 'source_kind'>>();
  for (const dir of traces) {
    const marks = readCsv(join(dir, 'marks.csv'), join(dir, 'marks.csv'));
    const marksHash = fileHash(join(dir, 'marks.csv'));
    const start = new Map<string, { line: number; wall: string }>();
    for (const r of marks.rows) {
      const { kind, id, wall_ns } = r.values;
      if (kind === 'run-start') start.set(id, { line: r.line, wall: wall_ns });
      else if (kind === 'run-end' && start.has(id)) {
        const s = start.get(id)!;
        if (out.has(id)) throw new J2GError(`run ${id} has a window in two traces (${out.get(id)!.source} and ${dir})`);
        out.set(id, { source: dir, source_sha256: marksHash, lines: `marks.csv:${s.line}-${r.line}`, window_start_wall_ns: s.wall, window_end_wall_ns: wall_ns });
      }
    }
  }
  return out;
}

/** provenance.csv rows: a trace window, else runs.csv's source_file and source_line (j2g import --rate), else unrecorded. */
function provenanceOf(ds: Dataset, traces: readonly string[]): ProvenanceRow[] {
  const windows = traceWindows(traces);
  const hashes = new Map<string, string>();
  return ds.rows.runs.map((r) => {
    const w = windows.get(r.run_id);
    if (w) return { run_id: r.run_id, source_kind: 'trace', ...w };
    const file = r.extra.source_file;
    if (file) {
      if (!hashes.has(file)) hashes.set(file, fileHash(file));
      return { run_id: r.run_id, source_kind: 'import', source: file, source_sha256: hashes.get(file)!, lines: r.extra.source_line ? `${r.extra.source_line}` : '', window_start_wall_ns: '', window_end_wall_ns: '' };
    }
    return { run_id: r.run_id, source_kind: 'unrecorded', source: '', source_sha256: '', lines: '', window_start_wall_ns: '', window_end_wall_ns: '' };
  });
}

const csvCell = (v: string) => (/[",\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/** The datasheet (Gebru et al. 2021's questions), the facts filled from the data, the rest left blank. */
function datasheet(ds: Dataset, meta: PackMetadata, provenance: readonly ProvenanceRow[]): string {
  const { rows, manifest } = ds;
  const report = checkCompleteness(ds, { tables: false });
  const judges = new Map<string, number>();
  for (const j of rows.judgments) judges.set(j.judge, (judges.get(j.judge) ?? 0) + 1);
  const refs = [...new Set(rows.judgments.map((j) => j.reference))];
  const kinds = new Map<string, number>();
  for (const p of provenance) kinds.set(p.source_kind, (kinds.get(p.source_kind) ?? 0) + 1);
  const perOcc = new Map<string, number>();
  for (const t of rows.tasks) perOcc.set(t.occupation, (perOcc.get(t.occupation) ?? 0) + 1);
  const blank = (what: string) => `${BLANK}: ${what}]`;
  const l: string[] = [];
  l.push(`# Datasheet: ${meta.title ?? manifest.name} ${meta.version}`, '');
  l.push('Generated by `j2g pack` from the data (numbers below are counted, not claimed). Every blank marked', '"TO FILL" is for the authors to replace; `j2g validate` warns while any is left. After editing, run', '`j2g pack --data REL --out REL` again to record the new SHA-256.', '');
  l.push('## Motivation', '');
  l.push(`- Purpose: task-level records for Net Value per Joule and Time Saving per Joule (Joules-to-GDP). ${blank('why these tasks and systems were evaluated, and by whom it was funded')}`);
  l.push(`- Authors: ${meta.authors.join('; ')}`, '');
  l.push('## Composition', '');
  l.push(`- ${rows.tasks.length} tasks in ${perOcc.size} occupations (${Math.min(...perOcc.values())} to ${Math.max(...perOcc.values())} tasks per occupation), ${rows.sectors.length} sectors, ${rows.systems.length} systems, ${rows.runs.length} runs, ${rows.judgments.length} judgments.`);
  l.push(`- Provenance (manifest): ${manifest.provenance}. Primary system ${manifest.primary_system}, primary judge ${manifest.primary_judge}.`);
  l.push('- Systems:', '', '| system | model | harness | backend | accelerator | count | runs |', '| --- | --- | --- | --- | --- | --- | --- |');
  for (const s of rows.systems) l.push(`| ${s.system} | ${s.model} | ${s.harness} | ${s.backend} | ${s.accelerator} | ${s.accelerator_count} | ${rows.runs.filter((r) => r.system === s.system).length} |`);
  l.push('', `- Judges (judgments.csv): ${[...judges].map(([j, n]) => `${j} (${n})`).join(', ')}; references: ${refs.join(', ')}.`);
  l.push(`- Judges and their versions: ${blank('each judge\'s model and version (or the human reviewers), its prompt, and how outputs were blinded')}`);
  l.push(`- Expert reference times: ${rows.tasks.filter((t) => t.expert_ai_hours !== null).length} of ${rows.tasks.length} tasks have expert-with-AI times. Provenance of the expert times: ${blank('who the experts were, how times were recorded (self-report, logged), and where the GDPval references come from')}`);
  l.push(`- Sampling: ${blank('how tasks were chosen from their population (all GDPval tasks, a sample, which seed), and how many attempts per task and why')}`);
  l.push(`- Confidential or personal data: ${blank('none, or what and how it was handled')}`, '');
  l.push('## Collection process', '');
  l.push(`- Energy boundary (manifest): \`${manifest.energy_boundary}\`. ${blank('the components energy_mj covers on each node (GPU, CPU package, DRAM; power-log sources present), the node and driver, and whether setup and idle energy are attributed')}`);
  const covered = energyComponents(ds);
  l.push(`- Energy components covered (runs.csv component columns): ${covered.length ? covered.map((c) => `${c.system} ${c.label} (${c.runs} runs)`).join(', ') : 'not recorded (no energy_gpu_mj, energy_cpu_mj, energy_dram_mj columns)'}.`);
  l.push(`- Run provenance (provenance.csv): ${[...kinds].map(([k, n]) => `${k} ${n}`).join(', ')}.`);
  const flags = formatFlags(report.flags);
  l.push(`- Validity flags per system: ${flags.length ? flags.join('; ') : 'no validity column in runs.csv'}.`);
  const checks = formatCrossChecks(meterCrossChecks(ds));
  l.push(`- Meter cross-check (a GPU's energy counter against its power series, per run; data/traces/README.md): ${checks.length ? checks.join('; ') : 'none (no trace measured a GPU by two meters)'}.`);
  l.push(`- Cost: ${rows.runs.some((r) => r.node_hours !== null) ? 'runs.csv records node_hours (T_alloc, Appendix G)' : 'no node_hours column: re-pricing treats all of cost_usd as node time'}. Rates used: ${blank('the node-hour rates and their sources and dates')}`, '');
  l.push('## Preprocessing, cleaning, labelling', '');
  l.push(`- ${blank('anything removed or corrected (failed runs, re-judged outputs), and the raw data\'s location if kept')}`, '');
  l.push('## Uses', '');
  l.push(`- Intended: reproducing and extending the Joules-to-GDP tables (\`j2g tables --data REL\`). ${blank('uses the authors advise against')}`);
  if (report.warnings.length) l.push(`- Caveats found by \`j2g validate --complete\`: ${report.warnings.join('; ')}`);
  if (report.problems.length) l.push(`- Known gaps (\`j2g validate --complete\`): ${report.problems.length} missing piece(s) for the default tables, first: ${report.problems[0].file}${report.problems[0].line ? `:${report.problems[0].line}` : ''}: ${report.problems[0].message}`);
  l.push('');
  l.push('## Distribution', '');
  l.push(`- License: ${meta.license}. Version ${meta.version}.`);
  l.push(`- Cite as: ${meta.citation ?? defaultCitation(ds, meta)}`, '');
  l.push('## Maintenance', '');
  l.push(`- Contact and errata: ${blank('who maintains the dataset and where errors are reported')}`, '');
  return l.join('\n');
}

function defaultCitation(ds: Dataset, meta: PackMetadata): string {
  const names = meta.authors.map((a) => a.replace(/\s*<[^>]*>\s*$/, ''));
  return `${names.join(', ')}. ${meta.title ?? ds.manifest.name} (version ${meta.version}) [Data set].`;
}

/** A contributor of a Data Package from "Name <email>". */
function contributor(author: string): Record<string, unknown> {
  const m = /^(.*?)\s*<([^>]+)>\s*$/.exec(author);
  return m ? { title: m[1], email: m[2], roles: ['author'] } : { title: author.trim(), roles: ['author'] };
}

/** The release metadata an earlier `j2g pack` recorded in `dir/datapackage.json`, or null. */
export function packedMetadata(dir: string): Partial<PackMetadata> | null {
  const path = join(dir, DESCRIPTOR);
  if (!existsSync(path)) return null;
  const d = readDescriptor(path);
  return {
    license: (d.licenses as { name?: string }[] | undefined)?.[0]?.name,
    version: d.version as string | undefined,
    authors: (d.contributors as { title: string; email?: string }[] | undefined)?.map((c) => (c.email ? `${c.title} <${c.email}>` : c.title)),
    citation: d.citation as string | undefined,
    title: d.title as string | undefined,
  };
}

/**
 * Pack the dataset of `dataDir` into `outDir` as one unit (see the file comment). The dataset must
 * load (a ValidationError otherwise); `dataDir` may be an earlier release (repacking keeps its
 * DATASHEET.md and provenance.csv as edited, and records their new hashes). Returns the files written.
 */
export function packDataset(dataDir: string, outDir: string, options: PackOptions): string[] {
  if (!/^\d+\.\d+\.\d+([-+][0-9A-Za-z.-]+)?$/.test(options.version)) throw new J2GError(`invalid version: ${options.version} (expected a semantic version such as 1.0.0)`);
  if (!/^[A-Za-z0-9.+-]+$/.test(options.license)) throw new J2GError(`invalid license: ${options.license} (expected an SPDX id such as CC-BY-4.0)`);
  if (!options.authors.length || options.authors.some((a) => a.trim() === '')) throw new J2GError('missing --author NAME (at least one, each non-empty)');
  // the output guard (io/outputDir.ts): not `/`, not a link, not a trace read, not another dataset or
  // trace folder; the dataset itself only to repack in place, and a release folder (datapackage.json) of its own
  checkOutput('out', outDir, { inputs: (options.traces ?? []).map((t) => ['trace folder', t] as const), notIntoInputs: { tool: 'pack', inPlace: dataDir, ownFile: DESCRIPTOR } });
  const ds = loadDataset(dataDir);
  const files = new Map<string, Uint8Array>();
  // the dataset's files as present (CSV or Parquet: data/parquetFiles.ts datasetFileNames), each a regular file inside --data
  const read = (name: string) => readInput(join(dataDir, name), name, name.endsWith('.json') ? INPUT_LIMITS.json : name.endsWith('.parquet') ? INPUT_LIMITS.parquet : INPUT_LIMITS.text, { within: dataDir }).bytes;
  for (const name of datasetFileNames(dataDir)) if (existsSync(join(dataDir, name))) files.set(name, read(name));
  const keep = (name: string) => (existsSync(join(dataDir, name)) ? read(name) : null);
  const provenanceRows = provenanceOf(ds, options.traces ?? []);
  const keptProvenance = options.traces?.length ? null : keep(PROVENANCE);
  const provenanceText = ['run_id,source_kind,source,source_sha256,lines,window_start_wall_ns,window_end_wall_ns', ...provenanceRows.map((p) => [p.run_id, p.source_kind, p.source, p.source_sha256, p.lines, p.window_start_wall_ns, p.window_end_wall_ns].map(csvCell).join(','))].join('\n') + '\n';
  files.set(PROVENANCE, keptProvenance ?? Buffer.from(provenanceText));
  files.set(DATASHEET, keep(DATASHEET) ?? Buffer.from(datasheet(ds, options, provenanceRows)));
  keepAuthorEdits(dataDir, outDir, files);
  const { scenario } = loadScenario({ dataset: dataDir }, { dataset: ds });
  files.set(SCENARIO, Buffer.from(`${JSON.stringify({ ...scenario, dataset: '.' }, null, 2)}\n`));

  const resources = [...files].map(([path, bytes]) => {
    const r: Record<string, unknown> = { name: path.replace(/\.[a-z]+$/i, '').toLowerCase().replace(/[^a-z0-9._-]+/g, '-'), path };
    if (path.endsWith('.parquet')) Object.assign(r, { format: 'parquet', mediatype: 'application/vnd.apache.parquet' });
    else if (path.endsWith('.csv')) {
      const header = parseCsv(Buffer.from(bytes).toString('utf8').replace(/^\uFEFF/, ''), path).header;
      Object.assign(r, { format: 'csv', mediatype: 'text/csv', encoding: 'utf-8' });
      const isData = Object.values(FILES).some((f) => f.file === path);
      if (isData) r.schema = { fields: header.map((c) => fieldOf(path, c)), missingValues: [''], ...KEYS[path] };
    } else if (path.endsWith('.json')) Object.assign(r, { format: 'json', mediatype: 'application/json' });
    else Object.assign(r, { format: 'md', mediatype: 'text/markdown' });
    return { ...r, bytes: bytes.length, hash: `sha256:${sha256(bytes)}` };
  });
  const descriptor = {
    $schema: 'https://datapackage.org/profiles/2.0/datapackage.json',
    name: packageName(ds.manifest.name),
    title: options.title ?? ds.manifest.name,
    ...(ds.manifest.description ? { description: ds.manifest.description } : {}),
    version: options.version,
    licenses: [{ name: options.license, path: licenseUrl(options.license) }],
    contributors: options.authors.map(contributor),
    citation: options.citation ?? defaultCitation(ds, options),
    keywords: ['joules-to-gdp', 'energy', 'AI evaluation', 'GDPval'],
    j2g: { provenance: ds.manifest.provenance, energy_boundary: ds.manifest.energy_boundary, packed_by: 'j2g pack', scenario: SCENARIO, datasheet: DATASHEET, run_provenance: PROVENANCE },
    resources,
  };
  files.set(DESCRIPTOR, Buffer.from(`${JSON.stringify(descriptor, null, 2)}\n`));
  writeFilesAtomic([...files].map(([name, bytes]) => [join(outDir, name), bytes] as const));
  return [...files.keys()];
}

/**
 * Refuse to overwrite what an author edited in `outDir` (a release packed from another folder than
 * itself): DATASHEET.md or provenance.csv there that differs from what this pack writes and from what
 * the release's datapackage.json recorded for it (so it was edited after packing), or that no
 * datapackage.json recorded. Names the file and how to keep the edits.
 */
function keepAuthorEdits(dataDir: string, outDir: string, files: Map<string, Uint8Array>): void {
  if (existsSync(outDir) && existsSync(dataDir) && realpathSync(outDir) === realpathSync(dataDir)) return; // in place: the edits are what is packed
  let recorded: Record<string, string> = {};
  try {
    const d = readDescriptor(join(outDir, DESCRIPTOR));
    recorded = Object.fromEntries((Array.isArray(d.resources) ? d.resources as Record<string, unknown>[] : []).map((r) => [String(r?.path), String(r?.hash ?? '')]));
  } catch {
    // no descriptor (or not one): every file there is the author's
  }
  for (const name of [DATASHEET, PROVENANCE]) {
    const path = join(outDir, name);
    if (!existsSync(path)) continue;
    const there = readInput(path, name, INPUT_LIMITS.text, { within: outDir }).bytes;
    const now = files.get(name)!;
    if (Buffer.from(now).equals(there) || recorded[name] === `sha256:${sha256(there)}`) continue;
    throw new J2GError(`refusing to overwrite ${path}: it differs from what j2g pack recorded there (edited by hand?). To keep the edits, pack from the release itself (j2g pack --data ${outDir} --out ${outDir}) or copy ${name} into ${dataDir}; to have it written anew, move it away first`);
  }
}

function readDescriptor(path: string): Record<string, unknown> {
  // the strict reader: invalid UTF-8, a syntax error or a duplicated key is an error at its line
  const d = readJsonFile(path, DESCRIPTOR).value;
  if (d === null || typeof d !== 'object' || Array.isArray(d)) throw new ValidationError([{ file: DESCRIPTOR, message: 'expected a JSON object (a Data Package descriptor)' }]);
  return d as Record<string, unknown>;
}

/**
 * Check a packed folder against its datapackage.json: every resource's file exists inside the folder
 * with the recorded size and SHA-256, and every dataset file (manifest.json, the six CSVs) is a
 * resource. Returns null for a folder without datapackage.json (not a release); else the count of
 * files checked, the package name and version, and the datasheet blanks left; throws a ValidationError
 * naming each changed, missing or unlisted file.
 * @example verifyPackage('data/recorded/synthetic-small') // => null
 */
export function verifyPackage(dir: string): { files: number; name: string; version: string; blanks: number } | null {
  const path = join(dir, DESCRIPTOR);
  if (!existsSync(path) || !statSync(dir).isDirectory()) return null;
  const d = readDescriptor(path);
  const issues: ValidationIssue[] = [];
  const resources = Array.isArray(d.resources) ? (d.resources as Record<string, unknown>[]) : [];
  if (!Array.isArray(d.resources)) issues.push({ file: DESCRIPTOR, column: 'resources', message: 'expected a list of resources' });
  const listed = new Set<string>();
  let blanks = 0;
  resources.forEach((r, i) => {
    const p = r?.path;
    const at = `resources[${i}]`;
    if (typeof p !== 'string' || isAbsolute(p) || normalize(p).split(sep).includes('..')) {
      issues.push({ file: DESCRIPTOR, column: `${at}.path`, message: `expected a path inside the folder, found ${JSON.stringify(p)}` });
      return;
    }
    if (p === '' || normalize(p) === '.' || normalize(p) === `.${sep}`) {
      issues.push({ file: DESCRIPTOR, column: `${at}.path`, message: `expected the path of a file inside the folder, found ${JSON.stringify(p)}` });
      return;
    }
    listed.add(normalize(p));
    const file = join(dir, p);
    if (!existsSync(file)) { issues.push({ file: p, message: `missing: ${DESCRIPTOR} lists it` }); return; }
    let bytes: Buffer;
    try {
      // a regular file inside the folder (io/input.ts): a directory, a FIFO, a link to /dev/zero or out of the folder is named, not read
      bytes = readInput(file, p, p.endsWith('.json') ? INPUT_LIMITS.json : p.endsWith('.parquet') ? INPUT_LIMITS.parquet : INPUT_LIMITS.text, { within: dir }).bytes;
    } catch (e) {
      if (!(e instanceof ValidationError)) throw e;
      issues.push(...e.issues);
      return;
    }
    const m = typeof r.hash === 'string' ? /^sha256:([0-9a-f]{64})$/.exec(r.hash) : null;
    if (!m) { issues.push({ file: DESCRIPTOR, column: `${at}.hash`, message: `expected "sha256:<64 hex digits>" for ${p}, found ${JSON.stringify(r.hash)}` }); return; }
    const now = sha256(bytes);
    if (now !== m[1] || (typeof r.bytes === 'number' && r.bytes !== bytes.length)) {
      issues.push({ file: p, message: `changed since it was packed: SHA-256 ${now.slice(0, 12)}... (${bytes.length} bytes) now, ${m[1].slice(0, 12)}...${typeof r.bytes === 'number' ? ` (${r.bytes} bytes)` : ''} in ${DESCRIPTOR}; if the change is yours, run j2g pack --data ${dir} --out ${dir} to record it` });
    }
    if (p === DATASHEET) blanks = bytes.toString('utf8').split(BLANK).length - 1;
  });
  for (const name of DATASET_FILES) if (existsSync(join(dir, name)) && !listed.has(name)) issues.push({ file: name, message: `not listed in ${DESCRIPTOR}: a release's every file has its SHA-256 there` });
  for (const name of readdirSync(dir)) if (name.endsWith('.csv') && !listed.has(name) && !DATASET_FILES.includes(name)) issues.push({ file: name, message: `not listed in ${DESCRIPTOR}` });
  if (issues.length) throw new ValidationError(issues);
  return { files: resources.length, name: String(d.name), version: String(d.version), blanks };
}

/** Importers of other tools' energy measurements (IPW, Zeus, CodeCarbon) to runs.csv rows, by format. */
export { importIpwRun, parseIpwRun, ipwConcurrency, IPW_BUFFER_S, type IpwOptions } from './ipw.ts';
export { importZeusLog, parseZeusLog, overlappingWindows, type ZeusOptions } from './zeus.ts';
export { importCodeCarbon, parseCodeCarbon, type CodeCarbonOptions } from './codecarbon.ts';
export { readRunMap, type RunMap, type RunMapRow } from './runMap.ts';
export { toRunsCsv, IMPORT_SOURCES, type ImportSource, type ImportReason, type ImportedRun, type ImportResult, type ImportSummary } from './importedRuns.ts';
export { joulesToMegajoules, millijoulesToJoules, kilowattHoursToJoules, secondsToHours, formatMegajoules, formatHours } from './units.ts';
export { importBesideTrace, importedRunsTable, type BesideTraceSummary } from './besideTrace.ts';

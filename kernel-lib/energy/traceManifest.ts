/**
 * The trace directory's `manifest.json` as written by `scripts/power-log start`: which sources are
 * present, absent or denied (with the reason), the start instant, the sampling interval and the RAPL
 * zones with their `max_energy_range_uj` (read once); after `stop`, how each sampler ended (`samplers`).
 * zod at the edge; plain records inside.
 */
import { join } from 'node:path';
import { z } from 'zod';
import { ValidationError } from '../errors.ts';
import { readTextFile } from '../io/csv.ts';
import { parseJson } from '../io/json.ts';

/** manifest.json is a few kilobytes; a larger one is not a power-log manifest. */
const MAX_MANIFEST_BYTES = 2 ** 20;

const source = z.object({ status: z.enum(['present', 'absent', 'denied']), reason: z.string().optional() }).passthrough();
const gpu = z.object({ index: z.union([z.string(), z.number()]), uuid: z.string() }).passthrough();
const raplZone = z.object({
  label: z.string(),
  kind: z.enum(['package', 'dram']),
  max_energy_range_uj: z.number().positive(),
}).passthrough();

/** An AMD GPU of `amd_smi`: its accumulator's resolution (uJ per tick) and width in bits (it wraps at 2^bits ticks). */
const amdGpu = gpu.extend({
  counter_resolution_uj: z.number().positive(),
  counter_bits: z.number().int().min(8).max(64),
});

export const traceManifestSchema = z.object({
  format: z.literal('power-log/1'),
  host: z.string(),
  started: z.object({ mono_ns: z.number(), wall_ns: z.number() }),
  interval_ms: z.number().positive(),
  /** written by `power-log stop`: every sampler the logger started and how it ended */
  samplers: z.array(z.object({
    source: z.enum(['nvml', 'nvidia_smi', 'rapl', 'amd_smi']),
    status: z.enum(['ran', 'died']),
    exit_status: z.number().optional(),
    /** when the logger noticed the exit (monotonic ns), if it could record it */
    mono_ns: z.number().optional(),
  }).passthrough()).optional(),
  sources: z.object({
    nvml: source.extend({ gpus: z.array(gpu).optional() }),
    nvidia_smi: source.extend({ gpus: z.array(gpu).optional() }),
    rapl: source.extend({ zones: z.array(raplZone).optional() }),
    /** AMD SMI (amdsmi_get_energy_count ticks in amdsmi.csv, current_socket_power W in amdsmi-power.csv); absent from older traces */
    amd_smi: source.extend({ gpus: z.array(amdGpu).optional() }).optional(),
  }),
  /** written by `power-log --stand-in`: the devices were stand-ins, no GPU was measured */
  stand_in: z.string().optional(),
}).passthrough();

export type TraceManifest = z.output<typeof traceManifestSchema>;

/** A zod issue path as parseJson keys its lines: `sources.rapl.zones[0].kind` for ['sources', 'rapl', 'zones', 0, 'kind']. */
function jsonKey(path: readonly PropertyKey[]): string {
  return path.reduce<string>((key, x) => (typeof x === 'number' ? `${key}[${x}]` : key ? `${key}.${String(x)}` : String(x)), '');
}

/** Read and check `DIR/manifest.json`. Throws a ValidationError naming the file and the bad field. */
export function readTraceManifest(dir: string): TraceManifest {
  const file = join(dir, 'manifest.json');
  let text: string;
  try {
    text = readTextFile(file, file, MAX_MANIFEST_BYTES); // strict UTF-8, size checked before reading
  } catch (e) {
    if (!(e instanceof ValidationError)) throw e;
    throw new ValidationError(e.issues.map((i) => ({ ...i, message: `cannot read trace manifest: ${i.message}` })));
  }
  const read = parseJson(text, file); // strict: a duplicated key or a control character is refused, with its line
  if (read.issues.length) throw new ValidationError(read.issues);
  const parsed = traceManifestSchema.safeParse(read.value);
  if (!parsed.success) {
    throw new ValidationError(parsed.error.issues.map((i) => {
      const column = i.path.join('.');
      let line: number | undefined;
      // the innermost field parseJson recorded a line for; its keys are `a.b[0].c` (an array index in brackets)
      for (let p = [...i.path]; line === undefined && p.length; p = p.slice(0, -1)) line = read.lines.get(jsonKey(p));
      return { file, line: line ?? read.lines.get(''), column, message: i.message };
    }));
  }
  return parsed.data;
}

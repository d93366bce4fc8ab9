/**
 * Stream one sample file of a trace (`mono_ns,wall_ns,device,value`) in bounded memory: fixed-size
 * chunks, bytes parsed in place, device names interned, one callback per record. Any length of file;
 * a line longer than MAX_LINE_BYTES (1 MiB) is a bad line (skipped and listed, or an error), never
 * held whole: memory stays at one 1 MiB chunk.
 *
 * - `value` is NaN for a recorded unreadable sample (`NA`, nvidia-smi's `[N/A]`, `[Not Supported]`...):
 *   counted, never confused with zero.
 * - A final line without its line end is the record a killed writer left half-written: it is not
 *   used, and it is reported (`truncatedFinalLine`), never dropped silently.
 * - Any other malformed line (truncated, garbled, a tool's error text): with `onSkip`, it is passed there
 *   (`file:line` and what was wrong) and skipped, and the stream goes on; without it, it is an error
 *   naming `file:line`, every bad line listed (first 20). A bad header is always an error.
 *
 * Example: "5000000000,1700000000000000000,GPU-a,700\n" with originNs 4e9 => onSample(0, 1, 700)
 */
import { openSync, readSync, closeSync } from 'node:fs';
import { ValidationError, type ValidationIssue } from '../errors.ts';

export interface StreamResult {
  devices: string[];
  records: number;
  naValues: number;
  truncatedFinalLine: boolean;
}

const CHUNK = 1 << 20;
/** The longest line a trace file may have (a record is under 200 bytes); a longer one is a bad line, never held whole. */
export const MAX_LINE_BYTES = CHUNK;
const DECIMAL = /^\+?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;
const COMMA = 44, NL = 10, CR = 13, DOT = 46, ZERO = 48, NINE = 57;

export function streamSamples(
  file: string,
  expectedHeader: string,
  originNs: number,
  onSample: (device: number, tS: number, value: number, deviceNames: readonly string[], line: number) => void,
  onSkip?: (line: number, message: string) => void,
): StreamResult {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (e) {
    throw new ValidationError([{ file, message: `cannot read file (${(e as NodeJS.ErrnoException).code ?? e})` }]);
  }
  const devices: string[] = [];
  const deviceBytes: Buffer[] = [];
  const byHash = new Map<number, number[]>();
  const issues: ValidationIssue[] = [];
  let records = 0, naValues = 0, lineNo = 0;
  let buf = Buffer.allocUnsafe(CHUNK);
  let len = 0; // bytes held in buf
  let eof = false;
  let headerSeen = false;

  const intern = (b: Buffer, s: number, e: number): number => {
    let h = 0x811c9dc5;
    for (let i = s; i < e; i++) h = Math.imul(h ^ b[i], 0x01000193);
    const cands = byHash.get(h);
    if (cands) {
      for (const k of cands) {
        const d = deviceBytes[k];
        if (d.length !== e - s) continue;
        let j = 0;
        while (d[j] === b[s + j]) j++; // d[d.length] is undefined: stops there. A JS loop beats a native compare call on short names
        if (j === d.length) return k;
      }
    }
    const k = devices.length;
    devices.push(b.toString('utf8', s, e));
    deviceBytes.push(Buffer.from(b.subarray(s, e)));
    if (cands) cands.push(k); else byHash.set(h, [k]);
    return k;
  };

  const bad = (message: string) => {
    if (onSkip) return onSkip(lineNo, message);
    if (issues.length < 20) issues.push({ file, line: lineNo, message });
    else if (issues.length === 20) issues.push({ file, message: 'more malformed lines not listed' });
  };

  // Parse one line buf[s, e) (no line end; never empty), reporting a malformed one to bad(). buf[e] is
  // the line end (LF, or the CR before it): neither a digit, a dot nor a comma, so the digit scans below
  // stop at e without a bound check.
  const parseLine = (s: number, e: number): void => {
    if (buf[e - 1] === CR) e--;
    // field 0: monotonic ns, digits
    let i = s, mono = 0;
    while (buf[i] >= ZERO && buf[i] <= NINE) mono = mono * 10 + (buf[i++] - ZERO);
    if (i === s || buf[i] !== COMMA) return bad('mono_ns: expected an integer');
    i++;
    // field 1: wall ns, digits, not needed for integration
    const w0 = i;
    while (buf[i] >= ZERO && buf[i] <= NINE) i++;
    if (i === w0 || buf[i] !== COMMA) return bad('wall_ns: expected an integer');
    i++;
    // field 2: device
    const d0 = i;
    while (i < e && buf[i] !== COMMA) i++;
    if (i === d0 || i >= e) return bad('device: expected a name followed by a value');
    const dev = intern(buf, d0, i);
    i++;
    // field 3: value, plain decimal fast path
    const v0 = i;
    let v = 0, frac = 0, scale = 1, ok = i < e;
    while (buf[i] >= ZERO && buf[i] <= NINE) v = v * 10 + (buf[i++] - ZERO);
    if (buf[i] === DOT) {
      i++;
      while (buf[i] >= ZERO && buf[i] <= NINE) { frac = frac * 10 + (buf[i++] - ZERO); scale *= 10; }
      // two exact integers (at most 15 digits, below), so one correctly rounded division: Number()'s value
      // (v + frac / scale rounded twice: "6.94" gave 6.9399999999999995)
      v = (v * scale + frac) / scale;
    }
    // a lone "." has no digit: not a number (the fast path above would read it as 0); more than 15
    // characters may not be exact in the loops above: Number() reads them
    if (i !== e || !ok || i - v0 > 15 || (i === v0 + 1 && buf[v0] === DOT)) {
      const text = buf.toString('utf8', v0, e);
      if (text === 'NA' || text.startsWith('[')) { v = NaN; naValues++; }
      else {
        if (text.includes(',')) return bad('expected 4 fields');
        // power in W and energy counters are never negative; no hex, no spaces, no Infinity
        v = DECIMAL.test(text) ? Number(text) : NaN;
        if (!Number.isFinite(v)) return bad(`value: expected a number >= 0, NA or [N/A], found "${text}"`);
      }
    }
    records++;
    onSample(dev, (mono - originNs) / 1e9, v, devices, lineNo);
  };

  try {
    for (;;) {
      // here len < buf.length (a full buffer without a line end went to the long-line path below) and eof
      // is false (the loop ends where it is set)
      const n = readSync(fd, buf, len, buf.length - len, null);
      if (n === 0) eof = true;
      len += n;
      const held = buf.subarray(0, len); // the bytes after len are an earlier chunk's: never searched
      let start = 0;
      let nl = held.indexOf(NL);
      while (nl !== -1) {
        lineNo++;
        if (!headerSeen) {
          const header = buf.toString('utf8', start, nl).replace(/\r$/, '').replace(/^\uFEFF/, ''); // CRLF, byte-order mark
          if (header !== expectedHeader) {
            throw new ValidationError([{ file, line: 1, message: `expected header "${expectedHeader}", found "${header}"` }]);
          }
          headerSeen = true;
        } else if (nl === start) {
          bad('blank line, expected a record');
        } else {
          parseLine(start, nl);
        }
        start = nl + 1;
        nl = held.indexOf(NL, start);
      }
      // keep the partial line
      buf.copy(buf, 0, start, len);
      len -= start;
      if (eof) break;
      if (len === buf.length) {
        // a line longer than MAX_LINE_BYTES (a trace line is under 200 bytes): not held in memory; it is
        // read past to its line end and reported as one bad line, so memory stays at one chunk. At the
        // file's end len is 0 and the next read above finds the end again.
        lineNo++;
        if (!headerSeen) throw new ValidationError([{ file, line: 1, message: `header line longer than ${MAX_LINE_BYTES} bytes, expected "${expectedHeader}"` }]);
        let skippedBytes = len;
        len = 0;
        for (;;) {
          const n = readSync(fd, buf, 0, buf.length, null);
          if (n === 0) break;
          const nl = buf.subarray(0, n).indexOf(NL);
          if (nl !== -1) { buf.copy(buf, 0, nl + 1, n); len = n - nl - 1; skippedBytes += nl; break; }
          skippedBytes += n;
        }
        bad(`line of ${skippedBytes} bytes or more, longer than the ${MAX_LINE_BYTES} bytes a trace line may have: not read`);
      }
    }
  } finally {
    closeSync(fd);
  }
  if (!headerSeen) throw new ValidationError([{ file, line: 1, message: `expected header "${expectedHeader}", found an empty file` }]);
  if (issues.length) throw new ValidationError(issues);
  return { devices, records, naValues, truncatedFinalLine: len > 0 };
}

/**
 * A scenario file edited by hand (README "Sensitivity analyses": the rule for an edited file): a field
 * the file's `derived` list names is honoured as chosen once the user changed it, and every value of
 * the file is checked, derived or not, at the file's line. Generated (fast-check, seeded): which derived
 * field of a written scenario.json is edited and to which valid value; which field gets which hostile
 * value. Oracles: the edit itself (the resolved scenario holds it), the unedited file (it resolves to
 * the same scenario as written), and the line of the field's key in the file.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { loadDataset } from '../../kernel-lib/data/load.ts';
import { loadScenario, readScenarioFileAt, scenarioFileBase } from '../../kernel-lib/scenario/files.ts';
import { onWarning } from '../../kernel-lib/warn.ts';
import { SMALL } from '../helpers/dataset.ts';

const small = loadDataset(SMALL);

/** The scenario.json `j2g tables --data SMALL` writes (every default filled, `derived` listing them). */
function written(): Record<string, unknown> {
  const previous = onWarning(null);
  try {
    return JSON.parse(JSON.stringify(loadScenario({ dataset: SMALL }, { dataset: small }).scenario));
  } finally {
    onWarning(previous);
  }
}

/** `file` written to a scenario.json and read back as j2g tables reads it (scenarioOfArgs), resolved. */
function reread(file: Record<string, unknown>) {
  const path = join(mkdtempSync(join(tmpdir(), 'j2g-edited-')), 'scenario.json');
  writeFileSync(path, `${JSON.stringify(file, null, 2)}\n`);
  const read = readScenarioFileAt(path);
  const previous = onWarning(null);
  try {
    return { path, text: JSON.stringify(file, null, 2), scenario: loadScenario(scenarioFileBase(read.value, undefined, read.where), { dataset: small, where: read.where }).scenario };
  } finally {
    onWarning(previous);
  }
}

describe('an edited scenario.json', () => {
  test('unedited, it resolves to itself (every derived field still derived)', () => {
    const file = written();
    expect((file.derived as string[]).length).toBeGreaterThan(5);
    expect(reread(file).scenario).toEqual(file);
  });

  test('a derived field edited to another valid value is honoured, whatever `derived` says (it was silently dropped)', () => {
    const edits = fc.oneof(
      fc.record({ field: fc.constant('policy'), value: fc.constantFrom('pass@2', '1-of-2', '2-of-2') }),
      fc.record({ field: fc.constant('weights'), value: fc.constantFrom('employment', 'equal') }),
      fc.record({ field: fc.constant('seed'), value: fc.integer({ min: 0, max: 2 ** 40 }).filter((s) => s !== 20260726) }),
      fc.record({ field: fc.constant('draws'), value: fc.integer({ min: 1, max: 5000 }).filter((d) => d !== 2000) }),
      fc.record({ field: fc.constant('winTieInterval'), value: fc.constantFrom('exact', 'wilson_corrected') }),
      fc.record({ field: fc.constant('system'), value: fc.constant('sysY') }),
      fc.record({ field: fc.constant('qaij'), value: fc.double({ min: 0.001, max: 1e4, noNaN: true }).map((s) => ({ latencyMaxS: s })) }),
    );
    const file = written();
    fc.assert(fc.property(edits, ({ field, value }) => {
      expect(file.derived).toContain(field);
      const { scenario } = reread({ ...file, [field]: value });
      expect((scenario as unknown as Record<string, unknown>)[field]).toEqual(value);
      expect(scenario.derived).not.toContain(field);
    }), { seed: 43, numRuns: 40 });
  });

  test('a hostile value of any field, derived or not, is refused at the line of its key', () => {
    const hostile = fc.oneof(
      fc.record({ field: fc.constant('seed'), value: fc.constantFrom<unknown>('abc', -1, 1.5, 1e300, null, '7') }),
      fc.record({ field: fc.constant('policy'), value: fc.constantFrom<unknown>('pass@1; rm -rf /', 'pass@0', '', 'pass@1\n', 3) }),
      fc.record({ field: fc.constant('draws'), value: fc.constantFrom<unknown>(0, '10', -5, 2.5) }),
      fc.record({ field: fc.constant('weights'), value: fc.constantFrom<unknown>('gdp2', { file: '' }, ['gdp']) }),
      fc.record({ field: fc.constant('winTieInterval'), value: fc.constantFrom<unknown>('Wilson', '') }),
      fc.record({ field: fc.constant('judgmentReference'), value: fc.constantFrom<unknown>('expert', 1) }),
    );
    const file = written();
    fc.assert(fc.property(hostile, ({ field, value }) => {
      const edited = { ...file, [field]: value };
      const text = JSON.stringify(edited, null, 2);
      const line = text.split('\n').findIndex((l) => l.startsWith(`  "${field}":`)) + 1;
      let message = 'accepted';
      try { reread(edited); } catch (e) { message = (e as Error).message; }
      // the key's own line, or the line of the key inside it that is wrong (weights.file)
      const m = new RegExp(`scenario\\.json:(\\d+): scenario field ${field}(\\.\\w+)?: .* is not allowed \\(expected `).exec(message);
      expect(m, message).not.toBeNull();
      expect(Number(m![1]) - line).toBe(m![2] ? 1 : 0);
    }), { seed: 43, numRuns: 40 });
  });
});

/**
 * Test ids across two Stryker incremental files (mutation-testing-report-schema JSON): the numeric ids
 * are per run, so a test is matched by its file and name. `adoptTests(base, other, otherPath)` adds to
 * `base` every test of `other` that it lacks (a new id past base's largest) and returns the function
 * that renumbers a list of `other`'s ids into base's (coveredBy, killedBy); an id `other` does not list
 * is an error naming `otherPath`. Used by mergeIncremental.ts (whole files) and mergeLines.ts (lines).
 * @example adoptTests({ files: {}, testFiles: { 'a.test.ts': { tests: [{ id: '0', name: 'x' }] } } }, { files: {}, testFiles: { 'a.test.ts': { tests: [{ id: '7', name: 'x' }, { id: '8', name: 'y' }] } } }, 'o.json')(['8', '7']) // => ['1', '0']
 */
export interface Test { id: string; name: string }
export interface Report { files: Record<string, unknown>; testFiles: Record<string, { tests: Test[]; source?: string }> }

export function adoptTests(base: Report, other: Report, otherPath: string): (ids: string[] | undefined) => string[] | undefined {
  const idOf = new Map<string, string>();
  const key = (file: string, name: string) => JSON.stringify([file, name]);
  let next = 0;
  for (const [file, tf] of Object.entries(base.testFiles)) for (const t of tf.tests) { idOf.set(key(file, t.name), t.id); next = Math.max(next, Number(t.id) + 1); }
  const renumber = new Map<string, string>();
  for (const [file, tf] of Object.entries(other.testFiles)) {
    base.testFiles[file] ??= { tests: [], source: tf.source };
    for (const t of tf.tests) {
      let id = idOf.get(key(file, t.name));
      if (id === undefined) {
        id = String(next++);
        base.testFiles[file].tests.push({ ...t, id });
        idOf.set(key(file, t.name), id);
      }
      renumber.set(t.id, id);
    }
  }
  return (ids) => ids?.map((i) => {
    const j = renumber.get(i);
    if (j === undefined) throw new Error(`${otherPath}: test id ${i} is not in its testFiles`);
    return j;
  });
}

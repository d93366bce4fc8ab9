/**
 * Every `@example <expression> // => <expected>` in a kernel-lib doc comment (and every line of the
 * older form `Example: \`<expression>\` // => <expected>`) is evaluated and checked.
 *
 * Oracle: the doc comments themselves. An example is a promise to the reader; this test holds the code
 * to it (or the comment to the code). Numbers compare to the printed precision of the expected value
 * (`// => 168.07` passes for any result that rounds to 168.07, i.e. within half a unit of the last
 * printed decimal); arrays, typed arrays, objects and Maps compare structurally with the same rule
 * for every number inside (same length, same keys). `// throws <text>` expects a throw whose message
 * contains <text>. Text after the expected value (`(rounded; Table 18)`, `for synthetic-small`) is a
 * remark and is not checked.
 *
 * An example may span lines: `const x = ...;` lines before the result line are run first (in the same
 * example), and an expression may continue over several lines up to its `// =>` line.
 *
 * Names an example may use, nearest first: what its file exports, what its file imports (kernel-lib
 * modules and packages alike, e.g. `aq`), what its directory's barrel (`index.ts`) exports, what any
 * kernel-lib barrel exports (`loadDataset`), and JavaScript globals (typed-array constructors, Map). An example that needs anything else (a loaded dataset, a
 * bootstrap, the caller's options) is listed in NOT_CHECKED with the names it needs and a reason, so a
 * new example is either checked or consciously skipped.
 */
import { readFileSync, readdirSync, statSync, existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const LIB = join(ROOT, 'kernel-lib');

/** Examples that are not checked: `file` (relative to kernel-lib), the example's expression, the
 * names it needs that no module in its scope provides (checked to be absent from that scope), and why. */
const NOT_CHECKED: { file: string; example: string; needs: string[]; reason: string }[] = [
  {
    file: 'sql/validationStamp.ts',
    example: '(await validationStamp(db)).valid',
    needs: ['db'],
    reason: 'an open DuckDB connection over a dataset folder; test/sql/validationStamp.test.ts checks the stamp before and after mark() on real files',
  },
  {
    file: 'uncertainty/ratioIntervals.ts',
    example: 'ratioIntervals(draws)',
    needs: ['draws'],
    reason: "the paper's pass@1 bootstrap draws, which come from the full (unreleased) dataset",
  },
  {
    file: 'uncertainty/rankPortfolios.ts',
    example: 'rankPortfolios(input, { draws: 10000, seed: 20260726 }).nvj.leaderRetainedPct',
    needs: ['input'],
    reason: "the paper's portfolio inputs; the expected 76.5 is the paper's figure, not a computed one",
  },
  {
    file: 'uncertainty/tableBootstrap.ts',
    example: 'tableBootstrap({ dataset }, components)?.draws',
    needs: ['dataset', 'components'],
    reason: 'a loaded dataset and its table components',
  },
  {
    file: 'uncertainty/groupMeanDraws.ts',
    example: 'groupMeanDraws(boot, [valueUSD], weights, new Int32Array(O), 1)[0][0]',
    needs: ['boot', 'valueUSD', 'weights', 'O'],
    reason: 'a bootstrap and per-task values; the result is described (B values), not printed',
  },
  {
    file: 'uncertainty/componentDraws.ts',
    example: 'componentDraws(boot, [cell], weights)[0][0].energyMJ.length',
    needs: ['boot', 'cell', 'weights'],
    reason: 'a bootstrap and a table cell; the result is described (B), not printed',
  },
  {
    file: 'published/lookup.ts',
    example: "publishedCell(pub, '13', 'Legal', 'Win–tie (%)').printed",
    needs: ['pub'],
    reason: 'the loaded published tables (the same lookup is checked through published/load.ts)',
  },
  {
    file: 'published/lookup.ts',
    example: "publishedValue(pub, '17', 'Expert-only / Expert-only', 'TSJ (hours/MJ)')",
    needs: ['pub'],
    reason: 'the loaded published tables (the same lookup is checked through published/load.ts)',
  },
  {
    file: 'data/generate.ts',
    example: "writeGeneratedDataset('/tmp/ds', { seed: 1 })",
    needs: [],
    reason: 'writes a 220-task dataset to /tmp (a side effect; test/data/generate.test.ts covers it)',
  },
  {
    file: 'data/load.ts',
    example: "restrictDataset(ds, { tasks: (t) => t.occupation !== 'occC' }).rows.tasks.length",
    needs: ['ds'],
    reason: 'continues the file-level example (ds is synthetic-small loaded there)',
  },
  {
    file: 'data/load.ts',
    example: 'checkDataset(ds) === ds',
    needs: ['ds'],
    reason: 'continues the file-level example (ds is synthetic-small loaded there)',
  },
  {
    file: 'io/csvRows.ts',
    example: "parseRows(parseCsv('x\\n1\\n', 'f.csv'), z.object({ x: positiveNumber }), issues)",
    needs: ['issues', 'positiveNumber'],
    reason: "the caller's issues array and a schema field from data/fields.ts",
  },
  {
    file: 'io/csvRows.ts',
    example: "checkHeader(parseCsv('x\\n1\\n', 'f.csv'), ['x', 'y'], issues)",
    needs: ['issues'],
    reason: "the caller's issues array, which the example's remark shows filled",
  },
  {
    file: 'gdpval/agreementBootstrap.ts',
    example: "agreementBootstrap(grades, 'humanAutograder', { draws: 1000, seed: 1 })",
    needs: ['grades'],
    reason: 'GDPval grade records read from a file',
  },
  {
    file: 'gdpval/scenarioInputs.ts',
    example: "scenarioInputs(task, 'time', 'win')",
    needs: ['task'],
    reason: 'one GDPval task record (test/gdpval covers scenarioInputs on fixtures)',
  },
  {
    file: 'gdpval/schema.ts',
    example: "readGdpvalTasks('tasks.csv')[0].humanTimeMin",
    needs: [],
    reason: "reads the caller's tasks.csv, a path relative to the working directory",
  },
  {
    file: 'gdpval/winRatesBy.ts',
    example: "winRatesBy(tasks, 'sector')[0]",
    needs: ['tasks'],
    reason: 'GDPval task records (test/gdpval/winRates.test.ts covers winRatesBy)',
  },
  {
    file: 'qaij/bootstrapQaij.ts',
    example: "bootstrapQaij(results, { draws: 2000, seed: 1 }).get('A').qaij",
    needs: ['results'],
    reason: 'task results of several systems read from a file',
  },
  {
    file: 'export/layoutCheck.ts',
    example: 'await figureLayoutProblems(page, spec)',
    needs: ['page', 'spec'],
    reason: 'a Chromium page with plotly.js loaded (test/browser/figures.browser.ts runs it on every figure)',
  },
  {
    file: 'qaij/fromDataset.ts',
    example: 'occupationMixes(ds).equal',
    needs: ['ds'],
    reason: 'a loaded dataset (synthetic-small)',
  },
  {
    file: 'qaij/serviceContribution.ts',
    example: 'serviceContribution({ ...r, quality: 0.5, correctness: 1, reliability: 1, usefulness: 1, difficultyWeight: 1, latencyS: 1 })',
    needs: ['r'],
    reason: 'a task result whose other fields the example does not spell out',
  },
  {
    file: 'qaij/sevenPartReport.ts',
    example: 'sevenPartReport(results, { draws: 1000, seed: 1 }).systems.A.unweighted.estimate.qaij',
    needs: ['results'],
    reason: 'task results read from a file',
  },
  {
    file: 'qaij/taskResultSchema.ts',
    example: "readTaskResults('results.csv')[0].energyJ",
    needs: [],
    reason: "reads the caller's results.csv, a path relative to the working directory",
  },
];

// ---------------------------------------------------------------------------------------------------
// Finding examples

interface Example {
  file: string; // relative to kernel-lib, with forward slashes
  line: number; // 1-based line of the result (`// =>` or `// throws`)
  setup: string; // statements run before the expression
  expression: string;
  expected: string; // text after `// =>` (value and remark), or after `// throws`
  throws: boolean;
}

function tsFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...tsFiles(path));
    else if (name.endsWith('.ts') && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

const RESULT = /^(.*?)\/\/\s*(=>|throws\b)\s*(.*)$/;

/** The examples of one source file: every `@example` in a `/** ... *\/` block, up to the next tag. */
function findExamples(source: string, file: string): Example[] {
  const examples: Example[] = [];
  const block = /\/\*\*([\s\S]*?)\*\//g;
  for (let m = block.exec(source); m; m = block.exec(source)) {
    const startLine = source.slice(0, m.index).split('\n').length;
    const lines = m[1].split('\n').map((l, i) => ({
      text: (i === 0 ? l : l.replace(/^\s*\*\s?/, '')).replace(/\s+$/, ''),
      line: startLine + i,
    }));
    let inExample = false;
    let setup = '';
    let pending: string[] = [];
    for (const { text: raw, line } of lines) {
      let text = raw;
      // The older one-line form `Example: \`expr\` // => expected` is an example too.
      const old = /^Example:\s*`([^`]+)`\s*\/\/\s*(=>|throws\b)\s*(.*)$/.exec(text.trim());
      if (old) {
        inExample = false;
        examples.push({ file, line, setup: '', expression: old[1].trim(), expected: old[3].trim(), throws: old[2] === 'throws' });
        continue;
      }
      const at = text.search(/(^|\s)@\w+/);
      if (at >= 0) {
        const tag = /@(\w+)/.exec(text.slice(at))!;
        if (tag[1] === 'example') {
          inExample = true;
          setup = '';
          pending = [];
          text = text.slice(at).replace(/^\s*@example\s?/, '');
        } else {
          inExample = false;
          continue;
        }
      }
      if (!inExample) continue;
      const r = RESULT.exec(text);
      if (!r) {
        if (text.trim() !== '') pending.push(text);
        continue;
      }
      const code = [...pending, r[1]].filter((l) => l.trim() !== '');
      pending = [];
      // Lines up to the last one ending in `;` are setup; the rest is the expression.
      let cut = -1;
      code.forEach((l, i) => {
        if (/;\s*$/.test(l)) cut = i;
      });
      if (cut === code.length - 1) {
        // `statement; // => x`: the statement is the expression.
        code[cut] = code[cut].replace(/;\s*$/, '');
        cut -= 1;
        while (cut >= 0 && !/;\s*$/.test(code[cut])) cut -= 1;
      }
      setup += code.slice(0, cut + 1).join('\n') + (cut >= 0 ? '\n' : '');
      const expression = code.slice(cut + 1).join('\n').trim();
      if (expression === '') continue;
      examples.push({ file, line, setup, expression, expected: r[3].trim(), throws: r[2] === 'throws' });
    }
  }
  return examples;
}

// ---------------------------------------------------------------------------------------------------
// Expected values: a small literal parser (numbers, strings, booleans, null, undefined, NaN, Infinity,
// arrays, objects, `Map { k => v }`). What follows the value is a remark.

type Expected =
  | { kind: 'number'; value: number; decimals: number }
  | { kind: 'string'; value: string }
  | { kind: 'atom'; value: boolean | null | undefined }
  | { kind: 'array'; items: Expected[] }
  | { kind: 'object'; entries: [string, Expected][] }
  | { kind: 'map'; entries: [Expected, Expected][] };

function parseExpected(text: string): { value: Expected; remark: string } | null {
  let i = 0;
  const ws = () => {
    while (i < text.length && /\s/.test(text[i])) i++;
  };
  const fail = (): never => {
    throw new SyntaxError(`not a literal at ${i}`);
  };
  const str = (): string => {
    const q = text[i++];
    let s = '';
    while (i < text.length && text[i] !== q) {
      if (text[i] === '\\') {
        const c = text[++i];
        s += c === 'n' ? '\n' : c === 't' ? '\t' : c;
        i++;
      } else s += text[i++];
    }
    if (text[i] !== q) fail();
    i++;
    return s;
  };
  const value = (): Expected => {
    ws();
    const rest = text.slice(i);
    const num = /^-?(?:\d+(?:\.(\d+))?(?:e[+-]?\d+)?|Infinity)(?![\w.])/.exec(rest);
    if (num) {
      i += num[0].length;
      const exp = /e([+-]?\d+)$/.exec(num[0]);
      const decimals = Math.max(0, (num[1]?.length ?? 0) - (exp ? Number(exp[1]) : 0));
      return { kind: 'number', value: Number(num[0]), decimals };
    }
    const word = /^(NaN|true|false|null|undefined)(?!\w)/.exec(rest);
    if (word) {
      i += word[0].length;
      if (word[1] === 'NaN') return { kind: 'number', value: NaN, decimals: 0 };
      return { kind: 'atom', value: { true: true, false: false, null: null, undefined: undefined }[word[1]] };
    }
    if (rest[0] === "'" || rest[0] === '"') return { kind: 'string', value: str() };
    if (rest[0] === '[') {
      i++;
      const items: Expected[] = [];
      ws();
      while (text[i] !== ']') {
        items.push(value());
        ws();
        if (text[i] === ',') i++;
        else if (text[i] !== ']') fail();
        ws();
      }
      i++;
      return { kind: 'array', items };
    }
    const isMap = /^Map\s*\{/.test(rest);
    if (rest[0] === '{' || isMap) {
      i = text.indexOf('{', i) + 1;
      const entries: [any, Expected][] = [];
      ws();
      while (text[i] !== '}') {
        if (isMap) {
          const k = value();
          ws();
          if (text.slice(i, i + 2) !== '=>') fail();
          i += 2;
          entries.push([k, value()]);
        } else {
          let key: string;
          if (text[i] === "'" || text[i] === '"') key = str();
          else {
            key = (/^[\w$]+/.exec(text.slice(i)) ?? fail())[0];
            i += key.length;
          }
          ws();
          if (text[i] !== ':') fail();
          i++;
          entries.push([key, value()]);
        }
        ws();
        if (text[i] === ',') i++;
        else if (text[i] !== '}') fail();
        ws();
      }
      i++;
      return isMap ? { kind: 'map', entries } : { kind: 'object', entries };
    }
    return fail();
  };
  try {
    const v = value();
    const remark = text.slice(i).trim();
    // A remark is separated from the value (`(rounded)`, `; ...`, `for ...`), never glued to it.
    if (remark !== '' && !/^\s/.test(text.slice(i)) && !/^[;,(]/.test(remark)) return null;
    return { value: v, remark };
  } catch {
    return null;
  }
}

/** Where `actual` differs from `expected` (empty when it matches), each as `path: what`. */
function differences(actual: unknown, expected: Expected, path = 'result'): string[] {
  const show = (v: unknown) => (typeof v === 'string' ? JSON.stringify(v) : String(v));
  switch (expected.kind) {
    case 'number': {
      if (typeof actual !== 'number') return [`${path}: expected a number, got ${show(actual)}`];
      if (Number.isNaN(expected.value)) return Number.isNaN(actual) ? [] : [`${path}: expected NaN, got ${actual}`];
      if (!Number.isFinite(expected.value)) return actual === expected.value ? [] : [`${path}: expected ${expected.value}, got ${actual}`];
      const half = 0.5 * 10 ** -expected.decimals;
      const ok = Math.abs(actual - expected.value) <= half * (1 + 1e-9) + 1e-12 * Math.abs(expected.value);
      return ok ? [] : [`${path}: expected ${expected.value.toFixed(expected.decimals)} (to ${expected.decimals} decimals), got ${actual}`];
    }
    case 'string':
    case 'atom':
      return Object.is(actual, expected.value) ? [] : [`${path}: expected ${show(expected.value)}, got ${show(actual)}`];
    case 'array': {
      const isArrayLike = Array.isArray(actual) || (ArrayBuffer.isView(actual) && !(actual instanceof DataView));
      if (!isArrayLike) return [`${path}: expected an array, got ${show(actual)}`];
      const a = Array.from(actual as ArrayLike<unknown>);
      if (a.length !== expected.items.length) return [`${path}: expected length ${expected.items.length}, got ${a.length}`];
      return expected.items.flatMap((e, k) => differences(a[k], e, `${path}[${k}]`));
    }
    case 'object': {
      if (actual === null || typeof actual !== 'object' || Array.isArray(actual) || actual instanceof Map) {
        return [`${path}: expected an object, got ${show(actual)}`];
      }
      const keys = Object.keys(actual as object).sort();
      const want = expected.entries.map(([k]) => k).sort();
      if (keys.join('\u0000') !== want.join('\u0000')) return [`${path}: expected keys {${want.join(', ')}}, got {${keys.join(', ')}}`];
      return expected.entries.flatMap(([k, e]) => differences((actual as Record<string, unknown>)[k], e, `${path}.${k}`));
    }
    case 'map': {
      if (!(actual instanceof Map)) return [`${path}: expected a Map, got ${show(actual)}`];
      if (actual.size !== expected.entries.length) return [`${path}: expected ${expected.entries.length} entries, got ${actual.size}`];
      return expected.entries.flatMap(([k, e]) => {
        const key = (k as { value: unknown }).value;
        return actual.has(key) ? differences(actual.get(key), e, `${path}.get(${show(key)})`) : [`${path}: no key ${show(key)}`];
      });
    }
  }
}

// ---------------------------------------------------------------------------------------------------
// Scope: what an example may use

/** Value imports of a source file, as [local name, specifier, imported name | '*' | 'default']. */
function valueImports(source: string): [string, string, string][] {
  const out: [string, string, string][] = [];
  const re = /^import\s+(?!type\s)([\s\S]*?)\s+from\s+['"]([^'"]+)['"]/gm;
  for (let m = re.exec(source); m; m = re.exec(source)) {
    const [, clause, spec] = m;
    const ns = /\*\s+as\s+([\w$]+)/.exec(clause);
    if (ns) out.push([ns[1], spec, '*']);
    const def = /^([\w$]+)\s*(,|$)/.exec(clause.trim());
    if (def) out.push([def[1], spec, 'default']);
    const named = /\{([\s\S]*)\}/.exec(clause);
    if (named) {
      for (const part of named[1].split(',')) {
        const p = part.trim();
        if (p === '' || p.startsWith('type ')) continue;
        const [imported, local] = p.split(/\s+as\s+/);
        out.push([local ?? imported, spec, imported]);
      }
    }
  }
  return out;
}

const IDENT = /^[A-Za-z_$][\w$]*$/;

/** Names exported by kernel-lib's topic barrels (`kernel-lib/<topic>/index.ts`); a name that two
 * barrels export as different values is left out (an example using it must find it nearer). */
let libraryScope: Promise<Map<string, unknown>> | undefined;
function kernelLibExports(): Promise<Map<string, unknown>> {
  libraryScope ??= (async () => {
    const scope = new Map<string, unknown>();
    const clash = new Set<string>();
    for (const topic of readdirSync(LIB).sort()) {
      const barrel = join(LIB, topic, 'index.ts');
      if (!existsSync(barrel)) continue;
      for (const [k, v] of Object.entries(await import(pathToFileURL(barrel).href))) {
        if (!IDENT.test(k) || k === 'default') continue;
        if (scope.has(k) && scope.get(k) !== v) clash.add(k);
        scope.set(k, v);
      }
    }
    for (const k of clash) scope.delete(k);
    return scope;
  })();
  return libraryScope;
}

async function scopeOf(file: string): Promise<Map<string, unknown>> {
  const abs = join(LIB, file);
  const scope = new Map<string, unknown>(await kernelLibExports());
  const add = (mod: Record<string, unknown>) => {
    for (const [k, v] of Object.entries(mod)) if (IDENT.test(k) && k !== 'default') scope.set(k, v);
  };
  const barrel = join(dirname(abs), 'index.ts');
  if (existsSync(barrel) && barrel !== abs) add(await import(pathToFileURL(barrel).href));
  for (const [local, spec, imported] of valueImports(readFileSync(abs, 'utf8'))) {
    const target = spec.startsWith('.') ? pathToFileURL(resolve(dirname(abs), spec)).href : spec;
    const mod = (await import(target)) as Record<string, unknown>;
    scope.set(local, imported === '*' ? mod : imported === 'default' ? (mod.default ?? mod) : mod[imported]);
  }
  add(await import(pathToFileURL(abs).href)); // the file's own exports win
  return scope;
}

const AsyncFunction = (async () => {}).constructor as new (...args: string[]) => (...args: unknown[]) => Promise<unknown>;

async function evaluate(ex: Example, scope: Map<string, unknown>): Promise<unknown> {
  const names = [...scope.keys()];
  const run = new AsyncFunction(...names, `'use strict';\n${ex.setup}return (\n${ex.expression}\n);`);
  return run(...names.map((n) => scope.get(n)));
}

// ---------------------------------------------------------------------------------------------------

const files = tsFiles(LIB).map((p) => relative(LIB, p).split('\\').join('/'));
const examples = files.flatMap((f) => findExamples(readFileSync(join(LIB, f), 'utf8'), f));
const skipped = (ex: Example) => NOT_CHECKED.find((n) => n.file === ex.file && n.example === ex.expression);
const checked = examples.filter((ex) => !skipped(ex));

describe('doc-comment examples', () => {
  it('finds the examples (the parser has not silently stopped matching)', () => {
    expect(examples.length).toBeGreaterThanOrEqual(50);
    expect(checked.length).toBeGreaterThanOrEqual(35);
  });

  it('lists in NOT_CHECKED only examples that exist, each with a reason and names its scope lacks', async () => {
    for (const n of NOT_CHECKED) {
      const ex = examples.find((e) => e.file === n.file && e.expression === n.example);
      expect(ex, `NOT_CHECKED entry matches no example: ${n.file}: ${n.example}`).toBeDefined();
      expect(n.reason.length, `${n.file}: ${n.example}: give a reason`).toBeGreaterThan(10);
      const scope = await scopeOf(n.file);
      for (const name of n.needs) {
        expect(new RegExp(`(^|[^\\w$.]|\\.\\.\\.)${name.replace('$', '\\$')}(?![\\w$])`).test(n.example), `${n.example} does not use ${name}`).toBe(true);
        expect(scope.has(name), `${n.file} provides ${name}: check the example instead of skipping it`).toBe(false);
      }
    }
  });

  const byFile = new Map<string, Example[]>();
  for (const ex of checked) byFile.set(ex.file, [...(byFile.get(ex.file) ?? []), ex]);
  for (const [file, list] of byFile) {
    describe(file, () => {
      for (const ex of list) {
        it(`line ${ex.line}: ${ex.expression.replace(/\s+/g, ' ')} ${ex.throws ? 'throws' : '=>'} ${ex.expected}`, async () => {
          const where = `kernel-lib/${ex.file}:${ex.line}`;
          const scope = await scopeOf(file);
          if (ex.throws) {
            let error: unknown;
            try {
              await evaluate(ex, scope);
            } catch (e) {
              error = e;
            }
            expect(error, `${where}: expected a throw`).toBeInstanceOf(Error);
            expect(error).not.toBeInstanceOf(ReferenceError);
            expect((error as Error).message, where).toContain(ex.expected);
            return;
          }
          const parsed = parseExpected(ex.expected);
          expect(parsed, `${where}: expected value "${ex.expected}" is not a literal: print one, or list the example in NOT_CHECKED`).not.toBeNull();
          let actual: unknown;
          try {
            actual = await evaluate(ex, scope);
          } catch (e) {
            if (e instanceof ReferenceError) {
              throw new Error(`${where}: not self-contained (${e.message}): list it in NOT_CHECKED with a reason, or make it self-contained`);
            }
            throw e;
          }
          expect(differences(actual, parsed!.value), where).toEqual([]);
        });
      }
    });
  }
});

describe('the example checker itself', () => {
  it('compares numbers to the printed precision of the expected value', () => {
    const v = parseExpected('168.07 (rounded)')!;
    expect(v.remark).toBe('(rounded)');
    expect(differences(168.0749, v.value)).toEqual([]);
    expect(differences(168.0751, v.value)).toHaveLength(1);
    expect(differences(Float64Array.of(1, 2.5), parseExpected('[1, 2.5]')!.value)).toEqual([]);
    expect(differences({ lo: 1, hi: 2, x: 3 }, parseExpected('{ lo: 1, hi: 2 }')!.value)).toHaveLength(1);
    expect(differences(new Map([['a', 0.1875]]), parseExpected("Map { 'a' => 0.1875 }")!.value)).toEqual([]);
    expect(differences({ 'a b': 1 }, parseExpected("{ 'a b': 1 }")!.value)).toEqual([]);
    expect(parseExpected('B benchmark values')).toBeNull();
  });

  it('reads multi-line examples with setup statements', () => {
    const src = '/**\n * @example\n * const x = f();\n * g(x,\n *   1)\n * // => 2\n * @param y\n */';
    expect(findExamples(src, 'a.ts')).toEqual([{ file: 'a.ts', line: 6, setup: 'const x = f();\n', expression: 'g(x,\n  1)', expected: '2', throws: false }]);
  });
});

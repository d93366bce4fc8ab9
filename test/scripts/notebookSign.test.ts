/**
 * Notebook trust as Jupyter computes it, against files Python's nbformat 5.5 made (test/scripts/fixtures/sign/,
 * written by nbformat.write, signed by NotebookNotary.compute_signature with the secret beside them, and a
 * signature database made by SQLiteSignatureStore): the Node signature equals Python's, the Node writer
 * writes nbformat's bytes, and the database is read and extended as nbformat reads it.
 */
import { copyFileSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { jupyterDataDir, notebookFileText, notebookSignature, pySplitLines, pythonNumberText, readNotebook, signatureRows, signatureStored, storeSignature } from '../../scripts/notebooks/index.ts';

const FIXTURE = new URL('./fixtures/sign/', import.meta.url).pathname;
const PY_SIGNATURE = readFileSync(join(FIXTURE, 'signature.txt'), 'utf8').trim();

describe('notebook signatures as nbformat computes them', () => {
  it("equal Python's NotebookNotary on a notebook with floats, big ints, booleans, null, unicode keys and multi-line text", () => {
    const nb = readNotebook(join(FIXTURE, 'notebook.ipynb'));
    expect(notebookSignature(nb, readFileSync(join(FIXTURE, 'secret')))).toBe(PY_SIGNATURE);
  });

  it('change when one output digit changes, and leave metadata.signature out', () => {
    const secret = readFileSync(join(FIXTURE, 'secret'));
    const nb = readNotebook(join(FIXTURE, 'notebook.ipynb'));
    expect(notebookSignature({ ...nb, metadata: { ...nb.metadata, signature: 'sha256:old' } }, secret)).toBe(PY_SIGNATURE);
    (nb.cells[1].outputs![0] as { text: string }).text = '1\n3\n';
    expect(notebookSignature(nb, secret)).not.toBe(PY_SIGNATURE);
  });

  it("writes a notebook byte for byte as nbformat.write does (lines split as Python's splitlines, keys sorted, one-space indent)", () => {
    const file = join(FIXTURE, 'notebook.ipynb');
    expect(notebookFileText(readNotebook(file))).toBe(readFileSync(file, 'utf8'));
  });

  it("prints numbers as Python's str() of what json.loads reads", () => {
    expect([3, 0.5, 1e-7, 1e21, 2.5e-5, 0.0001, 0.00001, 1e16, 1e15, -0.1, 5e-324, 0.1 + 0.2, 12345678901234567890, 100].map(pythonNumberText))
      .toEqual(['3', '0.5', '1e-07', '1e+21', '2.5e-05', '0.0001', '1e-05', '10000000000000000', '1000000000000000', '-0.1', '5e-324', '0.30000000000000004', '12345678901234567000', '100']);
    // a float that JSON writes with a fraction stays a float: Python prints its repr
    expect(pythonNumberText(1234567890123456.7)).toBe('1234567890123456.8');
    expect(pythonNumberText(2.5e20)).toBe('250000000000000000000');
  });

  it("splits lines where Python's str.splitlines(keepends=True) does", () => {
    expect(pySplitLines('a\nb\r\nc\rd\x0be\x0cf\x1cg\x85h\u2028i')).toEqual(['a\n', 'b\r\n', 'c\r', 'd\x0b', 'e\x0c', 'f\x1c', 'g\x85', 'h\u2028', 'i']);
    expect(pySplitLines('')).toEqual([]);
    expect(pySplitLines('x\n')).toEqual(['x\n']);
  });
});

describe('the signature database', () => {
  it("finds a signature nbformat's SQLiteSignatureStore recorded, and adds one beside it that it keeps", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'j2g-sigdb-'));
    copyFileSync(join(FIXTURE, 'nbsignatures.db'), join(dir, 'nbsignatures.db'));
    expect(await signatureStored(dir, PY_SIGNATURE)).toBe(true);
    expect(await signatureStored(dir, 'f'.repeat(64))).toBe(false);
    await storeSignature(dir, 'f'.repeat(64));
    expect(await signatureStored(dir, 'f'.repeat(64))).toBe(true);
    expect(await signatureStored(dir, PY_SIGNATURE)).toBe(true);
    // stored again: still one row (last_seen refreshed), as nbformat does
    await storeSignature(dir, 'f'.repeat(64));
    expect(await signatureRows(dir)).toEqual([['sha256', PY_SIGNATURE], ['sha256', 'f'.repeat(64)]]);
  });

  it('creates the database with nbformat\'s table where there is none', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'j2g-sigdb-')), 'jupyter');
    await storeSignature(dir, 'a'.repeat(64));
    expect(await signatureStored(dir, 'a'.repeat(64))).toBe(true);
  });

  it("finds Jupyter's data directory as jupyter_core does", () => {
    expect(jupyterDataDir({ JUPYTER_DATA_DIR: '/x' }, 'linux')).toBe('/x');
    expect(jupyterDataDir({ HOME: '/h' }, 'linux')).toBe('/h/.local/share/jupyter');
    expect(jupyterDataDir({ HOME: '/h', XDG_DATA_HOME: '/xdg' }, 'linux')).toBe('/xdg/jupyter');
    expect(jupyterDataDir({ HOME: '/h' }, 'darwin')).toBe('/h/Library/Jupyter');
    expect(jupyterDataDir({ HOME: '/h', APPDATA: 'C:/Users/u/AppData/Roaming' }, 'win32')).toBe(join('C:/Users/u/AppData/Roaming', 'jupyter'));
  });
});

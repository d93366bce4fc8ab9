/**
 * Notebook trust as Jupyter computes it (nbformat's NotebookNotary, nbformat/sign.py), in Node: a
 * notebook is trusted when the HMAC-SHA256, keyed with the user's secret file
 * (`<jupyter data dir>/notebook_secret`), of every key and value of the notebook as nbformat reads it
 * (lines joined, keys sorted, metadata.signature left out) is recorded in `<data dir>/nbsignatures.db`
 * (SQLite, table nbsignatures). Signing here writes that row, so the classic Notebook, JupyterLab and
 * nbconvert render the executed notebook's HTML and scripts without asking.
 *
 * The bytes hashed follow nbformat's `yield_everything`: a dict's keys in sorted order, each key then its
 * value; a list's elements in order; a string's UTF-8; anything else `str(value)` in Python: True, False,
 * None, an int as its digits, a float as Python's repr (pythonNumberText).
 */
import { createHmac, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { codePointCompare, pythonNumberText } from './format.ts';

/** Jupyter's data directory as jupyter_core finds it (JUPYTER_DATA_DIR, else the platform's user data place). */
export function jupyterDataDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  if (env.JUPYTER_DATA_DIR) return env.JUPYTER_DATA_DIR;
  const home = env.HOME || homedir();
  if (platform === 'darwin') return join(home, 'Library', 'Jupyter');
  if (platform === 'win32') return join(env.APPDATA || join(home, 'AppData', 'Roaming'), 'jupyter');
  return join(env.XDG_DATA_HOME || join(home, '.local', 'share'), 'jupyter');
}

function update(h: ReturnType<typeof createHmac>, v: unknown): void {
  if (Array.isArray(v)) for (const e of v) update(h, e);
  else if (v && typeof v === 'object') {
    for (const k of Object.keys(v).sort(codePointCompare)) {
      h.update(Buffer.from(k, 'utf8'));
      update(h, (v as Record<string, unknown>)[k]);
    }
  } else if (typeof v === 'string') h.update(Buffer.from(v, 'utf8'));
  else if (typeof v === 'number') h.update(pythonNumberText(v));
  else if (v === true) h.update('True');
  else if (v === false) h.update('False');
  else h.update('None');
}

/**
 * nbformat's compute_signature: the notebook as nbformat.read returns it (multi-line strings joined,
 * which is how an in-memory notebook here holds them), without metadata.signature.
 */
export function notebookSignature(nb: { metadata?: Record<string, unknown> }, secret: Buffer): string {
  const h = createHmac('sha256', secret);
  const { signature: _dropped, ...metadata } = nb.metadata ?? {};
  update(h, { ...nb, metadata });
  return h.digest('hex');
}

/** The secret file's bytes, created as Jupyter creates it (1024 random bytes, base64 with line breaks, mode 0600) when absent. */
export function notebookSecret(dataDir: string): Buffer {
  const file = join(dataDir, 'notebook_secret');
  try {
    return readFileSync(file);
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const b64 = randomBytes(1024).toString('base64').replace(/.{1,76}/g, '$&\n');
    writeFileSync(file, b64, { mode: 0o600, flag: 'wx' });
    chmodSync(file, 0o600);
    return readFileSync(file);
  }
}

type SqlJs = { Database: new (data?: Uint8Array) => { run(sql: string, params?: unknown[]): void; exec(sql: string, params?: unknown[]): { values: unknown[][] }[]; export(): Uint8Array; close(): void } };
let sqlJs: Promise<SqlJs> | null = null;

function loadSqlJs(): Promise<SqlJs> {
  sqlJs ??= (async () => {
    const require = createRequire(import.meta.url);
    const init = require('sql.js') as (o: { locateFile: (f: string) => string }) => Promise<SqlJs>;
    const dist = join(require.resolve('sql.js'), '..');
    return init({ locateFile: (f) => join(dist, f) });
  })();
  return sqlJs;
}

/** One write to the signature database at a time in this process (each a read, a change, a rename). */
let chain: Promise<unknown> = Promise.resolve();

/**
 * Record `signature` as trusted in `<dataDir>/nbsignatures.db` (nbformat's SQLiteSignatureStore schema:
 * a new row, or last_seen refreshed when the signature is there already). The database is read, changed
 * in memory and written back whole through a temporary file and a rename.
 */
export function storeSignature(dataDir: string, signature: string, now = new Date()): Promise<void> {
  const run = chain.then(async () => {
    const SQL = await loadSqlJs();
    const file = join(dataDir, 'nbsignatures.db');
    let bytes: Uint8Array | undefined;
    try {
      bytes = readFileSync(file);
    } catch {
      mkdirSync(dataDir, { recursive: true });
    }
    const db = new SQL.Database(bytes);
    try {
      db.run('CREATE TABLE IF NOT EXISTS nbsignatures (id integer PRIMARY KEY AUTOINCREMENT, algorithm text, signature text, path text, last_seen timestamp)');
      db.run('CREATE INDEX IF NOT EXISTS algosig ON nbsignatures(algorithm, signature)');
      // Python's sqlite3 stores a datetime as 'YYYY-MM-DD HH:MM:SS.ffffff'
      const stamp = `${now.toISOString().replace('T', ' ').replace('Z', '')}000`;
      const seen = db.exec('SELECT id FROM nbsignatures WHERE algorithm = ? AND signature = ?', ['sha256', signature]);
      if (seen.length && seen[0].values.length) db.run('UPDATE nbsignatures SET last_seen = ? WHERE algorithm = ? AND signature = ?', [stamp, 'sha256', signature]);
      else db.run('INSERT INTO nbsignatures (algorithm, signature, last_seen) VALUES (?, ?, ?)', ['sha256', signature, stamp]);
      const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
      try {
        writeFileSync(tmp, db.export(), { mode: 0o600 });
        renameSync(tmp, file);
      } finally {
        rmSync(tmp, { force: true });
      }
    } finally {
      db.close();
    }
  });
  chain = run.catch(() => undefined);
  return run;
}

/** The (algorithm, signature) rows of `<dataDir>/nbsignatures.db` in the order they were added; [] without a database. */
export async function signatureRows(dataDir: string): Promise<[string, string][]> {
  const SQL = await loadSqlJs();
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(join(dataDir, 'nbsignatures.db'));
  } catch {
    return [];
  }
  const db = new SQL.Database(bytes);
  try {
    const r = db.exec('SELECT algorithm, signature FROM nbsignatures ORDER BY id');
    return r.length ? (r[0].values as [string, string][]) : [];
  } finally {
    db.close();
  }
}

/** Whether `signature` is recorded in `<dataDir>/nbsignatures.db` (nbformat's check_signature). */
export async function signatureStored(dataDir: string, signature: string): Promise<boolean> {
  return (await signatureRows(dataDir)).some(([algorithm, s]) => algorithm === 'sha256' && s === signature);
}

/** Sign `nb` for this user's Jupyter: its signature stored as trusted. Returns the signature. */
export async function signNotebook(nb: { metadata?: Record<string, unknown> }, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const dir = jupyterDataDir(env);
  const sig = notebookSignature(nb, notebookSecret(dir));
  await storeSignature(dir, sig);
  return sig;
}

/**
 * A Jupyter client in Node: starts a kernel from its kernelspec and talks to it over ZeroMQ with the
 * Jupyter messaging protocol (version 5.3, https://jupyter-client.readthedocs.io/en/stable/messaging.html),
 * through the `zeromq` package the tslab kernel itself uses. No Python.
 *
 * What it does, and nothing more: write a connection file (five free loopback ports, an HMAC-SHA256 key),
 * start the kernel's argv, wait until it answers kernel_info on shell and its iopub reaches us, send
 * execute requests one at a time, collect each one's outputs as nbformat 4 outputs (as nbclient does by
 * default: one output per message, streams not joined; clear_output and update_display_data honoured), and
 * shut the kernel down (shutdown_request on control, then SIGTERM, then SIGKILL).
 *
 * A kernel that exits is named, with its last stderr lines, by the request waiting on it; a cell that
 * does not finish within its timeout rejects with the time it was given.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { J2GError } from '../../kernel-lib/errors.ts';

/** One nbformat 4 output (stream, display_data, execute_result or error). */
export interface KernelOutput {
  output_type: 'stream' | 'display_data' | 'execute_result' | 'error';
  name?: string;
  text?: string;
  data?: Record<string, unknown>;
  metadata?: Record<string, unknown>;
  execution_count?: number | null;
  ename?: string;
  evalue?: string;
  traceback?: string[];
}

export interface ExecuteResult {
  status: 'ok' | 'error' | 'aborted';
  executionCount: number | null;
  outputs: KernelOutput[];
}

export interface KernelSpec {
  argv: string[];
  display_name?: string;
  language?: string;
  env?: Record<string, string>;
}

export class KernelError extends J2GError {
  override name = 'KernelError';
}

/** The kernelspec `name` from the first `kernels/<name>/kernel.json` on JUPYTER_PATH (its directories in order). */
export function findKernelSpec(name: string, jupyterPath: string | undefined): { dir: string; spec: KernelSpec } {
  const dirs = (jupyterPath ?? '').split(delimiter).filter(Boolean);
  for (const d of dirs) {
    const file = join(d, 'kernels', name, 'kernel.json');
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    const spec = JSON.parse(text) as KernelSpec;
    if (!Array.isArray(spec.argv) || spec.argv.some((a) => typeof a !== 'string')) throw new KernelError(`${file}: argv: expected a list of strings`);
    return { dir: join(d, 'kernels', name), spec };
  }
  throw new KernelError(`no kernelspec ${name} on JUPYTER_PATH (${dirs.join(delimiter) || 'empty'})`);
}

const DELIM = Buffer.from('<IDS|MSG>');

interface Message {
  header: { msg_id: string; msg_type: string; [k: string]: unknown };
  parent_header: { msg_id?: string; [k: string]: unknown };
  metadata: Record<string, unknown>;
  content: Record<string, unknown>;
}

/** The frames of a message after the routing prefix, signed with `key` (the wire protocol). */
export function encodeMessage(key: string, msg: Message): Buffer[] {
  const parts = [msg.header, msg.parent_header, msg.metadata, msg.content].map((p) => Buffer.from(JSON.stringify(p)));
  const hmac = createHmac('sha256', key);
  for (const p of parts) hmac.update(p);
  return [DELIM, Buffer.from(hmac.digest('hex')), ...parts];
}

/** A received message: the frames after the delimiter, its signature checked. */
export function decodeMessage(key: string, frames: readonly Buffer[]): Message {
  const at = frames.findIndex((f) => f.equals(DELIM));
  if (at < 0 || frames.length < at + 6) throw new KernelError('a kernel message without the <IDS|MSG> delimiter or its four parts');
  const [sig, header, parent, metadata, content] = frames.slice(at + 1, at + 6);
  const hmac = createHmac('sha256', key);
  for (const p of [header, parent, metadata, content]) hmac.update(p);
  if (hmac.digest('hex') !== sig.toString()) throw new KernelError('a kernel message with a wrong signature');
  return { header: JSON.parse(header.toString()), parent_header: JSON.parse(parent.toString()), metadata: JSON.parse(metadata.toString()), content: JSON.parse(content.toString()) };
}

/** Five free TCP ports on the loopback interface (each bound, read and released). */
async function freePorts(n: number): Promise<number[]> {
  const servers = await Promise.all(Array.from({ length: n }, () => new Promise<import('node:net').Server>((res, rej) => {
    const s = createServer();
    s.once('error', rej);
    s.listen(0, '127.0.0.1', () => res(s));
  })));
  const ports = servers.map((s) => (s.address() as import('node:net').AddressInfo).port);
  await Promise.all(servers.map((s) => new Promise((res) => s.close(res))));
  return ports;
}

export interface StartOptions {
  /** kernel argv, `{connection_file}` replaced */
  argv: string[];
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** how long the kernel may take to answer kernel_info (default 120 s) */
  startupTimeoutMs?: number;
}

type Zmq = typeof import('zeromq');

/**
 * A started kernel. `execute` runs one cell's code (one request at a time: a second call waits for the
 * first); `shutdown` ends it politely, `kill` at once.
 */
export class KernelClient {
  readonly session = randomUUID();
  kernelInfo: Record<string, unknown> = {};
  private stderrTail = '';
  private exited: string | null = null;
  private readonly waiters = new Set<(why: string) => void>();
  private readonly iopubHandlers = new Map<string, (m: Message) => void>();
  private readonly shellHandlers = new Map<string, (m: Message) => void>();
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;

  private constructor(
    private readonly child: ChildProcess,
    private readonly key: string,
    private readonly connectionFile: string,
    private readonly shell: InstanceType<Zmq['Dealer']>,
    private readonly control: InstanceType<Zmq['Dealer']>,
    private readonly iopub: InstanceType<Zmq['Subscriber']>,
  ) {}

  static async start(options: StartOptions): Promise<KernelClient> {
    const zmq = await import('zeromq');
    const [shellPort, iopubPort, stdinPort, controlPort, hbPort] = await freePorts(5);
    const key = randomBytes(32).toString('hex');
    const connectionFile = join(tmpdir(), `j2g-kernel-${process.pid}-${randomBytes(6).toString('hex')}.json`);
    writeFileSync(connectionFile, JSON.stringify({
      shell_port: shellPort, iopub_port: iopubPort, stdin_port: stdinPort, control_port: controlPort, hb_port: hbPort,
      ip: '127.0.0.1', key, transport: 'tcp', signature_scheme: 'hmac-sha256', kernel_name: '',
    }), { mode: 0o600 });
    const argv = options.argv.map((a) => a.replaceAll('{connection_file}', connectionFile));
    const env = { ...process.env, ...options.env };
    for (const k of Object.keys(env)) if (env[k] === undefined) delete env[k];
    const child = spawn(argv[0], argv.slice(1), { cwd: options.cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const shell = new zmq.Dealer({ linger: 0 });
    const control = new zmq.Dealer({ linger: 0 });
    const iopub = new zmq.Subscriber({ linger: 0 });
    iopub.subscribe();
    shell.connect(`tcp://127.0.0.1:${shellPort}`);
    control.connect(`tcp://127.0.0.1:${controlPort}`);
    iopub.connect(`tcp://127.0.0.1:${iopubPort}`);
    const k = new KernelClient(child, key, connectionFile, shell, control, iopub);
    child.stdout?.on('data', (d) => (k.stderrTail = `${k.stderrTail}${d}`.slice(-8000)));
    child.stderr?.on('data', (d) => (k.stderrTail = `${k.stderrTail}${d}`.slice(-8000)));
    const onGone = (why: string) => {
      if (k.exited !== null) return;
      k.exited = why;
      for (const w of k.waiters) w(why);
      k.waiters.clear();
      k.closeSockets();
    };
    child.on('error', (e) => onGone(`the kernel did not start: ${e.message}`));
    child.on('exit', (code, signal) => onGone(`the kernel exited (${signal ? `signal ${signal}` : `status ${code}`})`));
    k.pump(shell, k.shellHandlers);
    k.pump(iopub, k.iopubHandlers);
    k.pump(control, k.shellHandlers);
    try {
      await k.waitReady(options.startupTimeoutMs ?? 120_000);
    } catch (e) {
      k.kill();
      throw e;
    }
    return k;
  }

  /** Read a socket for as long as it is open, handing each message to the handler of its parent request. */
  private pump(sock: AsyncIterable<Buffer[]>, handlers: Map<string, (m: Message) => void>): void {
    void (async () => {
      try {
        for await (const frames of sock) {
          let m: Message;
          try {
            m = decodeMessage(this.key, frames);
          } catch {
            continue;
          }
          const id = m.parent_header?.msg_id;
          if (id) handlers.get(id)?.(m);
        }
      } catch {
        // the socket was closed
      }
    })();
  }

  private message(msgType: string, content: Record<string, unknown>): Message {
    return {
      header: { msg_id: randomUUID(), msg_type: msgType, session: this.session, username: 'j2g', date: new Date().toISOString(), version: '5.3' },
      parent_header: {}, metadata: {}, content,
    };
  }

  /** kernel_info on shell, asked again every 250 ms until both its reply and an iopub message of it arrive (then iopub is connected). */
  private async waitReady(timeoutMs: number): Promise<void> {
    const t0 = Date.now();
    await new Promise<void>((resolve, reject) => {
      let replied = false;
      let heard = false;
      const ids: string[] = [];
      const ask = () => {
        if (Date.now() - t0 > timeoutMs) {
          done(new KernelError(`the kernel did not answer within ${Math.round(timeoutMs / 1000)} s of starting${this.tail()}`));
          return;
        }
        const m = this.message('kernel_info_request', {});
        ids.push(m.header.msg_id);
        this.shellHandlers.set(m.header.msg_id, (r) => {
          if (r.header.msg_type !== 'kernel_info_reply') return;
          this.kernelInfo = r.content;
          replied = true;
          check();
        });
        this.iopubHandlers.set(m.header.msg_id, () => {
          heard = true;
          check();
        });
        this.shell.send(encodeMessage(this.key, m)).catch(() => undefined);
      };
      const timer = setInterval(ask, 250);
      const done = (err?: Error) => {
        clearInterval(timer);
        for (const id of ids) {
          this.shellHandlers.delete(id);
          this.iopubHandlers.delete(id);
        }
        this.waiters.delete(onExit);
        if (err) reject(err);
        else resolve();
      };
      const onExit = (why: string) => done(new KernelError(`${why} before it answered${this.tail()}`));
      this.waiters.add(onExit);
      const check = () => replied && heard && done();
      if (this.exited !== null) onExit(this.exited);
      else ask();
    });
  }

  private tail(): string {
    const t = this.stderrTail.trimEnd().split('\n').slice(-15).join('\n');
    return t ? `; its last output:\n${t}` : '';
  }

  /**
   * Run `code` as one cell. Resolves when the kernel has replied and gone idle, with the cell's outputs
   * as nbformat 4 outputs; rejects (KernelError) when the kernel exits meanwhile or `timeoutMs` passes.
   * `displays` maps display ids to the outputs they name, across cells, for update_display_data.
   */
  execute(code: string, options: { timeoutMs?: number; displays?: Map<string, KernelOutput[]> } = {}): Promise<ExecuteResult> {
    const run = this.queue.then(() => this.executeNow(code, options));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private executeNow(code: string, options: { timeoutMs?: number; displays?: Map<string, KernelOutput[]> }): Promise<ExecuteResult> {
    if (this.exited !== null) return Promise.reject(new KernelError(`${this.exited}${this.tail()}`));
    const displays = options.displays ?? new Map<string, KernelOutput[]>();
    const m = this.message('execute_request', { code, silent: false, store_history: true, user_expressions: {}, allow_stdin: false, stop_on_error: true });
    const id = m.header.msg_id;
    const outputs: KernelOutput[] = [];
    let clearOnNext = false;
    let executionCount: number | null = null;
    let reply: Record<string, unknown> | null = null;
    let idle = false;
    const push = (o: KernelOutput) => {
      if (clearOnNext) {
        outputs.length = 0;
        clearOnNext = false;
      }
      outputs.push(o);
    };
    return new Promise<ExecuteResult>((resolve, reject) => {
      const timer = options.timeoutMs ? setTimeout(() => {
        // a cell that runs on holds the kernel: stop it, then answer
        this.kill();
        finish(new KernelError(`the cell did not finish within ${Math.round(options.timeoutMs! / 1000)} s (the kernel was stopped)`));
      }, options.timeoutMs) : null;
      const onExit = (why: string) => finish(new KernelError(`${why} while running the cell${this.tail()}`));
      const finish = (err?: Error) => {
        if (timer) clearTimeout(timer);
        this.shellHandlers.delete(id);
        this.iopubHandlers.delete(id);
        this.waiters.delete(onExit);
        if (err) {
          reject(err);
          return;
        }
        const status = reply?.status === 'ok' ? 'ok' : reply?.status === 'abort' || reply?.status === 'aborted' ? 'aborted' : 'error';
        resolve({ status, executionCount: executionCount ?? (typeof reply?.execution_count === 'number' ? reply.execution_count : null), outputs });
      };
      const maybeDone = () => reply !== null && idle && finish();
      this.waiters.add(onExit);
      this.shellHandlers.set(id, (r) => {
        if (r.header.msg_type !== 'execute_reply') return;
        reply = r.content;
        maybeDone();
      });
      this.iopubHandlers.set(id, (r) => {
        const c = r.content;
        switch (r.header.msg_type) {
          case 'status':
            if (c.execution_state === 'idle') {
              idle = true;
              maybeDone();
            }
            break;
          case 'execute_input':
            if (typeof c.execution_count === 'number') executionCount = c.execution_count;
            break;
          case 'stream':
            push({ output_type: 'stream', name: String(c.name), text: String(c.text ?? '') });
            break;
          case 'display_data': {
            const o: KernelOutput = { output_type: 'display_data', data: (c.data ?? {}) as Record<string, unknown>, metadata: (c.metadata ?? {}) as Record<string, unknown> };
            push(o);
            const did = (c.transient as { display_id?: string } | undefined)?.display_id;
            if (did) displays.set(did, [...(displays.get(did) ?? []), o]);
            break;
          }
          case 'update_display_data': {
            const did = (c.transient as { display_id?: string } | undefined)?.display_id;
            for (const o of (did && displays.get(did)) || []) {
              o.data = (c.data ?? {}) as Record<string, unknown>;
              o.metadata = (c.metadata ?? {}) as Record<string, unknown>;
            }
            break;
          }
          case 'execute_result':
            push({ output_type: 'execute_result', data: (c.data ?? {}) as Record<string, unknown>, metadata: (c.metadata ?? {}) as Record<string, unknown>, execution_count: typeof c.execution_count === 'number' ? c.execution_count : null });
            break;
          case 'error':
            push({ output_type: 'error', ename: String(c.ename ?? ''), evalue: String(c.evalue ?? ''), traceback: Array.isArray(c.traceback) ? c.traceback.map(String) : [] });
            break;
          case 'clear_output':
            if (c.wait) clearOnNext = true;
            else outputs.length = 0;
            break;
          default:
        }
      });
      this.shell.send(encodeMessage(this.key, m)).catch((e) => finish(new KernelError(`cannot send to the kernel: ${(e as Error).message}`)));
    });
  }

  /** shutdown_request on control; the process is signalled if it has not ended within `graceMs`. */
  async shutdown(graceMs = 5000): Promise<void> {
    if (this.exited !== null) return this.cleanup();
    const gone = new Promise<void>((resolve) => {
      if (this.exited !== null) resolve();
      else this.waiters.add(() => resolve());
    });
    await this.control.send(encodeMessage(this.key, this.message('shutdown_request', { restart: false }))).catch(() => undefined);
    const timer = setTimeout(() => this.child.kill('SIGTERM'), graceMs);
    const hard = setTimeout(() => this.child.kill('SIGKILL'), graceMs * 2);
    await gone;
    clearTimeout(timer);
    clearTimeout(hard);
    this.cleanup();
  }

  /** End the kernel now (SIGKILL after SIGTERM has had a second). */
  kill(): void {
    if (this.exited === null) {
      this.child.kill('SIGTERM');
      setTimeout(() => this.exited === null && this.child.kill('SIGKILL'), 1000).unref();
    }
    this.cleanup();
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  private closeSockets(): void {
    if (this.closed) return;
    this.closed = true;
    for (const s of [this.shell, this.control, this.iopub]) {
      try {
        s.close();
      } catch {
        // closed already
      }
    }
  }

  private cleanup(): void {
    if (this.exited !== null) this.closeSockets();
    rmSync(this.connectionFile, { force: true });
  }
}

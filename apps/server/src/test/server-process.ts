import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The real server process (src/main.ts) for tests of start-up, shutdown and crashes. */

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
    srv.on('error', reject);
  });
}

export type ServerProcess = {
  process: ChildProcess;
  url: string;
  exited: Promise<number | null>;
};

export type StartOptions = {
  /** Runs on this PostgreSQL database instead of `dataDir`'s embedded one (the caller's own, never DATABASE_URL). */
  databaseUrl?: string;
  /** Receives what the server writes to stdout (its log), which is otherwise dropped. */
  onStdout?: (text: string) => void;
};

/** Starts the server on `dataDir`'s embedded database, or `databaseUrl`, and waits for its liveness. */
export async function startServer(
  dataDir: string,
  env: Record<string, string> = {},
  options: StartOptions = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn('node', ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...inherited,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      VIES_URL: '',
      JOBS: 'true',
      // On PostgreSQL the test gateway is off unless asked for (issue 18); the tests pay with it.
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl, PAYMENTS_TEST_MODE: 'true' } : {}),
      ...env,
    },
    stdio: ['ignore', options.onStdout ? 'pipe' : 'ignore', 'inherit'],
  });
  child.stdout?.setEncoding('utf8').on('data', (text: string) => options.onStdout?.(text));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      if ((await fetch(`${url}/api/health/live`)).ok) return { process: child, url, exited };
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGKILL');
  throw new Error('the server did not become healthy within 60 s');
}

/** A browser-like fetch client of a running server: keeps its cookies and sends the XSRF token back. */
export function httpClient(baseUrl: string) {
  const cookies = new Map<string, string>();
  const request = async (
    method: string,
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const xsrf = cookies.get('XSRF-TOKEN');
    const response = await fetch(`${baseUrl}${url}`, {
      method,
      headers: {
        ...(cookies.size ? { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
        ...(xsrf ? { 'x-xsrf-token': decodeURIComponent(xsrf) } : {}),
        // A FormData body sets its own multipart content type.
        ...(body === undefined || body instanceof FormData ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined || body instanceof FormData ? body : JSON.stringify(body),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const at = pair!.indexOf('=');
      cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    return response;
  };
  return {
    get: (url: string) => request('GET', url),
    post: (url: string, body: unknown, headers?: Record<string, string>) =>
      request('POST', url, body, headers),
    upload: (url: string, filename: string, content: Buffer | string) => {
      const form = new FormData();
      form.append('file', new Blob([content]), filename);
      return request('POST', url, form);
    },
    async login(email: string, password: string) {
      await request('GET', '/sanctum/csrf-cookie');
      return request('POST', '/login', { email, password });
    },
  };
}

// The import benchmark (issue 3): a 100,000-row products .xlsx uploaded, previewed and imported into
// a demo shop by the real server in its own process; prints the seconds and the server's peak RSS, and
// the latency of product pages loaded by autocannon while the run proceeds (issue 15: PGlite's one
// connection is shared by the run's short batch transactions and the shoppers, p99 target ≤ 1 s).
// `node --import tsx bench/import.ts [--rows N]`, or as part of `npm run bench` (bench/run.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import ExcelJS from 'exceljs';
import { openDatabase } from '../apps/server/src/db/client';
import { seedDemo } from '../apps/server/src/db/seed/demo';
import { rssMb, startServer } from './server';

/** A valid EAN-13 from 12 digits. */
function ean13(first12: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return `${first12}${(10 - (sum % 10)) % 10}`;
}

/** A products sheet as staff would send it: 15 columns, music and video titles of the demo's codes. */
export async function productsSheet(rows: number): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: false,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet('products');
  sheet
    .addRow([
      'sku',
      'description',
      'author',
      'label',
      'category',
      'subcategory',
      'support',
      'genre',
      'price',
      'vat',
      'ean13',
      'catalogue_no',
      'release_date',
      'available',
      'weight',
    ])
    .commit();
  for (let i = 0; i < rows; i++) {
    const music = i % 3 !== 0;
    sheet
      .addRow([
        `IMP-${String(i).padStart(7, '0')}`,
        `${music ? 'Canzoni' : 'Storie'} della notte n. ${i}`,
        `Autore ${i % 1997}`,
        `Etichetta ${i % 61}`,
        music ? 'MUSICA' : 'HOME_VIDEO',
        music ? 'CD' : 'DVD',
        music ? 'CD' : 'DVD',
        music ? 'Rock' : 'Drammatico',
        (990 + (i % 3000)) / 100,
        22,
        ean13(`80${String(i).padStart(10, '0')}`),
        `IMP-${i}`,
        `2026-${String((i % 12) + 1).padStart(2, '0')}-15`,
        1,
        100 + (i % 400),
      ])
      .commit();
  }
  sheet.commit();
  await workbook.commit();
  return Buffer.concat(chunks);
}

/** Signs in as the demo admin: the cookies and the XSRF token a browser would send. */
async function adminSession(baseUrl: string) {
  const csrf = await fetch(`${baseUrl}/sanctum/csrf-cookie`);
  let xsrf = /XSRF-TOKEN=([^;]+)/.exec(csrf.headers.get('set-cookie') ?? '')?.[1] ?? '';
  const login = await fetch(`${baseUrl}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
    body: JSON.stringify({ email: 'admin@example.com', password: 'Password1!' }),
  });
  if (!login.ok) throw new Error(`sign-in failed: ${login.status}`);
  const cookies = login.headers.getSetCookie().map((c) => c.split(';')[0]!);
  xsrf = cookies.find((c) => c.startsWith('XSRF-TOKEN='))?.slice('XSRF-TOKEN='.length) ?? xsrf;
  return { cookie: cookies.join('; '), 'x-xsrf-token': decodeURIComponent(xsrf) };
}

export type ImportFigures = {
  rows: number;
  fileMb: number;
  previewS: number;
  runS: number;
  totalS: number;
  rssBeforeMb: number;
  peakRssMb: number;
  /** Product pages requested while the run proceeded: count, p50 and p99 latency (ms), non-2xx. */
  pages: { requests: number; p50: number; p99: number; non2xx: number };
};

/** Loads 300 distinct product pages of the demo with 4 signed-in connections until `stop` is called. */
function loadProductPages(baseUrl: string, headers: Record<string, string>) {
  let stop = () => {};
  const result = new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: baseUrl,
        connections: 4,
        duration: 3600,
        headers: { cookie: headers.cookie! },
        requests: Array.from({ length: 300 }, (_, i) => ({
          method: 'GET' as const,
          path: `/api/products/MU-${String(i + 1).padStart(6, '0')}`,
        })),
      },
      (error, res) => (error ? reject(error) : resolve(res)),
    );
    stop = () => instance.stop();
  });
  return { result, stop: () => stop() };
}

/** Seeds a demo shop (2,000 products) on PGlite, starts the server, imports `rows` new products. */
export async function importBenchmark(rows = 100_000): Promise<ImportFigures> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-bench-import-'));
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pgdata') });
  await database.migrate();
  await seedDemo(database.db, { productCount: 2000 });
  await database.close();
  const file = await productsSheet(rows);

  const port = 3990 + Math.floor(Math.random() * 9);
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = startServer({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir });
  try {
    for (let i = 0; ; i++) {
      if (i > 600 || server.exitCode !== null) throw new Error('server did not start');
      if (
        await fetch(`${baseUrl}/api/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const headers = await adminSession(baseUrl);
    const rssBeforeMb = rssMb(server.pid!, 'VmRSS');
    const started = Date.now();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(file)]), 'products.xlsx');
    const uploaded = await fetch(`${baseUrl}/api/imports/products`, { method: 'POST', headers, body: form });
    const preview = (await uploaded.json()) as { id: number; total_rows: number; invalid_rows: number };
    if (uploaded.status !== 201 || preview.invalid_rows > 0)
      throw new Error(`preview failed: ${JSON.stringify(preview).slice(0, 500)}`);
    const previewed = Date.now();
    const runRes = await fetch(`${baseUrl}/api/imports/${preview.id}/run`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ skip_invalid: false }),
    });
    if (runRes.status !== 202) throw new Error(`run refused: ${runRes.status} ${await runRes.text()}`);
    const load = loadProductPages(baseUrl, headers);
    let status: { status: string; summary: unknown; error: string | null };
    do {
      await new Promise((r) => setTimeout(r, 500));
      status = (await (
        await fetch(`${baseUrl}/api/imports/${preview.id}`, { headers })
      ).json()) as typeof status;
    } while (status.status === 'running');
    load.stop();
    const pages = await load.result;
    if (status.status !== 'completed') throw new Error(`import failed: ${status.error}`);
    const finished = Date.now();
    return {
      rows,
      fileMb: Math.round((file.length / 1024 / 1024) * 10) / 10,
      previewS: (previewed - started) / 1000,
      runS: (finished - previewed) / 1000,
      totalS: (finished - started) / 1000,
      rssBeforeMb,
      peakRssMb: rssMb(server.pid!, 'VmHWM'),
      pages: {
        requests: pages.requests.total,
        p50: pages.latency.p50,
        p99: pages.latency.p99,
        non2xx: pages.non2xx,
      },
    };
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The figures as rows of bench/run.ts's table (scenario, req/s, p50, p99, non-2xx, RSS). */
export function importRows(f: ImportFigures): string[][] {
  const rows = f.rows.toLocaleString('en');
  return [
    [
      `import ${rows} products .xlsx (${f.fileMb} MB): upload + preview s`,
      String(f.previewS),
      '',
      '',
      '',
      '',
    ],
    [
      `import ${rows} products: run s (batches of 1,000, each its own transaction)`,
      String(f.runS),
      '',
      '',
      '',
      '',
    ],
    [
      `GET /api/products/{sku} during the run (${f.pages.requests.toLocaleString('en')} requests)`,
      String(Math.round(f.pages.requests / f.runS)),
      String(f.pages.p50),
      String(f.pages.p99),
      String(f.pages.non2xx),
      '',
    ],
    [`import ${rows} products: total s, peak server RSS`, String(f.totalS), '', '', '', String(f.peakRssMb)],
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { rows: { type: 'string', default: '100000' } } });
  const f = await importBenchmark(Number(values.rows));
  console.log(
    `${f.rows} rows (${f.fileMb} MB): upload + preview ${f.previewS} s, run ${f.runS} s, total ${f.totalS} s; server RSS ${f.rssBeforeMb} MB before, peak ${f.peakRssMb} MB; product pages during the run p50 ${f.pages.p50} ms, p99 ${f.pages.p99} ms (${f.pages.requests} requests, ${f.pages.non2xx} non-2xx)`,
  );
}

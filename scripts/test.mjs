// `npm test`: every check in one run (DESIGN §9): lint, typecheck, unit, API on PGlite, API on
// PostgreSQL when TEST_DATABASE_URL is set, end-to-end in Chromium. Ends with 'N passed, N failed'.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'node_modules/.cache/test-results');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const { TEST_DATABASE_URL, ...envWithoutPg } = process.env;
const only = process.argv.slice(2);

/** name, command, env, and the JSON report that holds the counts (none for lint/typecheck). */
const steps = [
  ['lint', ['npx', 'biome', 'check', '.'], envWithoutPg],
  ['typecheck', ['npm', 'run', '-s', 'typecheck'], envWithoutPg],
  [
    'unit',
    vitest('unit', ['--project', 'domain', '--project', 'erp-sim', '--project', 'web']),
    envWithoutPg,
    'unit.json',
  ],
  ['api (PGlite)', vitest('api-pglite', ['--project', 'server']), envWithoutPg, 'api-pglite.json'],
  ...(TEST_DATABASE_URL
    ? [['api (PostgreSQL)', vitest('api-pg', ['--project', 'server']), process.env, 'api-pg.json']]
    : []),
  ['e2e', ['node', 'e2e/run.mjs'], envWithoutPg, 'e2e.json'],
];

function vitest(name, args) {
  return [
    'npx',
    'vitest',
    'run',
    ...args,
    // Vitest uses one worker on two cores; the test files are independent (each its own database), and
    // while one waits on PostgreSQL or the disk the other computes: two run the suite in less time.
    `--maxWorkers=${Math.max(2, os.availableParallelism() - 1)}`,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${out}/${name}.json`,
  ];
}

let passed = 0;
let failed = 0;
const summary = [];
for (const [name, [cmd, ...args], env, report] of steps) {
  if (only.length && !only.some((o) => name.startsWith(o))) continue;
  console.log(`\n━━ ${name} ━━`);
  const started = Date.now();
  const result = spawnSync(cmd, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...env, E2E_REPORT: path.join(out, 'e2e.json') },
  });
  const ok = result.status === 0;
  const counts = report ? readCounts(path.join(out, report)) : { passed: ok ? 1 : 0, failed: ok ? 0 : 1 };
  if (!ok && counts.failed === 0) counts.failed = 1;
  passed += counts.passed;
  failed += counts.failed;
  summary.push(
    `${ok ? '✔' : '✘'} ${name.padEnd(18)} ${counts.passed} passed, ${counts.failed} failed  (${((Date.now() - started) / 1000).toFixed(1)} s)`,
    // The failures by name, so a summary read on its own (CI keeps only its tail) says what to look at.
    ...(report ? failedTests(path.join(out, report)).map((t) => `    ✘ ${t}`) : []),
  );
}

console.log(`\n${summary.join('\n')}\n`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);

/** Names of the failed tests in a vitest JSON report ('file › test'); none for other reports. */
function failedTests(file) {
  try {
    const json = JSON.parse(readFileSync(file, 'utf8'));
    return (json.testResults ?? []).flatMap((f) => {
      const where = path.relative(root, f.name);
      const failed = (f.assertionResults ?? []).filter((a) => a.status === 'failed');
      if (failed.length === 0 && f.status === 'failed')
        return [`${where} › ${f.message?.split('\n')[0] ?? 'failed'}`];
      return failed.map((a) => `${where} › ${a.fullName}`);
    });
  } catch {
    return [];
  }
}

function readCounts(file) {
  try {
    const json = JSON.parse(readFileSync(file, 'utf8'));
    if ('numPassedTests' in json) return { passed: json.numPassedTests, failed: json.numFailedTests };
    const stats = json.stats ?? {};
    return { passed: stats.expected ?? 0, failed: (stats.unexpected ?? 0) + (stats.flaky ?? 0) };
  } catch {
    return { passed: 0, failed: 0 };
  }
}

// `npm start`: builds the web app only when a source is newer than the last build (issue 18), quietly
// (Vite's warnings only), and says in one line what it did. `npm run build` always builds; so does a
// change of a VITE_* variable, which this script cannot see: run `npm run build` after one.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const web = path.join(root, 'apps/web');

/** What the build is made of: the web app's sources and configuration, and the domain package it imports. */
export function webSources(rootDir = root) {
  const webDir = path.join(rootDir, 'apps/web');
  const configs = existsSync(webDir) ? readdirSync(webDir).filter((f) => f.startsWith('vite.config.')) : [];
  return [
    'apps/web/src',
    'apps/web/public',
    'apps/web/index.html',
    'apps/web/package.json',
    ...configs.map((f) => `apps/web/${f}`),
    'packages/domain/src',
  ].map((p) => path.join(rootDir, p));
}

/** The newest modification time (ms) of the files under `paths`; 0 when there are none. */
export function newestMtime(paths) {
  let newest = 0;
  const visit = (p) => {
    if (!existsSync(p)) return;
    const stat = statSync(p);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(p)) if (entry !== 'node_modules') visit(path.join(p, entry));
    } else newest = Math.max(newest, stat.mtimeMs);
  };
  for (const p of paths) visit(p);
  return newest;
}

/** Build when there is no build yet (`builtMs` undefined) or a source changed after it. */
export function needsBuild(newestSourceMs, builtMs) {
  return builtMs === undefined || newestSourceMs > builtMs;
}

function main() {
  const index = path.join(web, 'dist/index.html');
  const builtMs = existsSync(index) ? statSync(index).mtimeMs : undefined;
  if (!needsBuild(newestMtime(webSources()), builtMs)) {
    console.log('web app: apps/web/dist is newer than its sources, build skipped');
    return 0;
  }
  const started = Date.now();
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    cwd: web,
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  if (result.status !== 0) return result.status ?? 1;
  console.log(`web app: built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) process.exitCode = main();

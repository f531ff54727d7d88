import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** The server's crash and shutdown handling, in a real child process (issue 15 item 7). */

const fixture = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../test/lifecycle-fixture.ts');

function run(args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', fixture, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const ready = new Promise<void>((resolve) => {
    child.stdout.on('data', () => {
      if (output.includes('ready\n')) resolve();
    });
  });
  const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
    child.once('exit', (code) => resolve({ code, at: Date.now() })),
  );
  const lines = () =>
    output
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { level: string; msg: string; err?: { message: string; stack: string } });
  return { child, ready, exited, lines };
}

describe('a crash', () => {
  it.each([
    ['throw', 'uncaught exception: the process exits', 'boom from a timer'],
    ['reject', 'unhandled promise rejection: the process exits', 'boom from a promise'],
  ])(
    '(%s) is logged with its stack, reported, and the process exits with code 1',
    async (scenario, msg, text) => {
      const p = run([scenario]);
      expect((await p.exited).code).toBe(1);
      const fatal = p.lines().find((l) => l.level === 'fatal');
      expect(fatal?.msg).toBe(msg);
      expect(fatal?.err?.message).toBe(text);
      expect(fatal?.err?.stack).toContain('lifecycle-fixture.ts');
      expect(p.lines().at(-1)).toMatchObject({ msg: 'reported', err: { message: text } });
    },
  );
});

describe('a shutdown', () => {
  it('closes on SIGTERM and exits with code 0', async () => {
    const p = run(['idle', '200', '5000']);
    await p.ready;
    const signalledAt = Date.now();
    p.child.kill('SIGTERM');
    const { code, at } = await p.exited;
    expect(code).toBe(0);
    expect(at - signalledAt).toBeLessThan(3_000);
    expect(p.lines().map((l) => l.msg)).toEqual(['shutting down', 'closed']);
  });

  it('exits with code 1 at the deadline when closing never ends', async () => {
    const p = run(['idle', '600000', '500']);
    await p.ready;
    const signalledAt = Date.now();
    p.child.kill('SIGTERM');
    const { code, at } = await p.exited;
    expect(code).toBe(1);
    expect(at - signalledAt).toBeGreaterThanOrEqual(450);
    expect(at - signalledAt).toBeLessThan(3_000);
    expect(p.lines().map((l) => l.msg)).toEqual(['shutting down', 'shutdown deadline passed: exiting now']);
  });

  it('exits at once on a second signal', async () => {
    const p = run(['idle', '600000', '600000']);
    await p.ready;
    p.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const signalledAt = Date.now();
    p.child.kill('SIGINT');
    const { code, at } = await p.exited;
    expect(code).toBe(1);
    expect(at - signalledAt).toBeLessThan(1_500);
    expect(p.lines().map((l) => l.msg)).toEqual(['shutting down', 'second signal: exiting now']);
  });
});

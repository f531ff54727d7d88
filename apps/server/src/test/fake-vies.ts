import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the fake answers for one `{country}/{number}`: VIES's JSON body, an HTTP error, or no answer. */
export type FakeViesReply = { isValid: boolean; userError: string } | { status: number } | 'hang';

/**
 * A local stand-in for VIES's REST API (`/ms/{country}/vat/{number}`): replies by `IT/00743110157`;
 * unknown numbers are registered (isValid true). Records every asked number.
 */
export async function startFakeVies(replies: Record<string, FakeViesReply> = {}) {
  const asked: string[] = [];
  const server = createServer((request, response) => {
    const match = /^\/ms\/([A-Z]{2})\/vat\/([^/?]+)$/.exec(request.url ?? '');
    if (!match) {
      response.writeHead(404).end();
      return;
    }
    const key = `${match[1]}/${decodeURIComponent(match[2]!)}`;
    asked.push(key);
    const reply = replies[key] ?? { isValid: true, userError: 'VALID' };
    if (reply === 'hang') return;
    if ('status' in reply) {
      response.writeHead(reply.status).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ ...reply, requestDate: '2026-11-21T10:00:00.000Z' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    asked,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

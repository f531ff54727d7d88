import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import pretty from 'pino-pretty';
import type { Config } from '../config';
import type { Metrics } from './metrics';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A file of the built web app or an upload: logged at debug, not at info like the API (issue 18). */
    staticFile?: boolean;
  }
}

/**
 * The server's logger (issue 18): readable lines through pino-pretty when a person watches the
 * terminal, JSON lines for a log collector otherwise (systemd's journal, docker, a file).
 */
export function loggerOptions(config: Pick<Config, 'logLevel'>): FastifyServerOptions['logger'] {
  if (!process.stdout.isTTY) return { level: config.logLevel };
  return {
    level: config.logLevel,
    // A request's line says it all in its message; its fields stay in the JSON output.
    stream: pretty({
      translateTime: 'SYS:HH:MM:ss',
      ignore: 'pid,hostname,reqId,method,route,status,ms',
      singleLine: true,
    }),
  };
}

/**
 * One line per finished request in place of Fastify's two (Fastify's own request logging is off):
 * method, route pattern, status and milliseconds, at info for the API and at debug for static files
 * and the web app's pages. The same hook feeds the request metrics. The raw URL is left out: it may
 * carry a token (a password-reset link) and would split the metrics by id.
 */
export function registerRequestLog(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', async (request, reply) => {
    const ms = reply.elapsedTime;
    const route = request.is404 ? '(not found)' : (request.routeOptions.url ?? '(not found)');
    const status = reply.statusCode;
    metrics.observeRequest(request.method, route, status, ms / 1000);
    // A page of the web app answers through the not-found handler with its index.html.
    const isStatic = request.routeOptions.config.staticFile || (request.is404 && status === 200);
    const line = { method: request.method, route, status, ms: Math.round(ms) };
    const message = `${request.method} ${route} ${status} ${line.ms} ms`;
    if (isStatic) request.log.debug(line, message);
    else request.log.info(line, message);
  });
}

import { PassThrough } from 'node:stream';
import multipart from '@fastify/multipart';
import {
  IdParamSchema,
  ImportResourceInfoSchema,
  ImportResourceParamSchema,
  ImportRunSchema,
  ImportSchema,
  messages,
} from '@shop/domain';
import { z } from 'zod';
import { shopDate } from '../../lib/dates';
import { ValidationError } from '../../lib/errors';
import { policies } from '../../lib/policy';
import { type RoutesPlugin, typed } from '../../lib/route';
import { exportResource, listImportResources, parseExportQuery, template } from './exports.service';
import { getImport, listResumableImports, recoverInterruptedImports, runImport } from './import-run.service';
import { ImportRuns } from './import-runs';
import { createImport } from './imports.service';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const attachment = (name: string) => `attachment; filename="${name}"`;

/**
 * Excel import and export of the back-office lists (SPEC §1; issue 3 item 7), admin only:
 * template → upload and preview → run in the background → progress and summary; exports of a list.
 */
export const importsRoutes: RoutesPlugin = async (fastify) => {
  const app = typed(fastify);
  const config = { policy: policies.admin };
  const tags = ['imports'];
  const runs = new ImportRuns();
  app.addHook('onClose', () => runs.settle());
  // Runs a process that died left 'running' are failed with a reason, to be run again (issue 15).
  app.addHook('onReady', () => recoverInterruptedImports({ ...fastify.deps, log: fastify.log }));
  // Registered here, not app-wide: the cart's quick order and the images have their own limits.
  const { maxBytes } = fastify.deps.config.uploads.imports;
  await app.register(multipart, { limits: { fileSize: maxBytes, files: 1, fields: 5 } });

  app.get(
    '/api/import-resources',
    { config, schema: { tags, response: { 200: z.object({ data: z.array(ImportResourceInfoSchema) }) } } },
    () => ({ data: listImportResources() }),
  );
  app.get(
    '/api/imports/:resource/template',
    { config, schema: { tags, params: ImportResourceParamSchema } },
    async (r, reply) =>
      reply
        .header('content-type', XLSX)
        .header('content-disposition', attachment(`${r.params.resource}-template.xlsx`))
        .send(await template(r.params.resource)),
  );
  app.post(
    '/api/imports/:resource',
    {
      config,
      schema: {
        tags,
        params: ImportResourceParamSchema,
        consumes: ['multipart/form-data'],
        response: { 201: ImportSchema },
      },
    },
    async (r, reply) => {
      const file = r.isMultipart() ? await r.file() : undefined;
      if (!file) throw ValidationError.field('file', messages.importNotSpreadsheet);
      const created = await createImport(r.ctx, r.params.resource, {
        filename: file.filename,
        file: file.file,
      });
      return reply.status(201).send(created);
    },
  );
  app.get(
    '/api/imports',
    {
      config,
      schema: {
        tags,
        summary: "A list's interrupted imports, which running again continues",
        querystring: ImportResourceParamSchema,
        response: { 200: z.object({ data: z.array(ImportSchema) }) },
      },
    },
    async (r) => ({ data: await listResumableImports(r.ctx, r.query.resource) }),
  );
  app.get(
    '/api/imports/:id',
    { config, schema: { tags, params: IdParamSchema, response: { 200: ImportSchema } } },
    (r) => getImport(r.ctx, r.params.id),
  );
  app.post(
    '/api/imports/:id/run',
    {
      config,
      schema: { tags, params: IdParamSchema, body: ImportRunSchema, response: { 202: ImportSchema } },
    },
    async (r, reply) =>
      reply.status(202).send(await runImport(r.ctx, runs, r.params.id, r.body.skip_invalid)),
  );
  app.get(
    '/api/exports/:resource',
    {
      config,
      schema: { tags, params: ImportResourceParamSchema, querystring: z.record(z.string(), z.string()) },
    },
    (r, reply) => {
      const query = parseExportQuery(r.params.resource, r.query);
      const out = new PassThrough();
      exportResource(r.ctx, r.params.resource, query, out).catch((error) => {
        r.log.error({ err: error }, 'export failed');
        out.destroy(error);
      });
      return reply
        .header('content-type', XLSX)
        .header('content-disposition', attachment(`${r.params.resource}-${shopDate(r.ctx.now())}.xlsx`))
        .send(out);
    },
  );
};

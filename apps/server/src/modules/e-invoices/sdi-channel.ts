import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SdiNotification, SdiNotificationType } from '@shop/domain';
import { signCallback } from '@shop/domain/erp-signature';
import type { Config } from '../../config';

/**
 * How FatturaPA files reach the SDI (issue 21 point 4). The shop hands each file over once staff send
 * it; the SDI's answer comes back later as a signed notification (sdi-notifications.routes.ts).
 */
export interface SdiChannel {
  /** Takes the file; `sdiId` is the SDI's identifier when the channel learns it at once. */
  send(file: { fileName: string; xml: string }): Promise<{ sdiId: string | null }>;
}

/**
 * The folder drop most intermediaries collect from: each file written under a temporary name, then
 * renamed, so a collector never picks up half a file; the directory is created when missing.
 */
export function createFolderChannel(dir: string): SdiChannel {
  return {
    async send(file) {
      await mkdir(dir, { recursive: true });
      const temp = path.join(dir, `.${file.fileName}.${randomUUID()}.tmp`);
      try {
        await writeFile(temp, file.xml, 'utf8');
        await rename(temp, path.join(dir, path.basename(file.fileName)));
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
      return { sdiId: null };
    },
  };
}

/** A notification as the SDI would POST it: the exact body and its signature headers. */
export type SignedSdiNotification = { payload: string; headers: Record<string, string> };

/**
 * The SDI for tests and the demo: keeps every file it received, gives each an SDI id, and writes the
 * signed RC / NS / MC notification of a file, so the real callback route is what applies it.
 */
export class SdiSimulator implements SdiChannel {
  readonly received: { fileName: string; xml: string; sdiId: string }[] = [];
  private seq = 0;

  constructor(private readonly token: string | undefined) {}

  async send(file: { fileName: string; xml: string }) {
    this.seq += 1;
    const sdiId = `SIM${String(this.seq).padStart(9, '0')}`;
    this.received.push({ ...file, sdiId });
    return { sdiId };
  }

  /**
   * The notification of a received file, signed with SDI_TOKEN at `at` (seconds since the epoch):
   * NS carries `errors`; `id` defaults to a new one.
   */
  notification(
    fileName: string,
    type: SdiNotificationType,
    options: { at: number; id?: string; errors?: SdiNotification['errors']; token?: string },
  ): SignedSdiNotification {
    const file = this.received.findLast((f) => f.fileName === fileName);
    const body: SdiNotification = {
      id: options.id ?? `${type}-${randomUUID()}`,
      file_name: fileName,
      type,
      ...(file ? { sdi_id: file.sdiId } : {}),
      ...(options.errors ? { errors: options.errors } : {}),
    };
    const payload = JSON.stringify(body);
    const token = options.token ?? this.token ?? '';
    return {
      payload,
      headers: {
        'content-type': 'application/json',
        'x-sdi-timestamp': String(options.at),
        'x-sdi-signature': signCallback(token, options.at, payload),
      },
    };
  }
}

const channels = new WeakMap<Config, SdiChannel>();

/** The channel SDI_CHANNEL names, one per configuration; null while sending is off. */
export function configuredSdiChannel(config: Config): SdiChannel | null {
  if (config.sdi.channel === 'off') return null;
  let channel = channels.get(config);
  if (!channel) {
    channel =
      config.sdi.channel === 'simulator'
        ? new SdiSimulator(config.sdi.token)
        : createFolderChannel(config.sdi.dropDir);
    channels.set(config, channel);
  }
  return channel;
}

import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type PgBoss from 'pg-boss';

/** `from` is set at send time from the shop's settings (withSender); a mail written with one keeps it. */
export type Mail = { to: string; subject: string; text: string; html?: string; from?: string };
export type Mailer = { send(mail: Mail): Promise<void> };

/**
 * Sends over SMTP_URL when set; otherwise writes each message as an .eml file under DATA_DIR/mail and
 * logs where (DESIGN §2), so password resets work on a machine with no mail server.
 */
export function createMailer(opts: {
  smtpUrl?: string;
  from: string;
  dataDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: opts.from, ...mail });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const dir = path.join(opts.dataDir, 'mail');
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: opts.from, ...mail });
      await mkdir(dir, { recursive: true });
      const file = path.join(dir, `${Date.now()}-${Math.random().toString(36).slice(2, 8)}.eml`);
      await writeFile(file, info.message as Buffer);
      opts.log.info({ to: mail.to, subject: mail.subject, file }, 'mail written to file (no SMTP_URL)');
    },
  };
}

/**
 * The transport with the shop's current sender on every message (issue 18 point 3): read when the
 * message leaves, not when it was queued, so a sender changed in the back office applies to the next
 * mail on every instance without a restart.
 */
export function withSender(transport: Mailer, sender: () => Promise<string>): Mailer {
  return {
    async send(mail) {
      await transport.send({ ...mail, from: mail.from ?? (await sender()) });
    },
  };
}

/** The mail queue (DESIGN §8): a message waits there, retried with backoff, until its transport takes it. */
export const MAIL_QUEUE = 'mail';

/**
 * The shop's mailer: through the mail queue once the jobs run (a mail server down for a while loses
 * nothing), straight to `transport` while they do not (tests, JOBS=false).
 */
export function queuedMailer(transport: Mailer, jobs: { boss: PgBoss | null }): Mailer {
  return {
    async send(mail) {
      if (!jobs.boss) return transport.send(mail);
      await jobs.boss.send(MAIL_QUEUE, mail, { retryLimit: 8, retryDelay: 30, retryBackoff: true });
    },
  };
}

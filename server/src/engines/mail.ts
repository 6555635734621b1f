import fs from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import type * as nodemailerModule from 'nodemailer';
import type { Logger } from 'pino';
import { lazyRequire } from '../core/lazy.js';

// Loaded with the first mail, not at start.
const nodemailer = lazyRequire<typeof nodemailerModule>('nodemailer');

interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  readonly configured: boolean;
  send(mail: Mail): Promise<void>;
  /** Mails kept when SMTP is not configured (newest last), each also written to the outbox folder. */
  readonly outbox: readonly (Mail & { at: number })[];
}

const OUTBOX_SIZE = 100;

/**
 * SMTP through nodemailer when SMTP_URL is set. Otherwise each mail is kept in memory and written
 * as an `.eml` file (mode 0600) to `outboxDir`, where a self-hoster without SMTP finds a reset link;
 * the log names the file, never the text (reset links and form fields stay out of logs).
 */
export function createMailer(smtpUrl: string | null, from: string, log: Logger, outboxDir: string): Mailer {
  const outbox: (Mail & { at: number })[] = [];
  let transport: Transporter | null = null;
  let files: Transporter | null = null;
  let sequence = 0;
  return {
    configured: smtpUrl !== null,
    outbox,
    async send(mail) {
      const message = { from, to: mail.to, subject: mail.subject, text: mail.text };
      if (smtpUrl) {
        transport ??= nodemailer().createTransport(smtpUrl);
        await transport.sendMail(message);
        log.info({ to: mail.to, subject: mail.subject }, 'mail sent');
        return;
      }
      const at = Date.now();
      outbox.push({ ...mail, at });
      if (outbox.length > OUTBOX_SIZE) outbox.shift();
      files ??= nodemailer().createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
      const { message: eml } = (await files.sendMail(message)) as { message: Buffer };
      await fs.mkdir(outboxDir, { recursive: true, mode: 0o700 });
      const file = path.join(outboxDir, `${new Date(at).toISOString().replace(/[:.]/g, '-')}-${++sequence}.eml`);
      await fs.writeFile(file, eml, { mode: 0o600 });
      log.info({ to: mail.to, subject: mail.subject, file }, 'mail written to the outbox folder (SMTP_URL not set)');
    },
  };
}

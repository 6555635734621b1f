import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  readonly configured: boolean;
  send(mail: Mail): Promise<void>;
  /** Mails kept in memory when SMTP is not configured (newest last); the log prints each one. */
  readonly outbox: readonly (Mail & { at: number })[];
}

const OUTBOX_SIZE = 100;

/** SMTP through nodemailer when SMTP_URL is set; otherwise an in-memory outbox printed to the log. */
export function createMailer(smtpUrl: string | null, from: string, log: Logger): Mailer {
  const outbox: (Mail & { at: number })[] = [];
  const transport: Transporter | null = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  return {
    configured: transport !== null,
    outbox,
    async send(mail) {
      if (transport) {
        await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
        log.info({ to: mail.to, subject: mail.subject }, 'mail sent');
        return;
      }
      outbox.push({ ...mail, at: Date.now() });
      if (outbox.length > OUTBOX_SIZE) outbox.shift();
      // The outbox is how a self-hoster without SMTP gets a reset link: it is printed on purpose.
      log.info({ outbox: { to: mail.to, subject: mail.subject, text: mail.text } }, 'mail kept in outbox (SMTP_URL not set)');
    },
  };
}

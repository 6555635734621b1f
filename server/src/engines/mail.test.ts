import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createMailer } from './mail.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('mail without SMTP', () => {
  it('writes each mail to the outbox folder, readable only by its owner, and logs no text', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-mail-'));
    dirs.push(dir);
    let logged = '';
    const log = pino({ level: 'info' }, new Writable({ write: (chunk: Buffer, _enc, done) => ((logged += chunk.toString()), done()) }));
    const mailer = createMailer(null, 'Pagewright <no-reply@example.com>', log, path.join(dir, 'outbox'));
    const link = 'http://localhost:8080/reset-password/secret-reset-token-1234';
    await mailer.send({ to: 'ada@example.com', subject: 'Reset your password', text: `Open ${link}` });

    expect(mailer.configured).toBe(false);
    expect(mailer.outbox.at(-1)).toMatchObject({ to: 'ada@example.com', subject: 'Reset your password' });
    const [file] = fs.readdirSync(path.join(dir, 'outbox'));
    const full = path.join(dir, 'outbox', file!);
    expect(file).toMatch(/\.eml$/);
    expect(fs.statSync(full).mode & 0o777).toBe(0o600);
    const eml = fs.readFileSync(full, 'utf8');
    expect(eml).toContain('To: ada@example.com');
    expect(eml).toContain('Subject: Reset your password');
    expect(eml).toContain(link);
    expect(logged).toContain(full);
    expect(logged).not.toContain('secret-reset-token-1234');
  });
});

import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** A random URL-safe token with 256 bits of entropy. */
export const newToken = (): string => crypto.randomBytes(32).toString('base64url');

/** How tokens are stored: a SHA-256 hash (tokens are random, so no salt or stretching is needed). */
export const hashToken = (token: string): string => crypto.createHash('sha256').update(token).digest('hex');

/** Reads SECRET_KEY, or makes and keeps a key under DATA_DIR (mode 0600) on first start. */
export function loadSecretKey(secretKey: string | null, dataDir: string): Buffer {
  if (secretKey) {
    const key = /^[0-9a-f]{64}$/i.test(secretKey) ? Buffer.from(secretKey, 'hex') : Buffer.from(secretKey, 'base64');
    if (key.length !== 32) throw new Error('SECRET_KEY must be 32 bytes, as 64 hex digits or base64');
    return key;
  }
  const file = path.join(dataDir, 'secret.key');
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, crypto.randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'hex');
}

/** AES-256-GCM for secrets that must be read back (TOTP secrets cannot be hashed). */
export class Sealer {
  constructor(private readonly key: Buffer) {}

  seal(plain: string): string {
    const iv = crypto.randomBytes(12);
    const cipher = crypto.createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
  }

  open(sealed: string): string {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || !body) throw new Error('Unknown sealed secret format');
    const decipher = crypto.createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  }
}

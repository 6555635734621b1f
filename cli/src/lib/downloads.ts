import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { PagewrightClient, Schemas } from '@pagewright/sdk';
import { apiFailure, CliError } from './errors.js';

export const md5 = (bytes: Buffer): string => crypto.createHash('md5').update(bytes).digest('hex');

/**
 * Writes a file into `dir` without overwriting one that is there (`name-1.json`), so a second
 * download never silently replaces the first. Answers the path written.
 */
export function writeNew(dir: string, name: string, bytes: Buffer): string {
  const safe = path.basename(name);
  const ext = path.extname(safe);
  const stem = safe.slice(0, safe.length - ext.length);
  for (let n = 0; ; n++) {
    const target = path.join(dir, n === 0 ? safe : `${stem}-${n}${ext}`);
    try {
      fs.writeFileSync(target, bytes, { flag: 'wx' });
      return target;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
}

/** A saved version's document (JSON), checked against the MD5 the server gives for it. */
export async function fetchVersion(api: PagewrightClient, siteId: string, version: Schemas['VersionEntry']): Promise<Buffer> {
  const result = await api.GET('/sites/{siteId}/versions/{versionId}/download', {
    params: { path: { siteId, versionId: version.id } },
    parseAs: 'arrayBuffer',
  });
  if (!result.response.ok || !result.data) throw apiFailure(result.error, result.response);
  const bytes = Buffer.from(result.data);
  const expected = result.response.headers.get('X-Content-MD5') ?? version.download.md5;
  if (md5(bytes) !== expected) throw new CliError(`the downloaded version does not match its md5 (${md5(bytes)}, expected ${expected})`);
  return bytes;
}

/**
 * A published zip, fetched through the configured server (the link's own host may be the server's
 * public name, unreachable from here) and checked against its MD5.
 */
export async function fetchZip(api: PagewrightClient, siteId: string, download: Schemas['Download']): Promise<Buffer> {
  const token = download.url.split('/').pop() ?? '';
  const result = await api.GET('/sites/{siteId}/export/{token}', { params: { path: { siteId, token } }, parseAs: 'arrayBuffer' });
  if (!result.response.ok || !result.data) throw apiFailure(result.error, result.response);
  const bytes = Buffer.from(result.data);
  if (md5(bytes) !== download.md5)
    throw new CliError(`the downloaded zip does not match its md5 (${md5(bytes)}, expected ${download.md5})`);
  return bytes;
}

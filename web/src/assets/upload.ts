import type { ApiError } from '@pagewright/sdk';
import { reportError, requestHeaders } from '../lib/api.ts';
import { messages } from '../lib/messages.ts';
import type { Outcome } from '../lib/store/request.ts';
import type { SiteFile } from './files.ts';

/**
 * POST /sites/{siteId}/files (operation uploadFiles) with upload progress. fetch cannot report how
 * much of a request body has been sent, so this one call goes through XMLHttpRequest; it sends what the
 * SDK's middleware sends (session, client version), reads errors as the SDK does, and hands them to the
 * same handler (401 signs out, 426 reloads). It answers like an SDK call: `{ data }` or `{ error }`.
 */
export function uploadFiles(
  siteId: string,
  files: readonly File[],
  { overwrite = false, onProgress }: { overwrite?: boolean; onProgress?(sent: number, total: number): void } = {},
): Promise<Outcome<SiteFile[]>> {
  const form = new FormData();
  files.forEach((file, i) => form.append(`file${i}`, file, file.name));
  if (overwrite) form.append('overwrite', 'true');
  const url = `${window.location.origin}/api/sites/${encodeURIComponent(siteId)}/files`;

  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    for (const [name, value] of Object.entries(requestHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded, event.total);
    };
    xhr.onload = () => {
      const response = new Response(xhr.responseText, {
        status: xhr.status,
        headers: { 'content-type': xhr.getResponseHeader('content-type') ?? 'application/json' },
      });
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve({ data: JSON.parse(xhr.responseText) as SiteFile[] });
        } catch {
          resolve({ error: { error: messages.networkError, status: xhr.status, code: 'HTTP_ERROR' } });
        }
        return;
      }
      const error = readError(xhr.responseText, xhr.status, xhr.statusText);
      // A Response made here has no url of its own; the handler reads it (the two-factor exception).
      Object.defineProperty(response, 'url', { value: xhr.responseURL || url });
      reportError(error, response);
      resolve({ error });
    };
    xhr.onerror = () => resolve({ error: { error: messages.networkError, status: 0, code: 'NETWORK_ERROR' } });
    xhr.send(form);
  });
}

/** The error body of an answer, as the SDK reads it (JSON `{ error, status, code, info }`, else the text). */
function readError(text: string, status: number, statusText: string): ApiError {
  try {
    const body = JSON.parse(text) as Partial<ApiError>;
    if (typeof body.error === 'string' && typeof body.code === 'string')
      return { error: body.error, status: body.status ?? status, code: body.code, info: body.info };
  } catch {
    // not JSON: a proxy answered
  }
  return { error: text || statusText || 'Request failed', status, code: 'HTTP_ERROR' };
}

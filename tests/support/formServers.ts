import http from 'node:http';
import type { AddressInfo } from 'node:net';

interface Recorded {
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
}

async function serve(handler: (req: http.IncomingMessage, body: Record<string, unknown>, res: http.ServerResponse) => void) {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString() || '{}') as Record<string, unknown>;
      } catch {
        // answered below as the handler sees fit
      }
      handler(req, body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const json = (res: http.ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));

/**
 * A local Botpoison: `POST /verify` with `{ secretKey, solution }` answers `{ ok }` as Botpoison
 * does. A solution is good when it is in `good` and the key is `secretKey`; `down` answers 503.
 */
export async function botpoisonServer(secretKey: string) {
  const state = { good: new Set<string>(['solved-by-the-browser']), down: false, calls: [] as Recorded[] };
  const server = await serve((req, body, res) => {
    if (req.method !== 'POST' || req.url !== '/verify') return json(res, 404, { ok: false, message: 'Not found' });
    state.calls.push({ headers: req.headers, body });
    if (state.down) return json(res, 503, { ok: false, message: 'Unavailable' });
    const ok = body.secretKey === secretKey && typeof body.solution === 'string' && state.good.has(body.solution);
    return json(res, ok ? 200 : 400, ok ? { ok: true } : { ok: false, message: 'Invalid solution' });
  });
  return { ...server, state };
}

/**
 * A local OpenAI-compatible Chat Completions API: `POST /chat/completions` answers
 * `{ choices: [{ message: { role, content } }] }` with what `reply` makes of the request, or
 * `{ error: { message } }` with `fail`'s status.
 */
export async function chatServer() {
  const state = {
    calls: [] as Recorded[],
    reply: (_body: Record<string, unknown>): string => 'An improved text.',
    fail: null as null | { status: number; message: string },
  };
  const server = await serve((req, body, res) => {
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') return json(res, 404, { error: { message: 'Unknown path' } });
    state.calls.push({ headers: req.headers, body });
    if (state.fail) return json(res, state.fail.status, { error: { message: state.fail.message, type: 'invalid_request_error' } });
    return json(res, 200, {
      id: 'chatcmpl-1',
      object: 'chat.completion',
      model: body.model,
      choices: [{ index: 0, message: { role: 'assistant', content: state.reply(body) }, finish_reason: 'stop' }],
    });
  });
  return { ...server, url: `${server.url}/v1`, state };
}

/**
 * A local hCaptcha or reCAPTCHA (the same protocol): `POST /siteverify` with a form body of `secret`
 * and `response` answers `{ success, "error-codes" }` as they do (200 either way). A token is good
 * when it is in `good` and the secret is `secret`; `down` answers 503.
 */
export async function siteverifyServer(secret: string) {
  const state = {
    good: new Set<string>(['token-from-the-widget']),
    down: false,
    calls: [] as { headers: http.IncomingHttpHeaders; form: Record<string, string> }[],
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/siteverify') return json(res, 404, { success: false, 'error-codes': ['not-found'] });
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString()));
      state.calls.push({ headers: req.headers, form });
      if (state.down) return json(res, 503, { success: false });
      if (form.secret !== secret) return json(res, 200, { success: false, 'error-codes': ['invalid-input-secret'] });
      const ok = typeof form.response === 'string' && state.good.has(form.response);
      return json(
        res,
        200,
        ok ? { success: true, hostname: 'www.bistro.example' } : { success: false, 'error-codes': ['invalid-input-response'] },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

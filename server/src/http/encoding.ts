import type { IncomingMessage } from 'node:http';
import zlib from 'node:zlib';
import type { Request, Response } from 'express';
import Negotiator from 'negotiator';

/** Negotiator 1's `preferred` option (its types predate it): the server's order among equally wanted encodings. */
type Negotiating = { encoding(available: readonly string[], options: { preferred: readonly string[] }): string | undefined };

/** Negotiations already made, by the encodings offered and the Accept-Encoding asked (clients send a handful of values). */
const negotiated = new Map<string, string>();

/**
 * The encoding of `offered` (in the server's order of preference) the client takes, or 'identity'.
 * Browsers list gzip first with the same weight as br; the server's order decides then.
 */
export function preferredEncoding(req: IncomingMessage, offered: readonly string[]): string {
  const key = `${offered.join(',')};${req.headers['accept-encoding'] ?? ''}`;
  let chosen = negotiated.get(key);
  if (chosen === undefined) {
    chosen = (new Negotiator(req) as unknown as Negotiating).encoding(offered, { preferred: offered }) ?? 'identity';
    if (negotiated.size >= 1024) negotiated.clear();
    negotiated.set(key, chosen);
  }
  return chosen;
}

/** What a JSON answer may be sent as, best first (the compression middleware's choice: br at quality 4, then gzip). */
const JSON_ENCODINGS = ['br', 'gzip', 'deflate', 'identity'] as const;
/** Answers shorter than this are sent as they are (the compression middleware's threshold). */
const COMPRESS_FROM = 1024;
/** Up to this size an answer is compressed on this thread (well under a millisecond); a larger one on libuv's pool. */
const ON_THREAD_UP_TO = 64 * 1024;

const brotli = (size: number): zlib.BrotliOptions => ({
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size },
});

function compressNow(encoding: string, input: Buffer): Buffer {
  if (encoding === 'br') return zlib.brotliCompressSync(input, brotli(input.length));
  return encoding === 'gzip' ? zlib.gzipSync(input) : zlib.deflateSync(input);
}

function compressLater(encoding: string, input: Buffer, done: (error: Error | null, body: Buffer) => void): void {
  if (encoding === 'br') zlib.brotliCompress(input, brotli(input.length), done);
  else if (encoding === 'gzip') zlib.gzip(input, done);
  else zlib.deflate(input, done);
}

/**
 * Ends a response with a body the server holds whole (a JSON answer), compressed in one call when the
 * client takes it. The compression middleware would pipe it through a zlib stream made for this one
 * response, with the stream's objects and its native state left to the garbage collector: a 20 kB
 * page of items cost more to compress that way than to make (stop 49, tests/bench/RESULTS.md). The
 * middleware passes an answer that has its Content-Encoding. `bodies`: the compressed forms of a kept
 * answer (core/json-text.ts), used when there and filled when not.
 */
export function endWhole(req: Request, res: Response, text: string, bodies?: Map<string, Buffer>): void {
  const encoding = text.length >= COMPRESS_FROM && req.method !== 'HEAD' ? preferredEncoding(req, JSON_ENCODINGS) : 'identity';
  if (encoding === 'identity') {
    res.setHeader('Content-Length', Buffer.byteLength(text));
    res.end(text);
    return;
  }
  const send = (body: Buffer) => {
    res.setHeader('Content-Encoding', encoding);
    res.setHeader('Content-Length', body.length);
    res.end(body);
  };
  res.vary('Accept-Encoding');
  const made = bodies?.get(encoding);
  if (made) return send(made);
  const input = Buffer.from(text);
  if (input.length <= ON_THREAD_UP_TO) {
    const body = compressNow(encoding, input);
    bodies?.set(encoding, body);
    return send(body);
  }
  compressLater(encoding, input, (error, body) => {
    if (!error) {
      bodies?.set(encoding, body);
      return send(body);
    }
    // zlib failed (out of memory): the answer as it is.
    res.setHeader('Content-Length', input.length);
    res.end(input);
  });
}

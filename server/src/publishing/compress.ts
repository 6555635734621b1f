import zlib from 'node:zlib';

/**
 * The brotli (q9) and gzip (9) copies of a deploy's text files. They are made in the publish's compile
 * thread (compile-worker.ts), which runs at a lower CPU priority than the thread answering visitors
 * (issue 31: a hosted page's p99 during a publish), so they are made there at once, synchronously.
 */

const QUALITY = 9;
const brotliOptions = (length: number): zlib.BrotliOptions => ({
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: length },
});
const GZIP: zlib.ZlibOptions = { level: 9 };

/** The copies of a file's bytes, made on the calling thread (the compile thread, off the event loop). */
export function compressNow(bytes: Buffer): { br: Buffer; gz: Buffer } {
  return { br: zlib.brotliCompressSync(bytes, brotliOptions(bytes.length)), gz: zlib.gzipSync(bytes, GZIP) };
}

import { type Readable } from 'node:stream';
import busboy from 'busboy';
import type { IncomingHttpHeaders } from 'node:http';
import { invalid, type AppError } from '../core/errors.js';

export interface MultipartFile {
  field: string;
  filename: string;
  data: Buffer;
  /** Longer than `maxFileBytes`: cut short. */
  truncated: boolean;
}

export interface MultipartField {
  name: string;
  value: string;
  /** Longer than `maxFieldBytes` (or its name too long): cut short. */
  truncated: boolean;
}

export interface Multipart {
  files: MultipartFile[];
  /** In the order sent; a name sent twice appears twice. */
  fields: MultipartField[];
  /** More parts, files or fields were sent than the limits allow; the rest were not read. */
  overLimit: boolean;
}

export interface MultipartLimits {
  maxFiles: number;
  maxFileBytes: number;
  maxFields: number;
  maxFieldBytes: number;
}

/**
 * The one multipart/form-data reader (uploads and form posts). Reads a request or a buffered body
 * into memory with busboy within `limits`: one file and one byte more than allowed are read, so a
 * file of exactly the limit is whole and one over it is known to be over. Every parser failure (a
 * malformed header, a truncated body, a part that never ends) answers `malformed`: an error the
 * caller chose, never an unhandled `error` event that would stop the process.
 */
export function readMultipart(
  source: Readable | Buffer,
  headers: IncomingHttpHeaders,
  limits: MultipartLimits,
  malformed: () => AppError,
): Promise<Multipart> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers,
        defParamCharset: 'utf8',
        // The name as sent, so `../x.png` is refused rather than quietly cut to `x.png`.
        preservePath: true,
        limits: {
          files: limits.maxFiles + 1,
          fileSize: limits.maxFileBytes + 1,
          fields: limits.maxFields + 1,
          fieldSize: limits.maxFieldBytes + 1,
          parts: limits.maxFiles + limits.maxFields + 2,
        },
      });
    } catch {
      reject(malformed());
      return;
    }
    const result: Multipart = { files: [], fields: [], overLimit: false };
    let settled = false;
    const fail = () => {
      if (settled) return;
      settled = true;
      if (Buffer.isBuffer(source)) return reject(malformed());
      // Stop reading the rest of a request that has already failed.
      source.unpipe(parser);
      source.resume();
      reject(malformed());
    };
    parser.on('file', (field, stream, info) => {
      const chunks: Buffer[] = [];
      const file: MultipartFile = { field, filename: info.filename ?? '', data: Buffer.alloc(0), truncated: false };
      result.files.push(file);
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => {
        file.truncated = true;
      });
      // A body cut off inside a file fails the file's stream as well as the parser.
      stream.on('error', fail);
      stream.on('end', () => {
        file.data = Buffer.concat(chunks);
      });
    });
    parser.on('field', (name, value, info) => {
      result.fields.push({ name, value, truncated: info.valueTruncated || info.nameTruncated });
    });
    for (const event of ['partsLimit', 'filesLimit', 'fieldsLimit'] as const) {
      parser.on(event, () => {
        result.overLimit = true;
      });
    }
    parser.on('error', fail);
    parser.on('close', () => {
      if (settled) return;
      settled = true;
      resolve(result);
    });
    if (Buffer.isBuffer(source)) {
      parser.end(source);
    } else {
      source.on('error', fail);
      source.pipe(parser);
    }
  });
}

/** The 400 of an upload whose body could not be read. */
export const malformedUpload = (message: string) => () => invalid('file0', message, 'FILE_REQUIRED');

import busboy from 'busboy';
import type { Request } from 'express';
import { invalid } from '../errors.js';
import { messages } from '../messages.js';

export interface MultipartFile {
  field: string;
  filename: string;
  data: Buffer;
  /** Longer than `maxFileBytes`: cut short. */
  truncated: boolean;
}

export interface Multipart {
  files: MultipartFile[];
  fields: Record<string, string>;
}

/**
 * Reads a multipart/form-data body into memory with busboy, within limits: at most `maxFiles`
 * files (one more is read to tell that there were too many) of at most `maxFileBytes` each (one
 * byte more is read, so a file of exactly the limit is whole).
 */
export function readMultipart(req: Request, limits: { maxFiles: number; maxFileBytes: number }): Promise<Multipart> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        defParamCharset: 'utf8',
        // The name as sent, so `../x.png` is refused rather than quietly cut to `x.png`.
        preservePath: true,
        limits: { files: limits.maxFiles + 1, fileSize: limits.maxFileBytes + 1, fields: 20, fieldSize: 1024, parts: limits.maxFiles + 21 },
      });
    } catch {
      return reject(invalid('file0', messages.fileRequired, 'FILE_REQUIRED'));
    }
    const files: MultipartFile[] = [];
    const fields: Record<string, string> = {};
    parser.on('file', (field, stream, info) => {
      const chunks: Buffer[] = [];
      const file: MultipartFile = { field, filename: info.filename ?? '', data: Buffer.alloc(0), truncated: false };
      files.push(file);
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => {
        file.truncated = true;
      });
      stream.on('end', () => {
        file.data = Buffer.concat(chunks);
      });
    });
    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    parser.on('close', () => resolve({ files, fields }));
    parser.on('error', () => reject(invalid('file0', messages.fileRequired, 'FILE_REQUIRED')));
    req.pipe(parser);
  });
}

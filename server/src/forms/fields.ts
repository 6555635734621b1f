import { AppError, invalid, invalidJson } from '../core/errors.js';
import { readMultipart } from '../http/multipart.js';
import { messages } from '../core/messages.js';

/** The fields of a post, in the order sent; a name sent more than once keeps every value. */
export type FormFields = Map<string, string[]>;

/** A contact form is small: the whole body is bounded before it is read (413 beyond). */
export const FORM_BODY_LIMIT = '100kb';
const MAX_FIELDS = 100;
const MAX_VALUE = 10_000;
const MAX_NAME = 100;

function add(fields: FormFields, name: string, value: string): void {
  if (name.length > MAX_NAME || value.length > MAX_VALUE) throw invalid(name.slice(0, MAX_NAME), messages.formFieldInvalid(MAX_VALUE));
  const list = fields.get(name);
  if (list) list.push(value);
  else fields.set(name, [value]);
  if (fields.size > MAX_FIELDS) throw invalid(name, messages.formTooManyFields(MAX_FIELDS));
}

function fromJson(raw: Buffer): FormFields {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.toString('utf8'));
  } catch {
    throw invalidJson();
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw invalid('body', messages.formBodyInvalid);
  const fields: FormFields = new Map();
  const scalar = (name: string, v: unknown): string => {
    if (typeof v === 'string') return v;
    if (typeof v === 'number' || typeof v === 'boolean') return String(v);
    throw invalid(name, messages.formBodyInvalid);
  };
  for (const [name, value] of Object.entries(parsed)) {
    if (value === null || value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) add(fields, name, scalar(name, v));
    else add(fields, name, scalar(name, value));
  }
  return fields;
}

/** What a browser sends for `enctype="text/plain"`: `name=value` lines. */
function fromText(raw: Buffer): FormFields {
  const fields: FormFields = new Map();
  for (const line of raw.toString('utf8').split(/\r?\n/)) {
    if (!line) continue;
    const at = line.indexOf('=');
    if (at > 0) add(fields, line.slice(0, at), line.slice(at + 1));
  }
  return fields;
}

/**
 * Fields only: a chosen file is refused (a form submission is text stored in the database and
 * forwarded by mail; files belong in the asset library). The empty part a browser sends for a
 * file input left empty is ignored.
 */
async function fromMultipart(raw: Buffer, contentType: string): Promise<FormFields> {
  const body = await readMultipart(
    raw,
    { 'content-type': contentType },
    { maxFiles: 20, maxFileBytes: raw.length, maxFields: MAX_FIELDS * 4, maxFieldBytes: MAX_VALUE * 4 },
    () => invalid('body', messages.formBodyInvalid),
  );
  const file = body.files.find((f) => f.data.length > 0 || f.filename);
  if (file) throw invalid(file.field, messages.formFileRefused, 'FORM_FILE');
  if (body.overLimit) throw invalid('body', messages.formTooManyFields(MAX_FIELDS));
  const fields: FormFields = new Map();
  for (const { name, value, truncated } of body.fields) {
    if (truncated) throw invalid(name, messages.formFieldInvalid(MAX_VALUE));
    add(fields, name, value);
  }
  return fields;
}

/** The fields of a form post by its content type; 415 for a type a form does not send. */
export async function readFields(contentType: string | undefined, raw: unknown): Promise<FormFields> {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  const bytes = Buffer.isBuffer(raw) ? raw : Buffer.alloc(0);
  switch (type) {
    case 'application/x-www-form-urlencoded': {
      const fields: FormFields = new Map();
      for (const [name, value] of new URLSearchParams(bytes.toString('utf8'))) add(fields, name, value);
      return fields;
    }
    case 'multipart/form-data':
      return fromMultipart(bytes, contentType!);
    case 'application/json':
      return fromJson(bytes);
    case 'text/plain':
      return fromText(bytes);
    default:
      throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', messages.formContentType);
  }
}

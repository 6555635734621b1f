import { invalid } from '../core/errors.js';
import { messages } from '../core/messages.js';
import { stripTags } from '../core/validation.js';

const MAX_NAME_LENGTH = 120;

/**
 * Letters, digits and marks of any script, spaces, dots, hyphens, underscores and brackets. No
 * slash, backslash, percent sign, colon or control character can appear, so neither `../x`,
 * `..%2fx`, `/etc/passwd` nor `C:\x` is a name. A name is never a storage key (keys are random),
 * but it travels in URLs, and in file systems when a site is compiled.
 */
const STEM = /^[\p{L}\p{N}\p{M}_()-][\p{L}\p{N}\p{M} ._()+,-]*$/u;
const EXTENSION = /\.[A-Za-z0-9]{1,8}$/;

export const hasExtension = (name: string): boolean => EXTENSION.test(name);

/**
 * A file name as users write it (NFC, trimmed), or 400 naming `field`. With `extension: 'optional'`
 * a bare stem passes too (URL import adds the extension of the type it finds).
 */
export function fileName(value: unknown, field: string, extension: 'required' | 'optional' = 'required'): string {
  if (typeof value !== 'string') throw invalid(field, messages.fileNameInvalid, 'FILE_NAME');
  const name = value.normalize('NFC').trim();
  const ok =
    name.length > 0 &&
    name.length <= MAX_NAME_LENGTH &&
    STEM.test(name) &&
    !name.includes('..') &&
    (extension === 'optional' || hasExtension(name));
  if (!ok) throw invalid(field, messages.fileNameInvalid, 'FILE_NAME');
  return name;
}

export const MAX_TAGS = 20;
const MAX_TAG_LENGTH = 40;

/**
 * A file's tags (spec 002 §3 File `tags`): each trimmed, tags stripped, at most 40 characters and not
 * empty; the same tag twice (in any case) is kept once, in the order given; at most 20.
 */
export function fileTags(value: unknown, field = 'tags'): string[] {
  if (!Array.isArray(value)) throw invalid(field, messages.fileTagsInvalid, 'FILE_TAGS');
  const tags = new Map<string, string>();
  for (const raw of value) {
    if (typeof raw !== 'string') throw invalid(field, messages.fileTagsInvalid, 'FILE_TAGS');
    const tag = stripTags(raw.normalize('NFC')).replace(/\s+/g, ' ').trim();
    if (tag.length === 0 || tag.length > MAX_TAG_LENGTH) throw invalid(field, messages.fileTagsInvalid, 'FILE_TAGS');
    if (!tags.has(tag.toLowerCase())) tags.set(tag.toLowerCase(), tag);
  }
  if (tags.size > MAX_TAGS) throw invalid(field, messages.fileTagsTooMany(MAX_TAGS), 'FILE_TAGS');
  return [...tags.values()];
}

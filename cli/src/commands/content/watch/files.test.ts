import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import matter from 'gray-matter';
import { describe, expect, it } from 'vitest';
import type { Field } from '../../../lib/content.js';
import { isContentFile, itemOfFile, readChanged } from './files.js';

const FIELDS: Field[] = [
  { id: 'slug', name: 'Slug', type: 'slug' },
  { id: 'views', name: 'Views', type: 'number' },
  { id: 'date', name: 'Date', type: 'date' },
];
const opts = { key: 'slug', bodyField: 'content' };

describe('a file as an item', () => {
  it("takes a JSON object's values, the key from the file name, text read as the field type", () => {
    expect(itemOfFile(matter, '/posts/hello.json', '{"views":"12","slug":"other"}', FIELDS, opts)).toEqual({ views: 12, slug: 'hello' });
  });

  it("takes a Markdown file's front matter with its body in the body field, dates as the server stores them", () => {
    const text = '---\ntitle: Hello\ndate: 2024-05-01\n---\n\n# Hi\n\nThere.\n';
    expect(itemOfFile(matter, 'posts/hello.md', text, FIELDS, opts)).toEqual({
      title: 'Hello',
      date: '2024-05-01',
      content: '# Hi\n\nThere.',
      slug: 'hello',
    });
  });

  it('says why a file is no item', () => {
    expect(() => itemOfFile(matter, 'a.json', '[1]', FIELDS, opts)).toThrow('not a JSON object');
    expect(() => itemOfFile(matter, 'a.json', '{', FIELDS, opts)).toThrow(/^not valid JSON: /);
    expect(() => itemOfFile(matter, 'a.md', '---\nx: [\n---\n', FIELDS, opts)).toThrow(/^front matter is not valid YAML: /);
  });

  it('is only made of .json and .md files that are not hidden', () => {
    expect(['a.json', 'b.MD', 'c.markdown', '.d.md', 'e.txt'].map(isContentFile)).toEqual([true, true, true, false, false]);
  });
});

describe('reading the files that changed', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-watch-'));
  const write = (name: string, text: string) => {
    fs.writeFileSync(path.join(dir, name), text);
    return path.join(dir, name);
  };
  const toItem = (file: string, text: string) => itemOfFile(matter, file, text, FIELDS, opts);

  it('answers a file again only when its content changed', () => {
    const file = write('one.json', '{"views":1}');
    const hashes = new Map<string, string>();
    const first = readChanged([file], hashes, toItem).ready;
    expect(first.map((r) => r.item)).toEqual([{ views: 1, slug: 'one' }]);
    hashes.set(file, first[0]!.hash);
    expect(readChanged([file], hashes, toItem).ready).toEqual([]);
    write('one.json', '{"views":2}');
    expect(readChanged([file], hashes, toItem).ready.map((r) => r.item)).toEqual([{ views: 2, slug: 'one' }]);
  });

  it('rejects a file that is no item once, until it changes', () => {
    const file = write('broken.json', '{');
    const hashes = new Map<string, string>();
    expect(readChanged([file], hashes, toItem).rejected).toEqual([{ file, message: expect.stringMatching(/^not valid JSON/) as string }]);
    expect(readChanged([file], hashes, toItem).rejected).toEqual([]);
  });

  it('leaves out a file that is gone before it could be read', () => {
    expect(readChanged([path.join(dir, 'gone.json')], new Map(), toItem)).toEqual({ ready: [], rejected: [] });
  });
});

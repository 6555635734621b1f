import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { contentSite } from './content.js';
import { BIN, removeCliUsers, type CliUser } from './run.js';

// Every test runs the CLI as several processes; on a shared 2-core machine that takes a while.
let t: TestServer;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-cli-watch-'));
const children: ChildProcess[] = [];
beforeAll(async () => {
  t = await startTestServer();
});
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});
afterAll(async () => {
  removeCliUsers();
  fs.rmSync(work, { recursive: true, force: true });
  await t.close();
});

/** `pagewright content watch` as a running process: its output so far, a wait for a line, Ctrl-C. */
function startWatch(cli: CliUser, args: string[]) {
  const env = { ...process.env, ...cli.env };
  for (const key of Object.keys(env)) if (key.startsWith('PAGEWRIGHT_') && !(key in cli.env)) delete env[key];
  const child = spawn(process.execPath, [BIN, 'content', 'watch', ...args], { env, stdio: 'pipe' });
  children.push(child);
  const out = { stdout: '', stderr: '' };
  child.stdout.on('data', (chunk: Buffer) => (out.stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (out.stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return {
    out,
    exited,
    async waitFor(what: 'stdout' | 'stderr', text: string | RegExp, ms = 20_000) {
      const started = Date.now();
      while (!(typeof text === 'string' ? out[what].includes(text) : text.test(out[what]))) {
        if (Date.now() - started > ms || child.exitCode !== null) throw new Error(`no ${String(text)} in ${what}: ${JSON.stringify(out)}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    interrupt: () => child.kill('SIGINT'),
  };
}

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, ms = 20_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() - started > ms) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function postSite() {
  const s = await contentSite(t);
  await s.collection('posts', [
    { name: 'title', type: 'text' },
    { name: 'slug', type: 'slug' },
    { name: 'date', type: 'date' },
    { name: 'views', type: 'number' },
    { name: 'content', type: 'richtext' },
  ]);
  const dir = fs.mkdtempSync(path.join(work, 'posts-'));
  return { ...s, dir, args: [dir, '--site', s.siteId, '-c', 'posts', '--debounce', '100'] };
}

describe('content watch', () => {
  it('syncs the files at start, then sends each new or changed file once, and exits 0 on Ctrl-C', async () => {
    const s = await postSite();
    fs.writeFileSync(path.join(s.dir, 'hello.md'), '---\ntitle: Hello\ndate: 2026-03-05\nviews: "12"\n---\n\n# Hello\n\nFirst post.\n');
    fs.writeFileSync(path.join(s.dir, 'about.json'), JSON.stringify({ title: 'About', views: 3 }));
    fs.writeFileSync(path.join(s.dir, 'notes.txt'), 'not content');
    const w = startWatch(s.cli, s.args);
    await w.waitFor('stderr', 'Watching ');
    expect(w.out.stderr).toContain('Synced 2 files to posts: 2 created, 0 updated, 0 unchanged, 0 rejected\n');
    const first = await s.items('posts');
    expect(first.find((i) => i.slug === 'hello')).toMatchObject({
      title: 'Hello',
      date: '2026-03-05',
      views: 12,
      content: '# Hello\n\nFirst post.',
    });
    expect(first.find((i) => i.slug === 'about')).toMatchObject({ title: 'About', views: 3 });

    fs.writeFileSync(path.join(s.dir, 'new-post.md'), '---\ntitle: New\n---\nBody\n');
    await w.waitFor('stdout', /created\tnew-post #\d+\tnew-post\.md\n/);
    fs.writeFileSync(path.join(s.dir, 'hello.md'), '---\ntitle: Hello again\n---\nChanged.\n');
    await w.waitFor('stdout', 'updated\thello #');
    const items = await until(
      () => s.items('posts'),
      (list) => list.length === 3,
    );
    expect(items.find((i) => i.slug === 'hello')).toMatchObject({ title: 'Hello again', content: 'Changed.' });
    expect(items.find((i) => i.slug === 'new-post')).toMatchObject({ title: 'New', content: 'Body' });

    // The same bytes written again are not sent.
    fs.writeFileSync(path.join(s.dir, 'hello.md'), '---\ntitle: Hello again\n---\nChanged.\n');
    fs.writeFileSync(path.join(s.dir, 'about.json'), JSON.stringify({ title: 'About us', views: 3 }));
    await w.waitFor('stdout', 'updated\tabout #');
    expect(w.out.stdout.match(/hello\.md/g)).toHaveLength(1);

    w.interrupt();
    expect(await w.exited).toBe(0);
    expect(w.out.stderr).toContain('Stopped watching\n');
  });

  it('keeps the item of a removed file unless --delete, and reports a rejected file without stopping', async () => {
    const s = await postSite();
    fs.writeFileSync(path.join(s.dir, 'a.json'), JSON.stringify({ title: 'A' }));
    fs.writeFileSync(path.join(s.dir, 'b.json'), JSON.stringify({ title: 'B' }));
    const w = startWatch(s.cli, [...s.args, '--delete', '--json']);
    await w.waitFor('stderr', 'Watching ');
    fs.rmSync(path.join(s.dir, 'a.json'));
    await w.waitFor('stdout', '"action":"deleted"');
    expect((await s.items('posts')).map((i) => i.slug)).toEqual(['b']);
    fs.writeFileSync(path.join(s.dir, 'c.json'), JSON.stringify({ title: 'C', views: 'many' }));
    await w.waitFor('stdout', '"action":"rejected"');
    const lines = w.out.stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toEqual([
      { action: 'deleted', file: 'a.json', key: 'a', itemId: 1 },
      { action: 'rejected', file: 'c.json', key: 'c', errors: [{ field: 'views', message: 'Must be a number' }] },
    ]);
    w.interrupt();
    expect(await w.exited).toBe(0);

    const keep = startWatch(s.cli, s.args);
    await keep.waitFor('stderr', 'Watching ');
    fs.rmSync(path.join(s.dir, 'b.json'));
    await keep.waitFor('stdout', 'kept\tb\tb.json\n');
    expect((await s.items('posts')).map((i) => i.slug)).toEqual(['b']);
    keep.interrupt();
    expect(await keep.exited).toBe(0);
  });

  it('exits 1 when the key field is missing, before watching', async () => {
    const s = await postSite();
    const w = startWatch(s.cli, [...s.args, '--key', 'handle']);
    expect(await w.exited).toBe(1);
    expect(w.out.stderr).toBe(
      `error: the collection posts has no field handle to hold the file names\nAdd it (pagewright fields add handle --type slug -c posts) or pick another with --key\n`,
    );
  });
});

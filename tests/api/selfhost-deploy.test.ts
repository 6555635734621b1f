import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';

// The production recipe (issue 17 item 5). These machines cannot build images, so the recipe is
// checked against what it must agree with: the server's configuration and the README.
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');
const dockerfile = read('deploy/Dockerfile');
const compose = YAML.parse(read('deploy/compose.yaml')) as {
  services: Record<string, { environment?: Record<string, string>; build?: { context: string; dockerfile: string } }>;
};

/** Every environment variable server/src/config.ts reads (`str(env, 'NAME')`, `int(env, 'NAME', …)`…). */
const configVariables = new Set([...read('server/src/config.ts').matchAll(/\(env, '([A-Z][A-Z0-9_]*)'/g)].map((m) => m[1]!));

/** A Dockerfile's instructions, continuation lines joined. */
const instructions = dockerfile
  .replace(/\\\n/g, ' ')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith('#'));
const stages = instructions.filter((line) => /^FROM /.test(line));
const finalStage = instructions.slice(instructions.lastIndexOf(stages.at(-1)!));

/** The npm and node commands the Dockerfile runs (RUN split on &&, and CMD). */
function dockerCommands(): string[] {
  return instructions
    .flatMap((line) => {
      if (line.startsWith('RUN '))
        return line
          .slice(4)
          .split('&&')
          .map((c) => c.trim());
      if (line.startsWith('CMD ')) return [(JSON.parse(line.slice(4)) as string[]).join(' ')];
      return [];
    })
    .filter((command) => /^(npm|node) /.test(command));
}

describe('deploy/compose.yaml', () => {
  it('gives Pagewright only variables that server/src/config.ts reads', () => {
    const env = Object.keys(compose.services.pagewright!.environment ?? {});
    expect(env.length).toBeGreaterThan(5);
    expect(env.filter((name) => !configVariables.has(name))).toEqual([]);
  });

  it('runs Pagewright on PostgreSQL, Redis and an S3-compatible store built from deploy/Dockerfile', () => {
    const env = compose.services.pagewright!.environment!;
    expect(env.DATABASE_URL).toMatch(/^postgres:\/\/.*@postgres:5432\//);
    expect(env.REDIS_URL).toBe('redis://redis:6379');
    expect(env.STORAGE_URL).toMatch(/^s3:\/\/[a-z0-9-]+\/.*endpoint=http:\/\/minio:9000/);
    expect(env.SECRET_KEY).toMatch(/^\$\{SECRET_KEY:\?/);
    expect(Object.keys(compose.services)).toEqual(expect.arrayContaining(['postgres', 'redis', 'minio', 'proxy']));
    expect(compose.services.pagewright!.build).toEqual({ context: '..', dockerfile: 'deploy/Dockerfile' });
  });
});

describe('deploy/Dockerfile', () => {
  it('is multi-stage and its final stage installs production dependencies only, runs as non-root and checks /api/health', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    expect(instructions).toContain('RUN npm ci --omit=dev');
    expect(finalStage.some((line) => /^USER (?!root\b)\w+/.test(line))).toBe(true);
    expect(finalStage.find((line) => line.startsWith('HEALTHCHECK'))).toContain('/api/health');
    expect(finalStage.filter((line) => /^RUN npm ci\b(?! --omit=dev)/.test(line))).toEqual([]);
    expect(finalStage.at(-1)).toBe('CMD ["node", "server/dist/main.js"]');
  });

  it("runs the README's deploy commands, the same ones", () => {
    const readme = read('README.md');
    const section = readme.slice(readme.indexOf('## Deploying'));
    const block = /```sh\n([\s\S]*?)```/.exec(section)![1]!.trim().split('\n');
    expect([...new Set(dockerCommands())]).toEqual(block);
  });

  it('builds with the scripts package.json has', () => {
    const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;
    expect(scripts.build).toBeDefined();
  });
});

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The CLI as `npx pagewright` runs it: the workspace bin, through tsx. */
export const BIN = fileURLToPath(new URL('../../cli/bin/pagewright.js', import.meta.url));
export const CLI_VERSION = (JSON.parse(fs.readFileSync(new URL('../../cli/package.json', import.meta.url), 'utf8')) as { version: string })
  .version;

export type Env = Record<string, string | undefined>;

export interface Result {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  env?: Env;
  /** Written to stdin, which is then closed. */
  input?: string;
  /** The working folder of the run (default: the runner's). */
  cwd?: string;
}

/** The environment of a run: none of the runner's PAGEWRIGHT_* or colour settings leak in. */
function cleanEnv(env: Env): NodeJS.ProcessEnv {
  const base = Object.fromEntries(
    Object.entries(process.env).filter(
      ([key]) => !key.startsWith('PAGEWRIGHT_') && !['NO_COLOR', 'FORCE_COLOR', 'XDG_CONFIG_HOME'].includes(key),
    ),
  );
  const merged: NodeJS.ProcessEnv = { ...base };
  for (const [key, value] of Object.entries(env)) {
    if (value === undefined) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

/** Runs `node cli/bin/pagewright.js ...args` as its own process, stdin/stdout/stderr as pipes (no terminal). */
export function runCli(args: string[], options: RunOptions = {}): Promise<Result> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { env: cleanEnv(options.env ?? {}), stdio: 'pipe', cwd: options.cwd });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(options.input ?? '');
  });
}

const quote = (arg: string) => `'${arg.replace(/'/g, `'\\''`)}'`;

export interface TerminalResult {
  code: number | null;
  /** Everything the terminal showed: stdout and stderr together, prompts and echo included. */
  screen: string;
}

/**
 * Runs the CLI on a pseudo-terminal (util-linux `script`), so stdin, stdout and stderr are TTYs.
 * Each answer is typed once its prompt has appeared on the screen, as a person would.
 */
export function runInTerminal(
  args: string[],
  options: { env?: Env; answers?: [prompt: string, keys: string][] } = {},
): Promise<TerminalResult> {
  const command = [process.execPath, BIN, ...args].map(quote).join(' ');
  return new Promise((resolve, reject) => {
    const child = spawn('script', ['-qefc', command, '/dev/null'], { env: cleanEnv({ TERM: 'xterm', ...options.env }), stdio: 'pipe' });
    const answers = [...(options.answers ?? [])];
    let screen = '';
    let seen = 0;
    const timer = setTimeout(() => child.kill(), 15_000);
    child.stdout.on('data', (chunk: Buffer) => {
      screen += chunk.toString();
      const next = answers[0];
      const at = next ? screen.indexOf(next[0], seen) : -1;
      if (next && at >= 0) {
        seen = at + next[0].length;
        answers.shift();
        // A short pause, as a person's: the prompt has switched the terminal to its mode by then.
        setTimeout(() => child.stdin.write(next[1]), 100);
      }
    });
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      child.stdin.destroy();
      resolve({ code, screen });
    });
  });
}

/** Someone at a terminal: their own config folder (and home, so nothing real is read). */
export interface CliUser {
  configDir: string;
  configFile: string;
  env: Env;
  run(args: string[], options?: RunOptions): Promise<Result>;
  runInTerminal(args: string[], answers?: [string, string][], env?: Env): Promise<TerminalResult>;
  /** The stored config, or null when there is no file. */
  stored(): { url?: string; token?: string } | null;
}

const homes: string[] = [];

/** Removes the folders of the users made so far; call it in afterAll. */
export function removeCliUsers(): void {
  for (const home of homes.splice(0)) fs.rmSync(home, { recursive: true, force: true });
}

export function cliUser(env: Env = {}): CliUser {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-cli-'));
  homes.push(home);
  const configDir = path.join(home, 'config');
  const configFile = path.join(configDir, 'config.json');
  const userEnv = { HOME: home, PAGEWRIGHT_CONFIG_DIR: configDir, ...env };
  return {
    configDir,
    configFile,
    env: userEnv,
    run: (args, options = {}) => runCli(args, { ...options, env: { ...userEnv, ...options.env } }),
    runInTerminal: (args, answers = [], extra = {}) => runInTerminal(args, { env: { ...userEnv, ...extra }, answers }),
    stored: () =>
      fs.existsSync(configFile) ? (JSON.parse(fs.readFileSync(configFile, 'utf8')) as { url?: string; token?: string }) : null,
  };
}

/** A user already logged in to `url` with `token`, as `pagewright login` leaves it. */
export function loggedIn(url: string, token: string, env: Env = {}): CliUser {
  const user = cliUser(env);
  fs.mkdirSync(user.configDir, { recursive: true });
  fs.writeFileSync(user.configFile, JSON.stringify({ url, token }), { mode: 0o600 });
  return user;
}

/** Tab-separated rows of plain output. */
export const rows = (stdout: string): string[][] =>
  stdout
    .trimEnd()
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split('\t'));

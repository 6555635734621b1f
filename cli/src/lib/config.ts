import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export type Env = Record<string, string | undefined>;

/** What `login` stores: one server and its session token. */
interface StoredConfig {
  url?: string;
  token?: string;
}

type TokenSource = 'PAGEWRIGHT_TOKEN' | 'PAGEWRIGHT_API_KEY' | 'config';

/** The settings a command runs with. */
export interface Config {
  /** The config file (it may not exist yet). */
  file: string;
  url: string;
  token: string | null;
  /** Where the token came from; null when there is none. */
  tokenSource: TokenSource | null;
  stored: StoredConfig;
  /** Replaces the stored config (mode 0600). */
  save(next: StoredConfig): void;
}

const DEFAULT_URL = 'http://localhost:8080';

/** The folder of config.json: $PAGEWRIGHT_CONFIG_DIR, else $XDG_CONFIG_HOME/pagewright, else ~/.config/pagewright. */
function configDir(env: Env): string {
  if (env.PAGEWRIGHT_CONFIG_DIR) return env.PAGEWRIGHT_CONFIG_DIR;
  const base = env.XDG_CONFIG_HOME || path.join(env.HOME || os.homedir(), '.config');
  return path.join(base, 'pagewright');
}

/** One spelling per server, so `http://host:8080/` and `http://host:8080/api` compare equal. */
function normalizeUrl(url: string): string {
  return url
    .trim()
    .replace(/\/+$/, '')
    .replace(/\/api$/, '');
}

/** A missing or unreadable file is an empty config: the user is simply not logged in. */
function readStored(file: string): StoredConfig {
  try {
    const parsed: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
    if (typeof parsed !== 'object' || parsed === null) return {};
    const { url, token } = parsed as Record<string, unknown>;
    return { ...(typeof url === 'string' ? { url } : {}), ...(typeof token === 'string' ? { token } : {}) };
  } catch {
    return {};
  }
}

/** Writes through a temporary file created 0600, so the token is never readable by others, even for a moment. */
function writeStored(file: string, next: StoredConfig): void {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const temp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temp, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600 });
  fs.chmodSync(temp, 0o600); // an existing temp file keeps its mode on write
  fs.renameSync(temp, file);
}

/**
 * Resolves the server and the token. `url` is --url or PAGEWRIGHT_URL (commander reads both); the
 * token variables win over the stored login. The stored token is only sent to the server that issued
 * it, so pointing the CLI elsewhere never leaks it.
 */
export function loadConfig(env: Env, url?: string): Config {
  const file = path.join(configDir(env), 'config.json');
  const stored = readStored(file);
  const server = normalizeUrl(url || stored.url || DEFAULT_URL);
  const sameServer = stored.url !== undefined && normalizeUrl(stored.url) === server;
  const [token, tokenSource]: [string | null, TokenSource | null] = env.PAGEWRIGHT_TOKEN
    ? [env.PAGEWRIGHT_TOKEN, 'PAGEWRIGHT_TOKEN']
    : env.PAGEWRIGHT_API_KEY
      ? [env.PAGEWRIGHT_API_KEY, 'PAGEWRIGHT_API_KEY']
      : stored.token && sameServer
        ? [stored.token, 'config']
        : [null, null];
  const config: Config = {
    file,
    url: server,
    token,
    tokenSource,
    stored,
    save(next) {
      writeStored(file, next);
      config.stored = next;
    },
  };
  return config;
}

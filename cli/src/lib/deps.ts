import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { createClient, type PagewrightClient } from '@pagewright/sdk';
import pkg from '../../package.json' with { type: 'json' };
import { loadConfig, type Config, type Env } from './config.js';
import { notLoggedIn } from './errors.js';
import type { Terminal, Writer } from './output.js';
import { terminalPrompter, type Prompter, type TtyInput } from './prompt.js';

/** Everything a command's run() touches, so it can be driven with other streams. */
export interface Deps extends Terminal {
  /** The SDK client for config.url, sending config.token. */
  api: PagewrightClient;
  /** Data: tables, rows, JSON. */
  out: Writer;
  /** Messages for people: progress, results, warnings, prompts. */
  err: Writer;
  config: Config;
  prompt: Prompter;
  /** Reads all of stdin (`--with-token`, `--password-stdin`). */
  stdin(): Promise<string>;
}

/** The process's streams and environment. */
export interface Io {
  stdin: TtyInput;
  stdout: Writer & { isTTY?: boolean };
  stderr: Writer & NodeJS.WritableStream & { isTTY?: boolean };
  env: Env;
}

/** The CLI's version, from cli/package.json. */
export const VERSION = pkg.version;

/** `X-Client-Version`: the server refuses CLIs below its MIN_CLIENT_VERSION with 426. */
const CLIENT_VERSION = `cli/${VERSION}`;

/** A client for the configured server with another token (or none). */
export function clientFor(config: Config, token: string | null): PagewrightClient {
  return createClient({ baseUrl: config.url, token, clientVersion: CLIENT_VERSION });
}

/** The deps of one run: the server and token from --url, the environment and the stored login. */
export function createDeps(io: Io, command: CommandUnknownOpts): Deps {
  const { url } = command.optsWithGlobals();
  const config = loadConfig(io.env, typeof url === 'string' ? url : undefined);
  return {
    api: clientFor(config, config.token),
    out: io.stdout,
    err: io.stderr,
    isTTY: io.stdout.isTTY === true,
    env: io.env,
    config,
    // Prompts are written to stderr and read from stdin, so those two must be the terminal.
    prompt: terminalPrompter(io.stdin, io.stderr, io.stdin.isTTY === true && io.stderr.isTTY === true),
    stdin: () => readAll(io.stdin),
  };
}

/** The API client, or exit code 4 when there is no token to send. */
export function signedIn(deps: Deps): PagewrightClient {
  if (!deps.config.token) throw notLoggedIn(deps.config.url);
  return deps.api;
}

/** Messages for people go to stderr, so stdout stays data. */
export function say(deps: Deps, message: string): void {
  deps.err.write(`${message}\n`);
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  for await (const chunk of stream) text += String(chunk);
  return text;
}

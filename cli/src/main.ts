import { CommanderError } from '@commander-js/extra-typings';
import { loadConfig } from './lib/config.js';
import { clientFor, createDeps, VERSION, type Io } from './lib/deps.js';
import { CliError, ExitCode, networkFailure } from './lib/errors.js';
import { buildProgram } from './program.js';

/** Runs one command line and answers the exit code; nothing here calls process.exit. */
export async function main(argv: string[] = process.argv, io: Io = processIo()): Promise<number> {
  // Plain `pagewright` on a terminal opens the terminal UI; without one it prints the help, as before.
  if (argv.length === 2 && io.stdin.isTTY === true && io.stdout.isTTY === true) argv = [...argv, 'tui'];
  const args = argv.slice(2);
  if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
    await printVersion(io);
    return ExitCode.ok;
  }
  let url: string | null = null;
  const program = buildProgram(
    {
      deps(command) {
        const deps = createDeps(io, command);
        url = deps.config.url;
        return deps;
      },
    },
    io,
  );
  try {
    await program.parseAsync(argv);
    return ExitCode.ok;
  } catch (error) {
    return report(error, url ?? loadConfig(io.env).url, io);
  }
}

/**
 * `pagewright --version`: the CLI's version on the first line (what scripts read), then, when signed
 * in, the server's as `server <url> <version>`. A server that does not answer within 2 s is left out.
 */
async function printVersion(io: Io): Promise<void> {
  io.stdout.write(`${VERSION}\n`);
  const config = loadConfig(io.env, io.env.PAGEWRIGHT_URL);
  if (!config.token) return;
  try {
    const { data } = await clientFor(config, config.token).GET('/health', { signal: AbortSignal.timeout(2000) });
    if (data?.version) io.stdout.write(`server ${config.url} ${data.version}\n`);
  } catch {
    // Offline or unreachable: the CLI's own version is still the answer.
  }
}

function processIo(): Io {
  return { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, env: process.env };
}

/** Prints a failure as `error: <message>` plus a hint, and answers its exit code. No stacks. */
function report(error: unknown, url: string, io: Io): number {
  // commander has printed its own message (or the help, or the version) already.
  if (error instanceof CommanderError) return error.exitCode;
  const failure =
    error instanceof CliError
      ? error
      : (networkFailure(error, url) ?? new CliError(error instanceof Error ? error.message : String(error)));
  if (failure.message) io.stderr.write(`error: ${failure.message}\n`);
  if (failure.hint) io.stderr.write(`${failure.hint}\n`);
  return failure.exitCode;
}

import { Option, type CommandUnknownOpts } from '@commander-js/extra-typings';
import type { Schemas } from '@pagewright/sdk';
import { withExamples, type Context } from '../../lib/command.js';
import { clientFor, say, type Deps } from '../../lib/deps.js';
import { CliError, unwrapSignIn } from '../../lib/errors.js';
import { requirePrompt } from '../../lib/prompt.js';

export interface LoginOptions {
  email?: string;
  passwordStdin?: boolean;
  otp?: string;
  withToken?: boolean;
}

/** Signs in with e-mail and password (and the one-time code when two-factor is on), or with a token. */
export async function run(opts: LoginOptions, deps: Deps): Promise<void> {
  const { config } = deps;
  if (config.tokenSource === 'PAGEWRIGHT_TOKEN' || config.tokenSource === 'PAGEWRIGHT_API_KEY') {
    say(deps, `warning: ${config.tokenSource} is set and is used instead of the stored login until you unset it.`);
  }
  const session = opts.withToken ? await validateToken(deps) : await signIn(opts, deps);
  config.save({ url: config.url, token: session.token });
  say(deps, `Logged in to ${config.url} as ${session.name} (${session.email})`);
}

async function validateToken(deps: Deps): Promise<Schemas['Session']> {
  const token = (await deps.stdin()).trim();
  if (!token) throw new CliError('no token on stdin', 1, 'Pipe the token in: pagewright login --with-token < token.txt');
  return unwrapSignIn(await clientFor(deps.config, null).POST('/auth/validate', { body: { token } }));
}

async function signIn(opts: LoginOptions, deps: Deps): Promise<Schemas['Session']> {
  let { email } = opts;
  let password: string;
  if (opts.passwordStdin) {
    if (!email) throw new CliError('--email is required with --password-stdin');
    password = (await deps.stdin()).replace(/\r?\n$/, '');
  } else {
    requirePrompt(deps.prompt, '--email and --password-stdin');
    email ||= await deps.prompt.text('E-mail: ');
    password = await deps.prompt.secret('Password: ');
  }
  const api = clientFor(deps.config, null);
  const answer = unwrapSignIn(await api.POST('/auth/login', { body: { email, password } }));
  if (!('tfaToken' in answer)) return answer;

  let { otp } = opts;
  if (!otp) {
    requirePrompt(deps.prompt, 'two-factor authentication is on: --otp');
    otp = await deps.prompt.text('One-time code: ');
  }
  return unwrapSignIn(await api.POST('/auth/login/2fa', { body: { token: answer.tfaToken, otp } }));
}

export function register(program: CommandUnknownOpts, ctx: Context) {
  const command = program
    .command('login')
    .description('Sign in to a Pagewright server and store the session token')
    .option('--email <email>', 'the e-mail to sign in with')
    .option('--password-stdin', 'read the password from stdin')
    .option('--otp <code>', 'the one-time code, when two-factor authentication is on')
    .addOption(
      new Option('--with-token', 'read a session token from stdin instead of signing in').conflicts(['email', 'passwordStdin', 'otp']),
    )
    .action(async (options, cmd) => run(options, ctx.deps(cmd)));
  return withExamples(
    command,
    '# asks for your e-mail, password and, with two-factor on, the one-time code',
    'pagewright login --url https://builder.example.com',
    '# in a script',
    'pagewright login --email ada@example.com --password-stdin < password.txt',
    'pagewright login --email ada@example.com --password-stdin --otp 123456 < password.txt',
    'pagewright login --with-token < token.txt',
  );
}

import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { CLI_VERSION, cliUser, loggedIn, removeCliUsers, rows } from './run.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
  await t.signup('Instance Admin'); // the first account is the admin; the users below are not
});
afterAll(async () => {
  removeCliUsers();
  await t.close();
});

const totp = (secret: string, at = Date.now()) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: at });

/** A user with two-factor on; the code of the current step is spent by enabling it. */
async function userWithTwoFactor(name: string) {
  const user = await t.signup(name);
  const { data: setup } = await user.api.GET('/user/2fa');
  const { data } = await user.api.POST('/user/2fa', { body: { secret: setup!.secret, otp: totp(setup!.secret) } });
  expect(data?.tfaEnabled).toBe(true);
  return { ...user, secret: setup!.secret, nextCode: () => totp(setup!.secret, Date.now() + 30_000) };
}

const status = async (token: string) => (await t.client(token).GET('/user')).response.status;

describe('login with e-mail and password', () => {
  it('stores a working session token for the server in a 0600 file, messages on stderr only', async () => {
    const { session, password } = await t.signup('Ada');
    const me = cliUser();
    const result = await me.run(['login', '--url', t.url, '--email', session.email, '--password-stdin'], { input: `${password}\n` });
    expect(result).toMatchObject({ code: 0, stdout: '' });
    expect(result.stderr).toBe(`Logged in to ${t.url} as Ada (${session.email})\n`);
    const stored = me.stored()!;
    expect(stored.url).toBe(t.url);
    expect(await status(stored.token!)).toBe(200);
    expect(stored.token).not.toBe(session.token); // a session of its own
    expect(fs.statSync(me.configFile).mode & 0o777).toBe(0o600);
    expect(fs.statSync(me.configDir).mode & 0o777).toBe(0o700);
  });

  it('keeps the file 0600 when it already existed with a looser mode', async () => {
    const { session, password } = await t.signup();
    const me = cliUser();
    fs.mkdirSync(me.configDir, { recursive: true });
    fs.writeFileSync(me.configFile, '{}', { mode: 0o644 });
    const result = await me.run(['login', '--url', t.url, '--email', session.email, '--password-stdin'], { input: password });
    expect(result.code).toBe(0);
    expect(fs.statSync(me.configFile).mode & 0o777).toBe(0o600);
  });

  it('refuses a wrong password with the server message, exit 1, and stores nothing', async () => {
    const { session } = await t.signup();
    const me = cliUser();
    const result = await me.run(['login', '--url', t.url, '--email', session.email, '--password-stdin'], { input: 'wrong password' });
    expect(result).toMatchObject({ code: 1, stdout: '' });
    expect(result.stderr).toBe('error: Invalid e-mail or password (401)\n');
    expect(me.stored()).toBeNull();
  });

  it('asks for flags instead of prompting when not on a terminal', async () => {
    const me = cliUser();
    const result = await me.run(['login', '--url', t.url]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('--email and --password-stdin required when not running interactively');
    expect(me.stored()).toBeNull();
  });

  it('prompts for the e-mail and the password on a terminal, without echoing the password', async () => {
    const { session, password } = await t.signup('Prompted');
    const me = cliUser();
    const result = await me.runInTerminal(
      ['login', '--url', t.url],
      [
        ['E-mail: ', `${session.email}\r`],
        ['Password: ', `${password}\r`],
      ],
    );
    expect(result.code).toBe(0);
    expect(result.screen).toContain(`Logged in to ${t.url} as Prompted`);
    expect(result.screen).not.toContain(password);
    expect(await status(me.stored()!.token!)).toBe(200);
  });

  it('cancels with exit code 2 on Ctrl-C at the password prompt', async () => {
    const { session } = await t.signup();
    const me = cliUser();
    const result = await me.runInTerminal(['login', '--url', t.url, '--email', session.email], [['Password: ', '\u0003']]);
    expect(result.code).toBe(2);
    expect(result.screen).toContain('error: cancelled');
    expect(me.stored()).toBeNull();
  });
});

describe('two-factor login', () => {
  it('finishes the sign-in with --otp when the server answers a tfaToken', async () => {
    const user = await userWithTwoFactor('Tfa Flag');
    const me = cliUser();
    const args = ['login', '--url', t.url, '--email', user.session.email, '--password-stdin', '--otp', user.nextCode()];
    const result = await me.run(args, { input: user.password });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('as Tfa Flag');
    expect(await status(me.stored()!.token!)).toBe(200);
  });

  it('refuses a wrong code with exit 1 and stores nothing', async () => {
    const user = await userWithTwoFactor('Tfa Wrong');
    const me = cliUser();
    const wrong = user.nextCode() === '000000' ? '111111' : '000000';
    const result = await me.run(['login', '--url', t.url, '--email', user.session.email, '--password-stdin', '--otp', wrong], {
      input: user.password,
    });
    expect(result).toMatchObject({ code: 1, stderr: 'error: Invalid one-time code (401) field: otp\n' });
    expect(me.stored()).toBeNull();
  });

  it('needs --otp when it cannot ask', async () => {
    const user = await userWithTwoFactor('Tfa Script');
    const me = cliUser();
    const result = await me.run(['login', '--url', t.url, '--email', user.session.email, '--password-stdin'], { input: user.password });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('two-factor authentication is on: --otp required when not running interactively');
    expect(me.stored()).toBeNull();
  });

  it('asks for the one-time code on a terminal', async () => {
    const user = await userWithTwoFactor('Tfa Prompt');
    const me = cliUser();
    const result = await me.runInTerminal(
      ['login', '--url', t.url],
      [
        ['E-mail: ', `${user.session.email}\r`],
        ['Password: ', `${user.password}\r`],
        ['One-time code: ', `${user.nextCode()}\r`],
      ],
    );
    expect(result.code).toBe(0);
    expect(result.screen).toContain('as Tfa Prompt');
    expect(await status(me.stored()!.token!)).toBe(200);
  });
});

describe('login --with-token', () => {
  it('checks the token from stdin with the server and stores it', async () => {
    const { session } = await t.signup('Token User');
    const me = cliUser();
    const result = await me.run(['login', '--url', t.url, '--with-token'], { input: `${session.token}\n` });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('as Token User');
    expect(me.stored()).toEqual({ url: t.url, token: session.token });
  });

  it('refuses an unknown token and an empty stdin, storing nothing', async () => {
    const me = cliUser();
    const unknown = await me.run(['login', '--url', t.url, '--with-token'], { input: 'not-a-session' });
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/^error: .*\(401\)\n$/);
    const empty = await me.run(['login', '--url', t.url, '--with-token']);
    expect(empty.code).toBe(1);
    expect(empty.stderr).toContain('error: no token on stdin');
    expect(me.stored()).toBeNull();
  });

  it('cannot be combined with --email', async () => {
    const result = await cliUser().run(['login', '--with-token', '--email', 'a@example.com']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("option '--with-token' cannot be used with option '--email <email>'");
  });
});

describe('whoami', () => {
  it('shows the signed-in user as tab-separated pairs, or the API user with --json', async () => {
    const { session } = await t.signup('Who Am I');
    const me = loggedIn(t.url, session.token);
    const plain = await me.run(['whoami']);
    expect(plain).toMatchObject({ code: 0, stderr: '' });
    expect(rows(plain.stdout)).toEqual([
      ['name', 'Who Am I'],
      ['email', session.email],
      ['id', String(session.id)],
      ['plan', 'Free'],
      ['sites', '0 of 3'],
      ['admin', 'no'],
      ['two-factor', 'no'],
      ['server', t.url],
      ['token', me.configFile],
    ]);
    const json = await me.run(['whoami', '--json']);
    const { data } = await t.client(session.token).GET('/user');
    expect(JSON.parse(json.stdout)).toEqual(data);
  });

  it('exits 4 with a hint when not logged in, and when the session has ended', async () => {
    const none = await cliUser().run(['whoami', '--url', t.url]);
    expect(none).toMatchObject({ code: 4, stdout: '' });
    expect(none.stderr).toBe(`error: not logged in to ${t.url}\nTo sign in, run: pagewright login (or set PAGEWRIGHT_TOKEN)\n`);
    const ended = await loggedIn(t.url, 'an-ended-session').run(['whoami']);
    expect(ended).toMatchObject({ code: 4, stdout: '' });
    expect(ended.stderr).toContain('error: Sign in to continue (401)');
  });
});

describe('logout', () => {
  it('ends the session on the server and forgets the token', async () => {
    const { session, password } = await t.signup();
    const me = cliUser();
    await me.run(['login', '--url', t.url, '--email', session.email, '--password-stdin'], { input: password });
    const token = me.stored()!.token!;
    const result = await me.run(['logout']);
    expect(result).toMatchObject({ code: 0, stdout: '', stderr: `Logged out of ${t.url}\n` });
    expect(me.stored()).toEqual({ url: t.url });
    expect(await status(token)).toBe(401);
    expect(await status(session.token)).toBe(200); // other sessions live on
    expect((await me.run(['whoami'])).code).toBe(4);
  });

  it('forgets a token the server had already ended', async () => {
    const me = loggedIn(t.url, 'already-ended');
    const result = await me.run(['logout']);
    expect(result.code).toBe(0);
    expect(me.stored()).toEqual({ url: t.url });
  });

  it('refuses while PAGEWRIGHT_TOKEN is set, leaving that session alone', async () => {
    const { session } = await t.signup();
    const result = await cliUser({ PAGEWRIGHT_URL: t.url, PAGEWRIGHT_TOKEN: session.token }).run(['logout']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Unset PAGEWRIGHT_TOKEN');
    expect(await status(session.token)).toBe(200);
  });
});

describe('configuration and environment', () => {
  it('keeps the login in $XDG_CONFIG_HOME/pagewright without PAGEWRIGHT_CONFIG_DIR', async () => {
    const { session } = await t.signup();
    const me = cliUser({ PAGEWRIGHT_CONFIG_DIR: undefined });
    const xdg = path.join(path.dirname(me.configDir), 'xdg');
    const result = await me.run(['login', '--url', t.url, '--with-token'], { input: session.token, env: { XDG_CONFIG_HOME: xdg } });
    expect(result.code).toBe(0);
    const file = path.join(xdg, 'pagewright', 'config.json');
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual({ url: t.url, token: session.token });
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });

  it('falls back to ~/.config/pagewright', async () => {
    const { session } = await t.signup();
    const me = cliUser({ PAGEWRIGHT_CONFIG_DIR: undefined });
    expect((await me.run(['login', '--url', t.url, '--with-token'], { input: session.token })).code).toBe(0);
    const file = path.join(me.env.HOME!, '.config', 'pagewright', 'config.json');
    expect(JSON.parse(fs.readFileSync(file, 'utf8')).token).toBe(session.token);
  });

  it('uses PAGEWRIGHT_TOKEN over PAGEWRIGHT_API_KEY over the stored login', async () => {
    const stored = await t.signup('Stored');
    const fromToken = await t.signup('From Token');
    const fromKey = await t.signup('From Key');
    const me = loggedIn(t.url, stored.session.token);
    const nameOf = async (env: Record<string, string>) => JSON.parse((await me.run(['whoami', '--json'], { env })).stdout).name;
    expect(await nameOf({})).toBe('Stored');
    expect(await nameOf({ PAGEWRIGHT_API_KEY: fromKey.session.token })).toBe('From Key');
    expect(await nameOf({ PAGEWRIGHT_API_KEY: fromKey.session.token, PAGEWRIGHT_TOKEN: fromToken.session.token })).toBe('From Token');
    const plain = await me.run(['whoami'], { env: { PAGEWRIGHT_TOKEN: fromToken.session.token } });
    expect(rows(plain.stdout)).toContainEqual(['token', 'PAGEWRIGHT_TOKEN']);
  });

  it('uses PAGEWRIGHT_URL over the stored server, and --url over PAGEWRIGHT_URL', async () => {
    const { session } = await t.signup('Url User');
    const me = loggedIn(t.url, session.token);
    const dead = 'http://127.0.0.1:9';
    const viaEnv = await me.run(['templates', 'list'], { env: { PAGEWRIGHT_URL: dead } });
    expect(viaEnv.code).toBe(1);
    expect(viaEnv.stderr).toContain(`error: could not reach ${dead}`);
    const viaFlag = await me.run(['whoami', '--json', '--url', t.url], { env: { PAGEWRIGHT_URL: dead } });
    expect(viaFlag.code).toBe(0);
    expect(JSON.parse(viaFlag.stdout).name).toBe('Url User');
  });

  it('never sends the stored token to another server', async () => {
    const { session } = await t.signup();
    const other = t.url.replace('localhost', '127.0.0.1');
    expect(other).not.toBe(t.url);
    const result = await loggedIn(t.url, session.token).run(['whoami'], { env: { PAGEWRIGHT_URL: other } });
    expect(result.code).toBe(4);
    expect(result.stderr).toContain(`error: not logged in to ${other}`);
  });

  it('sends X-Client-Version cli/<version> and the token as Basic authentication', async () => {
    const seen: http.IncomingHttpHeaders[] = [];
    const server = http.createServer((req, res) => {
      seen.push(req.headers);
      res.writeHead(200, { 'content-type': 'application/json' }).end('[]');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const result = await cliUser({ PAGEWRIGHT_URL: url, PAGEWRIGHT_TOKEN: 'tok' }).run(['sites', 'list']);
      expect(result.code).toBe(0);
      expect(seen).toHaveLength(1);
      expect(seen[0]!['x-client-version']).toBe(`cli/${CLI_VERSION}`);
      expect(seen[0]!.authorization).toBe(`Basic ${Buffer.from('tok:').toString('base64')}`);
    } finally {
      server.close();
    }
  });

  it('says to update the CLI when the server answers 426', async () => {
    const strict = await startTestServer({ MIN_CLIENT_VERSION: '99.0.0' });
    try {
      const result = await cliUser().run(['templates', 'list', '--url', strict.url]);
      expect(result.code).toBe(1);
      expect(result.stderr).toBe(
        'error: A new version of the app is available. Press OK to update and continue. (426)\nThis CLI is older than the server accepts: update it.\n',
      );
    } finally {
      await strict.close();
    }
  });
});

import { describe, expect, it, vi } from 'vitest';
import { messages } from '../../messages.ts';
import { signInActions } from './signIn.ts';
import { refusal, testKit, testSession } from './testKit.ts';

const WRONG = refusal(401, 'Wrong email or password', 'UNAUTHORIZED');

describe('signing in and out', () => {
  it('signs out at once, asking nothing, when no token is stored', async () => {
    const { kit, state, seen } = testKit(() => ({}));
    await signInActions(kit).validate();
    expect(state.status).toBe('out');
    expect(seen).toEqual([]);
  });

  it('signs in with a stored token the server still takes, and drops one it refuses without a toast', async () => {
    const valid = testKit(() => ({ body: testSession('stored') }), { token: 'stored' });
    await signInActions(valid.kit).validate();
    expect(valid.state).toMatchObject({ status: 'in', token: 'stored', user: { name: 'Ada' } });
    expect(valid.overlays()).toBe(0);

    const stale = testKit(() => refusal(401, 'Session expired', 'UNAUTHORIZED'), { token: 'old' });
    await signInActions(stale.kit).validate();
    expect(stale.state).toMatchObject({ status: 'out', token: null, user: null });
    expect(stale.toasts).toEqual([]);
  });

  it('signs in with a password, and leaves the notice of a saved password behind', async () => {
    const { kit, state, seen } = testKit(() => ({ body: testSession() }), { passwordSaved: true });
    expect(await signInActions(kit).login('ada@example.com', 'secret')).toEqual({ data: 'signed-in' });
    expect(seen[0]).toEqual({ method: 'POST', path: '/api/auth/login', body: { email: 'ada@example.com', password: 'secret' } });
    expect(state).toMatchObject({ status: 'in', token: 'session-token', passwordSaved: false });
  });

  it('keeps the pending token of a two-factor account and signs in with the code', async () => {
    const { kit, state, seen } = testKit((r) =>
      r.path === '/api/auth/login' ? { body: { tfaToken: 'pending' } } : { body: testSession() },
    );
    const actions = signInActions(kit);
    expect(await actions.login('ada@example.com', 'secret')).toEqual({ data: 'two-factor' });
    expect(state).toMatchObject({ twoFa: 'pending', status: 'checking' });
    await actions.loginTwoFactor('123456');
    expect(seen[1]?.body).toEqual({ token: 'pending', otp: '123456' });
    expect(state).toMatchObject({ status: 'in', twoFa: null });
  });

  it('counts a failed sign-in, so the form shakes, and shows no toast', async () => {
    const { kit, state, toasts } = testKit(() => WRONG);
    const actions = signInActions(kit);
    expect((await actions.login('ada@example.com', 'wrong')).error?.error).toBe('Wrong email or password');
    await actions.loginTwoFactor('000000');
    await actions.signup('Ada', 'ada@example.com', 'short');
    expect(state.errors).toBe(3);
    expect(toasts).toEqual([]);
  });

  it('signs in with a provider token, which may ask for the second factor too; a refused token is not counted', async () => {
    const twoFactor = testKit(() => ({ body: { tfaToken: 'pending' } }));
    expect(await signInActions(twoFactor.kit).loginWithToken('google-token')).toEqual({ data: 'two-factor' });
    expect(twoFactor.state.twoFa).toBe('pending');

    const refused = testKit(() => WRONG);
    expect((await signInActions(refused.kit).loginWithToken('bad')).error?.status).toBe(401);
    expect(refused.state.errors).toBe(0);
  });

  it('signs the new user in after sign-up', async () => {
    const { kit, state } = testKit(() => ({ body: testSession('new') }));
    expect((await signInActions(kit).signup('Ada', 'ada@example.com', 'long enough')).data?.name).toBe('Ada');
    expect(state).toMatchObject({ status: 'in', token: 'new' });
  });

  it("signs out: the session and the other slices' state cleared; the server told only when asked", async () => {
    const local = testKit(() => ({}), { token: 't', status: 'in', twoFa: 'x', tfaSetup: { secret: 's', qr: 'q' } });
    await signInActions(local.kit).logout();
    expect(local.seen).toEqual([]);
    expect(local.state).toMatchObject({ token: null, user: null, status: 'out', twoFa: null, tfaSetup: null, sitesLoaded: false });

    const remote = testKit(() => ({}), { token: 't', status: 'in' });
    await signInActions(remote.kit).logout({ remote: true });
    expect(remote.seen.map((r) => r.path)).toEqual(['/api/auth/logout']);
  });

  it('answers a network failure as an error of its own', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { kit } = testKit(() => {
      throw new TypeError('fetch failed');
    });
    expect((await signInActions(kit).login('ada@example.com', 'secret')).error?.error).toBe(messages.networkError);
    expect(logged).toHaveBeenCalledOnce();
    logged.mockRestore();
  });
});

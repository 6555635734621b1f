import { describe, expect, it } from 'vitest';
import { passwordActions } from './password.ts';
import { refusal, testKit } from './testKit.ts';

describe('passwords', () => {
  it('asks for a reset link without a toast', async () => {
    const { kit, seen } = testKit(() => ({ body: { ok: true } }));
    await passwordActions(kit).forgotPassword('ada@example.com');
    expect(seen).toEqual([{ method: 'POST', path: '/api/auth/forgot-password', body: { email: 'ada@example.com' } }]);
  });

  it('notes a password reset, so the login screen confirms it', async () => {
    const { kit, state } = testKit(() => ({ body: { ok: true } }));
    await passwordActions(kit).resetPassword('reset-token', 'new password');
    expect(state.passwordSaved).toBe(true);
    passwordActions(kit).clearPasswordSaved();
    expect(state.passwordSaved).toBe(false);
  });

  it('does not note a reset the server refused', async () => {
    const { kit, state, toasts } = testKit(() => refusal(400, 'The link has expired', 'INVALID_TOKEN'));
    expect((await passwordActions(kit).resetPassword('old', 'new password')).error?.error).toBe('The link has expired');
    expect(state.passwordSaved).toBe(false);
    expect(toasts).toEqual([]);
  });

  it('notes a changed password, and counts a refused change so the form shakes', async () => {
    const ok = testKit(() => ({ body: { ok: true } }));
    await passwordActions(ok.kit).changePassword('old', 'new password');
    expect(ok.seen[0]).toMatchObject({
      method: 'PATCH',
      path: '/api/user/password',
      body: { password: 'old', passwordNew: 'new password' },
    });
    expect(ok.state.passwordSaved).toBe(true);

    const wrong = testKit(() => refusal(400, 'Wrong password', 'WRONG_PASSWORD'));
    await passwordActions(wrong.kit).changePassword('bad', 'new password');
    expect(wrong.state).toMatchObject({ passwordSaved: false, errors: 1 });
  });
});

import { describe, expect, it } from 'vitest';
import { testKit, testSession } from './testKit.ts';

describe('the steps the parts of the session share', () => {
  it('signing in keeps the token and the user, and ends a pending two-factor step', () => {
    const { kit, state } = testKit(() => ({}), { twoFa: 'pending' });
    kit.signedIn(testSession('fresh'));
    expect(state).toMatchObject({ token: 'fresh', status: 'in', twoFa: null, user: { email: 'ada@example.com' } });
  });

  it('a failed attempt is counted and answered as the outcome', () => {
    const { kit, state } = testKit(() => ({}));
    const error = { error: 'Wrong code', status: 400, code: 'INVALID_OTP' };
    expect(kit.failed(error)).toEqual({ error });
    kit.failed(error);
    expect(state.errors).toBe(2);
  });
});

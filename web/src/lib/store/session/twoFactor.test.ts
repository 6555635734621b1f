import { describe, expect, it } from 'vitest';
import { refusal, testKit, testUser } from './testKit.ts';
import { twoFactorActions } from './twoFactor.ts';

describe('two-factor setup', () => {
  it('keeps the secret and its QR code while waiting for the confirming code', async () => {
    const { kit, state } = testKit(() => ({ body: { secret: 'JBSWY3DP', qr: 'data:image/png;base64,AAAA' } }));
    await twoFactorActions(kit).startTwoFactorSetup();
    expect(state.tfaSetup).toEqual({ secret: 'JBSWY3DP', qr: 'data:image/png;base64,AAAA' });
  });

  it('enables two-factor with the secret and the code, then forgets the secret', async () => {
    const { kit, state, seen } = testKit(() => ({ body: testUser({ tfaEnabled: true }) }), { tfaSetup: { secret: 'S', qr: 'Q' } });
    await twoFactorActions(kit).enableTwoFactor('123456');
    expect(seen[0]).toEqual({ method: 'POST', path: '/api/user/2fa', body: { secret: 'S', otp: '123456' } });
    expect(state).toMatchObject({ tfaSetup: null, user: { tfaEnabled: true } });
  });

  it('keeps the setup open when the code is wrong', async () => {
    const { kit, state, toasts } = testKit(() => refusal(400, 'Wrong code', 'INVALID_OTP'), { tfaSetup: { secret: 'S', qr: 'Q' } });
    expect((await twoFactorActions(kit).enableTwoFactor('000000')).error?.error).toBe('Wrong code');
    expect(state.tfaSetup).toEqual({ secret: 'S', qr: 'Q' });
    expect(toasts).toEqual([]);
  });

  it('clears the secret and QR when disabled or cancelled', async () => {
    const disabled = testKit(() => ({ body: testUser() }), { tfaSetup: { secret: 'S', qr: 'Q' } });
    await twoFactorActions(disabled.kit).disableTwoFactor();
    expect(disabled.state.tfaSetup).toBeNull();

    const cancelled = testKit(() => ({}), { tfaSetup: { secret: 'S', qr: 'Q' } });
    twoFactorActions(cancelled.kit).cancelTwoFactorSetup();
    expect(cancelled.state.tfaSetup).toBeNull();
  });
});

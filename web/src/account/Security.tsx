import { useEffect, useState, type FormEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { messages } from '../lib/messages.ts';
import { useStore } from '../lib/store/index.ts';
import { Button } from '../ui/Button.tsx';
import { useDocumentTitle } from '../ui/document.ts';
import { FormAlert, TextField } from '../ui/Field.tsx';
import { Badge, Card, CardFooter, CardHeader, Notice } from '../ui/Layout.tsx';
import { OTP } from '@pagewright/sdk/rules';
import { atField, useSubmit } from '../ui/useSubmit.ts';
import { useFormFields } from '../ui/useFormFields.ts';

type PasswordField = 'password' | 'passwordNew' | 'again';
const EMPTY: Record<PasswordField, string> = { password: '', passwordNew: '', again: '' };

function ChangePassword() {
  const hasPassword = useStore((s) => s.user?.hasPassword ?? true);
  const changePassword = useStore((s) => s.changePassword);
  const passwordSaved = useStore((s) => s.passwordSaved);
  const clearPasswordSaved = useStore((s) => s.clearPasswordSaved);
  const { busy, errors, check, fail, clear, submit } = useSubmit<PasswordField | 'form'>();
  const {
    values: form,
    reset,
    text,
  } = useFormFields(EMPTY, errors, (field) => {
    clear(field);
    clear('form');
    clearPasswordSaved();
  });

  useEffect(() => clearPasswordSaved, [clearPasswordSaved]);

  const mismatch = form.again !== '' && form.passwordNew !== form.again;

  async function save(event: FormEvent) {
    event.preventDefault();
    const missing = {
      password: hasPassword && !form.password ? messages.passwordRequired : undefined,
      passwordNew: form.passwordNew ? undefined : messages.passwordRequired,
      again: form.again ? undefined : messages.passwordRequired,
    };
    if (!check(missing)) return;
    if (mismatch) return fail('form', messages.passwordsDontMatch);
    // Spec 000 §8: a failed change flags the password field (or the new one when that is the problem).
    const { error } = await submit(
      () => changePassword(hasPassword ? form.password : '', form.passwordNew),
      atField(['passwordNew'], 'password'),
    );
    if (!error) reset(EMPTY);
  }

  return (
    <Card>
      <CardHeader
        title={hasPassword ? 'Change password' : 'Set a password'}
        description="Other signed-in devices are signed out when the password changes."
      />
      <form noValidate onSubmit={save}>
        <div className="space-y-5 px-6 py-6 sm:max-w-md">
          <FormAlert>{errors.get('form')}</FormAlert>
          {hasPassword && <TextField label="Current password" type="password" autoComplete="current-password" {...text('password')} />}
          <TextField
            label="New password"
            type="password"
            autoComplete="new-password"
            {...text('passwordNew')}
            hint="At least 8 characters."
          />
          <TextField
            label="New password again"
            type="password"
            autoComplete="new-password"
            {...text('again')}
            error={errors.get('again') ?? (mismatch ? messages.doesNotMatch : null)}
          />
        </div>
        <CardFooter saved={passwordSaved ? messages.passwordChanged : null} busy={busy}>
          {hasPassword ? 'Change password' : 'Set password'}
        </CardFooter>
      </form>
    </Card>
  );
}

function TwoFactor() {
  const { enabled, setup } = useStore(useShallow((s) => ({ enabled: s.user?.tfaEnabled ?? false, setup: s.tfaSetup })));
  const start = useStore((s) => s.startTwoFactorSetup);
  const enable = useStore((s) => s.enableTwoFactor);
  const disable = useStore((s) => s.disableTwoFactor);
  const cancel = useStore((s) => s.cancelTwoFactorSetup);
  const confirmDanger = useStore((s) => s.confirmDanger);
  const [otp, setOtp] = useState('');
  const { busy, errors, fail, clear, submit } = useSubmit<'otp'>();

  useEffect(() => cancel, [cancel]);

  async function confirm(event: FormEvent) {
    event.preventDefault();
    if (!OTP.test(otp)) return fail('otp', messages.otpFormat);
    const outcome = await submit(() => enable(otp), 'otp');
    if (!outcome.error) setOtp('');
  }

  return (
    <Card>
      <CardHeader
        title="Two-factor authentication"
        description="Ask for a one-time code from an authenticator app at every sign-in."
        actions={enabled ? <Badge tone="green">Enabled</Badge> : <Badge>Disabled</Badge>}
      />
      <div className="px-6 py-6">
        {enabled ? (
          <div className="flex flex-wrap items-center justify-between gap-4">
            <p className="text-sm text-gray-700">Your account asks for a code from your authenticator app when you sign in.</p>
            <Button
              variant="secondary"
              onClick={() =>
                confirmDanger(
                  {
                    title: 'Disable two-factor authentication?',
                    text: 'Signing in will only need your password.',
                    confirmLabel: 'Disable',
                  },
                  () => void disable(),
                )
              }
            >
              Disable
            </Button>
          </div>
        ) : setup ? (
          <div className="grid gap-8 sm:grid-cols-[auto_1fr]">
            <img src={setup.qr} alt="QR code to scan with your authenticator app" className="size-48 rounded-xl ring-1 ring-gray-200" />
            <div className="space-y-4">
              <ol className="list-decimal space-y-1 pl-5 text-sm text-gray-700">
                <li>Scan the QR code with an authenticator app.</li>
                <li>Enter the 6-digit code it shows.</li>
              </ol>
              <p className="text-sm text-gray-600">
                Can’t scan? Enter this key instead:
                <code
                  className="mt-1 block rounded-md bg-gray-100 px-2 py-1 font-mono text-xs break-all text-gray-900"
                  data-testid="tfa-secret"
                >
                  {setup.secret}
                </code>
              </p>
              <form noValidate onSubmit={confirm} className="flex flex-wrap items-start gap-3">
                <TextField
                  label="Code"
                  name="otp"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  value={otp}
                  onChange={(e) => {
                    setOtp(e.target.value.replace(/\D/g, '').slice(0, 6));
                    clear();
                  }}
                  error={errors.get('otp')}
                  className="w-40 [&_input]:font-mono [&_input]:tracking-widest"
                  autoFocus
                />
                <div className="flex gap-2 pt-7">
                  <Button type="submit" busy={busy}>
                    Enable
                  </Button>
                  <Button variant="ghost" onClick={cancel}>
                    Cancel
                  </Button>
                </div>
              </form>
            </div>
          </div>
        ) : (
          <div className="flex flex-wrap items-center justify-between gap-4">
            <Notice tone="info">Protect your account even if your password leaks.</Notice>
            <Button onClick={() => void start()}>Set up two-factor</Button>
          </div>
        )}
      </div>
    </Card>
  );
}

export default function UserSecurity() {
  useDocumentTitle('Security');
  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Security</h1>
        <p className="text-sm text-gray-600">Your password and two-factor authentication.</p>
      </div>
      <ChangePassword />
      <TwoFactor />
    </div>
  );
}

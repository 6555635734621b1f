import { useEffect, useState, type FormEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { messages } from '../messages.ts';
import { useStore } from '../stores/index.ts';
import { Button } from '../ui/Button.tsx';
import { useDocumentTitle } from '../ui/document.ts';
import { TextField } from '../ui/Field.tsx';
import { Icon } from '../ui/Icon.tsx';
import { Badge, Card, CardHeader, Notice } from '../ui/Layout.tsx';
import { OTP } from '@pagewright/sdk/rules';

type PasswordField = 'password' | 'passwordNew' | 'again';

function ChangePassword() {
  const hasPassword = useStore((s) => s.user?.hasPassword ?? true);
  const changePassword = useStore((s) => s.changePassword);
  const passwordSaved = useStore((s) => s.passwordSaved);
  const clearPasswordSaved = useStore((s) => s.clearPasswordSaved);
  const [form, setForm] = useState({ password: '', passwordNew: '', again: '' });
  const [errors, setErrors] = useState<Partial<Record<PasswordField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => clearPasswordSaved, [clearPasswordSaved]);

  const mismatch = form.again !== '' && form.passwordNew !== form.again;
  const set = (field: PasswordField) => (event: React.ChangeEvent<HTMLInputElement>) => {
    setForm((f) => ({ ...f, [field]: event.target.value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
    setFormError(null);
    clearPasswordSaved();
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const missing = {
      password: hasPassword && !form.password ? messages.passwordRequired : undefined,
      passwordNew: form.passwordNew ? undefined : messages.passwordRequired,
      again: form.again ? undefined : messages.passwordRequired,
    };
    setErrors(missing);
    if (Object.values(missing).some(Boolean)) return;
    if (mismatch) return setFormError(messages.passwordsDontMatch);
    setBusy(true);
    const { error } = await changePassword(hasPassword ? form.password : '', form.passwordNew);
    setBusy(false);
    if (!error) return setForm({ password: '', passwordNew: '', again: '' });
    // Spec 000 §8: a failed change flags the password field (or the new one when that is the problem).
    const field = (error.info as { field?: string } | undefined)?.field === 'passwordNew' ? 'passwordNew' : 'password';
    setErrors({ [field]: error.error });
  }

  return (
    <Card>
      <CardHeader
        title={hasPassword ? 'Change password' : 'Set a password'}
        description="Other signed-in devices are signed out when the password changes."
      />
      <form noValidate onSubmit={submit}>
        <div className="space-y-5 px-6 py-6 sm:max-w-md">
          {formError && (
            <p
              role="alert"
              className="rounded-lg bg-red-50 px-3 py-2.5 text-sm text-red-800 ring-1 ring-red-200 ring-inset"
              data-form-error
            >
              {formError}
            </p>
          )}
          {hasPassword && (
            <TextField
              label="Current password"
              type="password"
              name="password"
              autoComplete="current-password"
              value={form.password}
              onChange={set('password')}
              error={errors.password}
            />
          )}
          <TextField
            label="New password"
            type="password"
            name="passwordNew"
            autoComplete="new-password"
            value={form.passwordNew}
            onChange={set('passwordNew')}
            error={errors.passwordNew}
            hint="At least 8 characters."
          />
          <TextField
            label="New password again"
            type="password"
            name="again"
            autoComplete="new-password"
            value={form.again}
            onChange={set('again')}
            error={errors.again ?? (mismatch ? messages.doesNotMatch : null)}
          />
        </div>
        <div className="flex items-center justify-end gap-4 border-t border-gray-100 px-6 py-4">
          <p role="status" className="text-sm font-medium text-emerald-700">
            {passwordSaved && (
              <span className="inline-flex items-center gap-1.5">
                <Icon name="check" className="size-4" />
                {messages.passwordChanged}
              </span>
            )}
          </p>
          <Button type="submit" busy={busy}>
            {hasPassword ? 'Change password' : 'Set password'}
          </Button>
        </div>
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
  const openPopup = useStore((s) => s.openPopup);
  const [otp, setOtp] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => cancel, [cancel]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!OTP.test(otp)) return setError(messages.otpFormat);
    setBusy(true);
    const outcome = await enable(otp);
    setBusy(false);
    if (outcome.error) setError(outcome.error.error);
    else setOtp('');
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
                openPopup({
                  name: 'confirm',
                  title: 'Disable two-factor authentication?',
                  text: 'Signing in will only need your password.',
                  confirmLabel: 'Disable',
                  danger: true,
                  onConfirm: () => void disable(),
                })
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
              <form noValidate onSubmit={submit} className="flex flex-wrap items-start gap-3">
                <TextField
                  label="Code"
                  name="otp"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  value={otp}
                  onChange={(e) => {
                    setOtp(e.target.value.replace(/\D/g, '').slice(0, 6));
                    setError(null);
                  }}
                  error={error}
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

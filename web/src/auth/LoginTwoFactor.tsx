import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { messages } from '../lib/messages.ts';
import { useStore } from '../lib/store/index.ts';
import { Button } from '../ui/Button.tsx';
import { CenteredForm } from '../ui/CenteredForm.tsx';
import { useDocumentTitle } from '../ui/document.ts';
import { TextField } from '../ui/Field.tsx';
import { OTP } from '@pagewright/sdk/rules';
import { useSubmit } from '../ui/useSubmit.ts';

export default function AuthLogin2fa() {
  useDocumentTitle('Two-factor authentication');
  const loginTwoFactor = useStore((s) => s.loginTwoFactor);
  const errors = useStore((s) => s.errors);
  const navigate = useNavigate();
  const [otp, setOtp] = useState('');
  const [expired, setExpired] = useState(false);
  const { busy, errors: messagesAt, fail, clear, submit } = useSubmit<'otp'>();

  // A form submits on Enter in its only field: that is the spec's "submitted on Enter".
  async function verify(event: FormEvent) {
    event.preventDefault();
    if (!OTP.test(otp)) return fail('otp', messages.otpFormat);
    const outcome = await submit(() => loginTwoFactor(otp), 'otp');
    if (!outcome.error) return navigate('/', { replace: true });
    setExpired(outcome.error.code === 'TFA_EXPIRED');
  }

  return (
    <CenteredForm
      title="Two-factor authentication"
      text="Enter the 6-digit code from your authenticator app."
      onSubmit={verify}
      shakeKey={errors}
      footer={
        <Link to="/auth/login" className="font-semibold text-brand-700 hover:underline">
          Back to sign in
        </Link>
      }
    >
      <TextField
        label="One-time code"
        name="otp"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={6}
        value={otp}
        onChange={(e) => {
          setOtp(e.target.value.replace(/\D/g, '').slice(0, 6));
          clear();
        }}
        error={messagesAt.get('otp')}
        className="[&_input]:text-center [&_input]:font-mono [&_input]:text-xl [&_input]:tracking-[0.5em]"
        autoFocus
      />
      {expired ? (
        <Link to="/auth/login" className="block text-center text-sm font-semibold text-brand-700 hover:underline">
          Sign in again
        </Link>
      ) : (
        <Button type="submit" className="w-full" busy={busy}>
          Verify
        </Button>
      )}
    </CenteredForm>
  );
}

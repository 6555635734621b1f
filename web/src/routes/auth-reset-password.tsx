import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { messages } from '../messages.ts';
import { useStore } from '../stores/index.ts';
import { Button } from '../ui/Button.tsx';
import { CenteredForm } from '../ui/CenteredForm.tsx';
import { useDocumentTitle } from '../ui/document.ts';
import { TextField } from '../ui/Field.tsx';

export default function AuthResetPassword() {
  useDocumentTitle('Choose a new password');
  const { token = '' } = useParams();
  const resetPassword = useStore((s) => s.resetPassword);
  const signedIn = useStore((s) => s.status === 'in');
  const logout = useStore((s) => s.logout);
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [missing, setMissing] = useState<{ password?: string; confirmation?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // Spec 000 §5: a mismatch shows "Does not match" beside the field as soon as it is typed.
  const mismatch = confirmation !== '' && password !== confirmation;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const required = {
      password: password ? undefined : messages.passwordRequired,
      confirmation: confirmation ? undefined : messages.passwordRequired,
    };
    setMissing(required);
    if (required.password || required.confirmation) return setError(null);
    if (mismatch) return setError(messages.passwordsDontMatch);
    setBusy(true);
    const outcome = await resetPassword(token, password);
    setBusy(false);
    // A failed reset raises no toast (spec 000 §8); the form still says why, so the user can act.
    if (outcome.error) return setError(outcome.error.error);
    // The reset ended every session, this tab's too: sign out here, then go to login (spec 000 §4).
    if (signedIn) await logout();
    void navigate('/auth/login', { replace: true });
  }

  return (
    <CenteredForm
      title="Choose a new password"
      text="Use at least 8 characters. Every signed-in device will be signed out."
      error={error}
      onSubmit={submit}
      footer={
        <Link to="/auth/login" className="font-semibold text-brand-700 hover:underline">
          Back to sign in
        </Link>
      }
    >
      <TextField
        label="New password"
        type="password"
        name="password"
        autoComplete="new-password"
        value={password}
        onChange={(e) => {
          setPassword(e.target.value);
          setError(null);
        }}
        error={missing.password}
        autoFocus
      />
      <TextField
        label="Confirm new password"
        type="password"
        name="confirmation"
        autoComplete="new-password"
        value={confirmation}
        onChange={(e) => {
          setConfirmation(e.target.value);
          setError(null);
        }}
        error={missing.confirmation ?? (mismatch ? messages.doesNotMatch : null)}
      />
      <Button type="submit" className="w-full" busy={busy}>
        Save password
      </Button>
    </CenteredForm>
  );
}

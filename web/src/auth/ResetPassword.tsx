import type { FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { messages } from '../lib/messages.ts';
import { useStore } from '../lib/store/index.ts';
import { Button } from '../ui/Button.tsx';
import { CenteredForm } from '../ui/CenteredForm.tsx';
import { useDocumentTitle } from '../ui/document.ts';
import { TextField } from '../ui/Field.tsx';
import { useFormFields } from '../ui/useFormFields.ts';
import { useSubmit } from '../ui/useSubmit.ts';

export default function AuthResetPassword() {
  useDocumentTitle('Choose a new password');
  const { token = '' } = useParams();
  const resetPassword = useStore((s) => s.resetPassword);
  const signedIn = useStore((s) => s.status === 'in');
  const logout = useStore((s) => s.logout);
  const navigate = useNavigate();
  const { busy, errors, check, fail, clear, submit } = useSubmit<'password' | 'confirmation' | 'form'>();
  const {
    values: { password, confirmation },
    text,
  } = useFormFields({ password: '', confirmation: '' }, errors, () => clear('form'));

  // Spec 000 §5: a mismatch shows "Does not match" beside the field as soon as it is typed.
  const mismatch = confirmation !== '' && password !== confirmation;

  async function save(event: FormEvent) {
    event.preventDefault();
    const required = {
      password: password ? undefined : messages.passwordRequired,
      confirmation: confirmation ? undefined : messages.passwordRequired,
    };
    if (!check(required)) return;
    if (mismatch) return fail('form', messages.passwordsDontMatch);
    // A failed reset raises no toast (spec 000 §8); the form still says why, so the user can act.
    const outcome = await submit(() => resetPassword(token, password), 'form');
    if (outcome.error) return;
    // The reset ended every session, this tab's too: sign out here, then go to login (spec 000 §4).
    if (signedIn) await logout();
    void navigate('/auth/login', { replace: true });
  }

  return (
    <CenteredForm
      title="Choose a new password"
      text="Use at least 8 characters. Every signed-in device will be signed out."
      error={errors.get('form')}
      onSubmit={save}
      footer={
        <Link to="/auth/login" className="font-semibold text-brand-700 hover:underline">
          Back to sign in
        </Link>
      }
    >
      <TextField label="New password" type="password" autoComplete="new-password" {...text('password')} autoFocus />
      <TextField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        {...text('confirmation')}
        error={errors.get('confirmation') ?? (mismatch ? messages.doesNotMatch : null)}
      />
      <Button type="submit" className="w-full" busy={busy}>
        Save password
      </Button>
    </CenteredForm>
  );
}

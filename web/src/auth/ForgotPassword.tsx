import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { messages } from '../lib/messages.ts';
import { useStore } from '../lib/store/index.ts';
import { Button } from '../ui/Button.tsx';
import { CenteredForm } from '../ui/CenteredForm.tsx';
import { useDocumentTitle } from '../ui/document.ts';
import { TextField } from '../ui/Field.tsx';
import { Icon } from '../ui/Icon.tsx';
import { useFormFields } from '../ui/useFormFields.ts';
import { useSubmit } from '../ui/useSubmit.ts';

const backToLogin = (
  <Link to="/auth/login" className="font-semibold text-brand-700 hover:underline">
    Back to sign in
  </Link>
);

export default function AuthForgotPassword() {
  useDocumentTitle('Forgot password');
  const forgotPassword = useStore((s) => s.forgotPassword);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { busy, errors, fail, clear, submit } = useSubmit<'email'>();
  const {
    values: { email },
    text,
  } = useFormFields({ email: '' }, errors, clear);

  async function send(event: FormEvent) {
    event.preventDefault();
    if (!email.trim()) return fail('email', messages.emailRequired);
    const outcome = await submit(() => forgotPassword(email.trim()), 'email');
    if (!outcome.error) setSentTo(email.trim());
  }

  // Spec 000 §4: after submit the form is replaced by a confirmation.
  if (sentTo)
    return (
      <CenteredForm title="Check your inbox" footer={backToLogin}>
        <div role="status" className="flex flex-col items-center gap-3 text-center">
          <div className="flex size-12 items-center justify-center rounded-full bg-emerald-50 text-emerald-700">
            <Icon name="check" className="size-6" />
          </div>
          <p className="text-sm leading-6 text-gray-700">
            If an account exists for <strong className="font-semibold break-all text-gray-900">{sentTo}</strong>, we have sent it a link to
            reset the password. The link works for one hour.
          </p>
        </div>
      </CenteredForm>
    );

  return (
    <CenteredForm
      title="Forgot your password?"
      text="Enter your e-mail and we will send you a link to choose a new one."
      onSubmit={send}
      footer={backToLogin}
    >
      <TextField label="E-mail" type="email" autoComplete="email" {...text('email')} autoFocus />
      <Button type="submit" className="w-full" busy={busy}>
        Send reset link
      </Button>
    </CenteredForm>
  );
}

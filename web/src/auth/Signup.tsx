import type { FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { messages } from '../lib/messages.ts';
import { useStore } from '../lib/store/index.ts';
import { useInstance } from '../lib/store/instance.ts';
import { Button } from '../ui/Button.tsx';
import { CenteredForm } from '../ui/CenteredForm.tsx';
import { useDocumentTitle } from '../ui/document.ts';
import { Checkbox, TextField } from '../ui/Field.tsx';
import { useFormFields } from '../ui/useFormFields.ts';
import { useSubmit } from '../ui/useSubmit.ts';

export default function AuthSignup() {
  useDocumentTitle('Create an account');
  const signup = useStore((s) => s.signup);
  const errorCount = useStore((s) => s.errors);
  const navigate = useNavigate();
  // The instance's terms of service (TERMS_URL), linked from the checkbox when it has them.
  const termsUrl = useInstance()?.termsUrl ?? null;
  const { busy, errors, check, clear, submit } = useSubmit<'name' | 'email' | 'password' | 'terms'>();
  const { values: form, text, checkbox } = useFormFields({ name: '', email: '', password: '', terms: false }, errors, clear);

  async function create(event: FormEvent) {
    event.preventDefault();
    const missing = {
      name: form.name.trim() ? undefined : messages.nameRequired,
      email: form.email.trim() ? undefined : messages.emailRequired,
      password: form.password ? undefined : messages.passwordRequired,
      terms: form.terms ? undefined : messages.termsRequired,
    };
    if (!check(missing)) return;
    // Spec 000 §8: a failed signup marks the e-mail field, unless the server names another field.
    const outcome = await submit(
      () => signup(form.name.trim(), form.email.trim(), form.password, form.terms),
      (error) => {
        const info = error.info as { field?: string } | undefined;
        return info?.field === 'name' || info?.field === 'password' ? info.field : info?.field === 'acceptTerms' ? 'terms' : 'email';
      },
    );
    if (!outcome.error) return navigate('/', { replace: true });
  }

  return (
    <CenteredForm
      title="Create your account"
      text="Build and publish websites visually. Free to start."
      onSubmit={create}
      shakeKey={errorCount}
      footer={
        <>
          Already have an account?{' '}
          <Link to="/auth/login" className="font-semibold text-brand-700 hover:underline">
            Sign in
          </Link>
        </>
      }
    >
      <TextField label="Name" autoComplete="name" {...text('name')} autoFocus />
      <TextField label="E-mail" type="email" autoComplete="email" {...text('email')} />
      <TextField label="Password" type="password" autoComplete="new-password" {...text('password')} hint="At least 8 characters." />
      <Checkbox
        label={
          termsUrl ? (
            <>
              I accept the{' '}
              <a href={termsUrl} target="_blank" rel="noopener noreferrer" className="font-semibold text-brand-700 hover:underline">
                terms of service
              </a>
            </>
          ) : (
            'I accept the terms of service'
          )
        }
        {...checkbox('terms')}
      />
      <Button type="submit" className="w-full" busy={busy}>
        Create account
      </Button>
    </CenteredForm>
  );
}

import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { messages, providerErrors } from '../lib/messages.ts';
import { useStore } from '../lib/store/index.ts';
import { useInstance } from '../lib/store/instance.ts';
import { useDocumentTitle } from '../ui/document.ts';
import { Button, buttonClass } from '../ui/Button.tsx';
import { CenteredForm } from '../ui/CenteredForm.tsx';
import { TextField } from '../ui/Field.tsx';
import { Notice } from '../ui/Layout.tsx';
import { ProviderIcon } from '../ui/ProviderIcon.tsx';
import { useFormFields } from '../ui/useFormFields.ts';
import { useSubmit } from '../ui/useSubmit.ts';

const PROVIDER_LABELS = { google: 'Google', github: 'GitHub' } as const;

export default function AuthLogin() {
  useDocumentTitle('Sign in');
  const login = useStore((s) => s.login);
  const errors = useStore((s) => s.errors);
  const passwordSaved = useStore((s) => s.passwordSaved);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // Only the providers this server has configured (GET /config); none while that is not known.
  const oauth = useInstance()?.oauth;
  const providers = (['google', 'github'] as const).filter((provider) => oauth?.[provider]);
  // The provider sign-in comes back here with ?error= when it fails.
  const providerError = params.get('error');
  const [providerMessage] = useState(providerError ? (providerErrors[providerError] ?? providerErrors.server_error!) : null);
  const [failed, setFailed] = useState(false);
  const { busy, errors: messagesAt, check, submit } = useSubmit<'email' | 'password' | 'form'>();
  const {
    values: { email, password },
    text,
  } = useFormFields({ email: '', password: '' }, messagesAt);

  async function signIn(event: FormEvent) {
    event.preventDefault();
    const required = {
      email: email.trim() ? undefined : messages.emailRequired,
      password: password ? undefined : messages.passwordRequired,
    };
    if (!check(required)) return;
    const outcome = await submit(() => login(email.trim(), password), 'form');
    // Spec 000 §8: a failed login marks both fields invalid.
    if (outcome.error) return setFailed(true);
    void navigate(outcome.data === 'two-factor' ? '/auth/2fa' : '/', { replace: true });
  }

  return (
    <CenteredForm
      title="Sign in to Pagewright"
      text="Welcome back. Sign in to edit and publish your sites."
      error={messagesAt.get('form') ?? providerMessage}
      onSubmit={signIn}
      shakeKey={errors}
      footer={
        <>
          New to Pagewright?{' '}
          <Link to="/auth/signup" className="font-semibold text-brand-700 hover:underline">
            Create an account
          </Link>
        </>
      }
    >
      {passwordSaved && (
        <Notice tone="success" role="status">
          Your password was changed. Sign in with the new one.
        </Notice>
      )}
      <TextField label="E-mail" type="email" autoComplete="email" {...text('email')} invalid={failed} autoFocus />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        {...text('password')}
        invalid={failed}
        aside={
          <Link to="/auth/forgot-password" className="text-sm font-medium text-brand-700 hover:underline">
            Forgot password?
          </Link>
        }
      />
      <Button type="submit" className="w-full" busy={busy}>
        Sign in
      </Button>
      {providers.length > 0 && (
        <>
          <div className="relative py-1 text-center text-xs text-gray-600" role="presentation">
            <span className="absolute inset-x-0 top-1/2 h-px bg-gray-200" />
            <span className="relative bg-white px-2">or continue with</span>
          </div>
          <div className={providers.length > 1 ? 'grid grid-cols-2 gap-3' : 'grid'}>
            {/* Plain links: the provider sign-in is a browser redirect through the server. */}
            {providers.map((provider) => (
              <a key={provider} href={`/api/auth/${provider}`} className={buttonClass('secondary', 'md', 'w-full')}>
                <ProviderIcon provider={provider} />
                {PROVIDER_LABELS[provider]}
              </a>
            ))}
          </div>
        </>
      )}
    </CenteredForm>
  );
}

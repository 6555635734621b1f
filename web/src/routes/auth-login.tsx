import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { messages, providerErrors } from '../messages.ts';
import { useStore } from '../stores/index.ts';
import { useDocumentTitle } from '../ui/document.ts';
import { Button, buttonClass } from '../ui/Button.tsx';
import { CenteredForm } from '../ui/CenteredForm.tsx';
import { TextField } from '../ui/Field.tsx';
import { Notice } from '../ui/Layout.tsx';
import { ProviderIcon } from '../ui/ProviderIcon.tsx';

export default function AuthLogin() {
  useDocumentTitle('Sign in');
  const login = useStore((s) => s.login);
  const errors = useStore((s) => s.errors);
  const passwordSaved = useStore((s) => s.passwordSaved);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState<{ email?: string; password?: string }>({});
  // The provider sign-in comes back here with ?error= when it fails.
  const providerError = params.get('error');
  const [error, setError] = useState<string | null>(providerError ? (providerErrors[providerError] ?? providerErrors.server_error!) : null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const required = {
      email: email.trim() ? undefined : messages.emailRequired,
      password: password ? undefined : messages.passwordRequired,
    };
    setMissing(required);
    if (required.email || required.password) return;
    setBusy(true);
    const outcome = await login(email.trim(), password);
    setBusy(false);
    if (outcome.error) {
      // Spec 000 §8: a failed login marks both fields invalid.
      setFailed(true);
      setError(outcome.error.error);
      return;
    }
    void navigate(outcome.data === 'two-factor' ? '/auth/2fa' : '/', { replace: true });
  }

  return (
    <CenteredForm
      title="Sign in to Pagewright"
      text="Welcome back. Sign in to edit and publish your sites."
      error={error}
      onSubmit={submit}
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
      <TextField
        label="E-mail"
        type="email"
        name="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={missing.email}
        invalid={failed}
        autoFocus
      />
      <TextField
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={missing.password}
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
      <div className="relative py-1 text-center text-xs text-gray-600" role="presentation">
        <span className="absolute inset-x-0 top-1/2 h-px bg-gray-200" />
        <span className="relative bg-white px-2">or continue with</span>
      </div>
      <div className="grid grid-cols-2 gap-3">
        {/* Plain links: the provider sign-in is a browser redirect through the server. */}
        <a href="/api/auth/google" className={buttonClass('secondary', 'md', 'w-full')}>
          <ProviderIcon provider="google" />
          Google
        </a>
        <a href="/api/auth/github" className={buttonClass('secondary', 'md', 'w-full')}>
          <ProviderIcon provider="github" />
          GitHub
        </a>
      </div>
    </CenteredForm>
  );
}

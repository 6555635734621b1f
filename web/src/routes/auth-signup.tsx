import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { messages } from '../messages.ts';
import { useStore } from '../stores/index.ts';
import { Button } from '../ui/Button.tsx';
import { CenteredForm } from '../ui/CenteredForm.tsx';
import { useDocumentTitle } from '../ui/document.ts';
import { Checkbox, TextField } from '../ui/Field.tsx';

type Errors = Partial<Record<'name' | 'email' | 'password' | 'terms', string>>;

export default function AuthSignup() {
  useDocumentTitle('Create an account');
  const signup = useStore((s) => s.signup);
  const errorCount = useStore((s) => s.errors);
  const navigate = useNavigate();
  const [form, setForm] = useState({ name: '', email: '', password: '', terms: false });
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  const set = (field: keyof typeof form) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const value = field === 'terms' ? event.target.checked : event.target.value;
    setForm((f) => ({ ...f, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const missing: Errors = {
      name: form.name.trim() ? undefined : messages.nameRequired,
      email: form.email.trim() ? undefined : messages.emailRequired,
      password: form.password ? undefined : messages.passwordRequired,
      terms: form.terms ? undefined : messages.termsRequired,
    };
    setErrors(missing);
    if (Object.values(missing).some(Boolean)) return;
    setBusy(true);
    const outcome = await signup(form.name.trim(), form.email.trim(), form.password);
    setBusy(false);
    if (!outcome.error) return navigate('/', { replace: true });
    // Spec 000 §8: a failed signup marks the e-mail field, unless the server names another field.
    const info = outcome.error.info as { field?: string } | undefined;
    const field = info?.field === 'name' || info?.field === 'password' ? info.field : 'email';
    setErrors({ [field]: outcome.error.error });
  }

  return (
    <CenteredForm
      title="Create your account"
      text="Build and publish websites visually. Free to start."
      onSubmit={submit}
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
      <TextField label="Name" name="name" autoComplete="name" value={form.name} onChange={set('name')} error={errors.name} autoFocus />
      <TextField
        label="E-mail"
        type="email"
        name="email"
        autoComplete="email"
        value={form.email}
        onChange={set('email')}
        error={errors.email}
      />
      <TextField
        label="Password"
        type="password"
        name="password"
        autoComplete="new-password"
        value={form.password}
        onChange={set('password')}
        error={errors.password}
        hint="At least 8 characters."
      />
      <Checkbox label="I accept the terms of service" name="terms" checked={form.terms} onChange={set('terms')} error={errors.terms} />
      <Button type="submit" className="w-full" busy={busy}>
        Create account
      </Button>
    </CenteredForm>
  );
}

import { useEffect, useState, type FormEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { messages } from '../messages.ts';
import { useStore } from '../stores/index.ts';
import type { Provider } from '../stores/session.ts';
import { Avatar } from '../ui/Avatar.tsx';
import { Button } from '../ui/Button.tsx';
import { useDocumentTitle } from '../ui/document.ts';
import { TextField } from '../ui/Field.tsx';
import { Icon } from '../ui/Icon.tsx';
import { Badge, Card, CardHeader } from '../ui/Layout.tsx';
import { ProviderIcon } from '../ui/ProviderIcon.tsx';

/** Spec 000 §9: the profile's saved message shows for 3 s. */
const SAVED_MS = 3000;

type Field = 'name' | 'email' | 'city' | 'country';

function ConnectedAccounts() {
  const { google, github } = useStore(useShallow((s) => ({ google: s.user?.googleAuth ?? false, github: s.user?.githubAuth ?? false })));
  const disconnect = useStore((s) => s.disconnectProvider);
  const openPopup = useStore((s) => s.openPopup);
  const rows: { provider: Provider; label: string; connected: boolean }[] = [
    { provider: 'google', label: 'Google', connected: google },
    { provider: 'github', label: 'GitHub', connected: github },
  ];
  return (
    <Card>
      <CardHeader title="Connected accounts" description="The Google and GitHub accounts you can sign in with." />
      <ul className="divide-y divide-gray-100">
        {rows.map((row) => (
          <li key={row.provider} className="flex flex-wrap items-center gap-4 px-6 py-4" data-testid={`provider-${row.provider}`}>
            <span className="flex size-10 items-center justify-center rounded-full bg-gray-100 text-gray-900" aria-hidden="true">
              <ProviderIcon provider={row.provider} className="size-5" />
            </span>
            <div className="flex-1">
              <p className="text-sm font-medium text-gray-900">{row.label}</p>
              {row.connected ? <Badge tone="green">Connected</Badge> : <p className="text-sm text-gray-600">Not connected</p>}
            </div>
            {/* Spec 000 §2 offers only a disconnect: the provider sign-in cannot tell which signed-in account it should join. */}
            {row.connected && (
              <Button
                variant="secondary"
                size="sm"
                onClick={() =>
                  openPopup({
                    name: 'confirm',
                    title: `Disconnect ${row.label}?`,
                    text: `You will no longer be able to sign in with ${row.label}.`,
                    confirmLabel: 'Disconnect',
                    danger: true,
                    onConfirm: () => void disconnect(row.provider),
                  })
                }
              >
                Disconnect
              </Button>
            )}
          </li>
        ))}
      </ul>
    </Card>
  );
}

export default function UserProfile() {
  useDocumentTitle('Profile');
  const user = useStore((s) => s.user);
  const updateProfile = useStore((s) => s.updateProfile);
  const showError = useStore((s) => s.showError);
  const [form, setForm] = useState({
    name: user?.name ?? '',
    email: user?.email ?? '',
    city: user?.city ?? '',
    country: user?.country ?? '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => setSaved(false), SAVED_MS);
    return () => clearTimeout(timer);
  }, [saved]);

  if (!user) return null;

  const set = (field: Field) => (event: React.ChangeEvent<HTMLInputElement>) => {
    setForm((f) => ({ ...f, [field]: event.target.value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
    setSaved(false);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const missing = {
      name: form.name.trim() ? undefined : messages.nameRequired,
      email: form.email.trim() ? undefined : messages.emailRequired,
    };
    setErrors(missing);
    if (missing.name || missing.email) return;
    setBusy(true);
    const { error } = await updateProfile({
      name: form.name.trim(),
      email: form.email.trim(),
      city: form.city.trim() || null,
      country: form.country.trim() || null,
    });
    setBusy(false);
    if (!error) return setSaved(true);
    const field = (error.info as { field?: string } | undefined)?.field;
    if (field === 'name' || field === 'email' || field === 'city' || field === 'country') setErrors({ [field]: error.error });
    else showError(error);
  }

  return (
    <div className="space-y-8">
      <div className="flex items-center gap-4">
        <Avatar name={user.name} image={user.imageUrl} size="lg" />
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Profile</h1>
          <p className="text-sm text-gray-600">How you appear to collaborators, and where we reach you.</p>
        </div>
      </div>
      <Card>
        <CardHeader title="Personal information" />
        <form noValidate onSubmit={submit}>
          <div className="grid gap-5 px-6 py-6 sm:grid-cols-2">
            <TextField label="Name" name="name" autoComplete="name" value={form.name} onChange={set('name')} error={errors.name} />
            <TextField
              label="E-mail"
              name="email"
              type="email"
              autoComplete="email"
              value={form.email}
              onChange={set('email')}
              error={errors.email}
            />
            <TextField
              label="City"
              name="city"
              autoComplete="address-level2"
              value={form.city}
              onChange={set('city')}
              error={errors.city}
            />
            <TextField
              label="Country"
              name="country"
              autoComplete="country"
              maxLength={2}
              value={form.country}
              onChange={set('country')}
              error={errors.country}
              hint="Two-letter code, e.g. FI or US."
            />
          </div>
          <div className="flex items-center justify-end gap-4 border-t border-gray-100 px-6 py-4">
            <p role="status" className="text-sm font-medium text-emerald-700">
              {saved && (
                <span className="inline-flex items-center gap-1.5">
                  <Icon name="check" className="size-4" />
                  {messages.saved}
                </span>
              )}
            </p>
            <Button type="submit" busy={busy}>
              Save changes
            </Button>
          </div>
        </form>
      </Card>
      <ConnectedAccounts />
    </div>
  );
}

import { useEffect, useState, type FormEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { messages } from '../lib/messages.ts';
import { useStore } from '../lib/store/index.ts';
import type { Provider } from '../lib/store/session.ts';
import { Avatar } from '../ui/Avatar.tsx';
import { Button } from '../ui/Button.tsx';
import { useDocumentTitle } from '../ui/document.ts';
import { TextField } from '../ui/Field.tsx';
import { Badge, Card, CardFooter, CardHeader } from '../ui/Layout.tsx';
import { ProviderIcon } from '../ui/ProviderIcon.tsx';
import { useInstance } from '../lib/store/instance.ts';
import { atField, useSubmit } from '../ui/useSubmit.ts';
import { useFormFields } from '../ui/useFormFields.ts';

/** Spec 000 §9: the profile's saved message shows for 3 s. */
const SAVED_MS = 3000;

type Field = 'name' | 'email' | 'city' | 'country';

function ConnectedAccounts() {
  const { google, github } = useStore(useShallow((s) => ({ google: s.user?.googleAuth ?? false, github: s.user?.githubAuth ?? false })));
  const disconnect = useStore((s) => s.disconnectProvider);
  const confirmDanger = useStore((s) => s.confirmDanger);
  const oauth = useInstance()?.oauth;
  // A provider the server has not configured is left out, unless an account of it is still connected
  // (it can be disconnected).
  const rows = (
    [
      { provider: 'google', label: 'Google', connected: google },
      { provider: 'github', label: 'GitHub', connected: github },
    ] satisfies { provider: Provider; label: string; connected: boolean }[]
  ).filter((row) => row.connected || oauth?.[row.provider]);
  if (rows.length === 0) return null;
  const description =
    rows.length === 1 ? `The ${rows[0]!.label} account you can sign in with.` : 'The Google and GitHub accounts you can sign in with.';
  return (
    <Card>
      <CardHeader title="Connected accounts" description={description} />
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
                  confirmDanger(
                    {
                      title: `Disconnect ${row.label}?`,
                      text: `You will no longer be able to sign in with ${row.label}.`,
                      confirmLabel: 'Disconnect',
                    },
                    () => void disconnect(row.provider),
                  )
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
  const [saved, setSaved] = useState(false);
  const { busy, errors, check, clear, submit } = useSubmit<Field>();
  const { values: form, text } = useFormFields(
    { name: user?.name ?? '', email: user?.email ?? '', city: user?.city ?? '', country: user?.country ?? '' },
    errors,
    (field) => {
      clear(field);
      setSaved(false);
    },
  );

  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => setSaved(false), SAVED_MS);
    return () => clearTimeout(timer);
  }, [saved]);

  if (!user) return null;

  async function save(event: FormEvent) {
    event.preventDefault();
    const missing = {
      name: form.name.trim() ? undefined : messages.nameRequired,
      email: form.email.trim() ? undefined : messages.emailRequired,
    };
    if (!check(missing)) return;
    const { error } = await submit(
      () =>
        updateProfile({
          name: form.name.trim(),
          email: form.email.trim(),
          city: form.city.trim() || null,
          country: form.country.trim() || null,
        }),
      atField(['name', 'email', 'city', 'country']),
    );
    if (!error) setSaved(true);
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
        <form noValidate onSubmit={save}>
          <div className="grid gap-5 px-6 py-6 sm:grid-cols-2">
            <TextField label="Name" autoComplete="name" {...text('name')} />
            <TextField label="E-mail" type="email" autoComplete="email" {...text('email')} />
            <TextField label="City" autoComplete="address-level2" {...text('city')} />
            <TextField label="Country" autoComplete="country" maxLength={2} {...text('country')} hint="Two-letter code, e.g. FI or US." />
          </div>
          <CardFooter saved={saved ? messages.saved : null} busy={busy}>
            Save changes
          </CardFooter>
        </form>
      </Card>
      <ConnectedAccounts />
    </div>
  );
}

import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { messages } from '../lib/messages.ts';
import { useStore } from '../lib/store/index.ts';
import { Button } from '../ui/Button.tsx';
import { useDocumentTitle } from '../ui/document.ts';
import { TextField } from '../ui/Field.tsx';
import { Card, Page, PageHeader } from '../ui/Layout.tsx';
import { useSubmit } from '../ui/useSubmit.ts';

/** Join: become a collaborator of a site with the owner's code; on success go home. */
export default function Join() {
  useDocumentTitle('Join a site');
  const joinSite = useStore((s) => s.joinSite);
  const navigate = useNavigate();
  // An invite link (settings › collaborators) carries the code: /join?code=…
  const [params] = useSearchParams();
  const [code, setCode] = useState(() => params.get('code') ?? '');
  const { busy, errors, fail, clear, submit } = useSubmit();

  async function join(event: FormEvent) {
    event.preventDefault();
    const value = code.trim();
    if (!value) return fail('form', messages.joinCodeRequired);
    // No toast for a failed join (spec 000 §8); the field says why so the code can be fixed.
    const outcome = await submit(() => joinSite(value), 'form');
    if (!outcome.error) return navigate('/');
  }

  return (
    <Page width="narrow">
      <PageHeader title="Join a site" description="Got a join code from a site owner? Enter it to start editing the site together." />
      <Card className="p-6">
        <form noValidate onSubmit={join} className="flex flex-col gap-4 sm:flex-row sm:items-start">
          <TextField
            label="Join code"
            name="code"
            value={code}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            onChange={(e) => {
              setCode(e.target.value);
              clear();
            }}
            error={errors.get('form')}
            placeholder="e.g. K7Q2MZ9XPA4T"
            className="flex-1 [&_input]:font-mono [&_input]:tracking-wider"
            autoFocus
          />
          <Button type="submit" busy={busy} className="sm:mt-7">
            Join site
          </Button>
        </form>
      </Card>
    </Page>
  );
}

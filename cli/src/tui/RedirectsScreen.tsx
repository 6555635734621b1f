/** @jsxRuntime automatic */
import { Box, Text } from 'ink';
import { useState } from 'react';
import type { ScreenProps } from './App.js';
import { Confirm, HelpLine, List, StatusLine, TextInput, Title } from './components.js';
import { addRedirect, deleteRedirect, editRedirect, listRedirects, type Redirect, type RedirectsAnswer } from './data.js';
import { useLoad, useStatus } from './hooks.js';

type Mode =
  | { kind: 'list' }
  | { kind: 'from'; index: number | null; from: string; to: string }
  | { kind: 'to'; index: number | null; from: string; to: string }
  | { kind: 'delete'; index: number; redirect: Redirect };

/** Redirects (spec 002 §5): list, add, edit and delete after confirmation. */
export function RedirectsScreen({ api, siteId, onBack }: ScreenProps) {
  const redirects = useLoad(() => listRedirects(api, siteId), siteId);
  const status = useStatus();
  const [mode, setMode] = useState<Mode>({ kind: 'list' });
  const list = () => setMode({ kind: 'list' });

  // "Creation is ignored if a redirect with the same from exists": the server says so with changed: false.
  const describe = (verb: string, from: string) => (answer: RedirectsAnswer) =>
    answer.changed === false ? `Ignored: a redirect from ${from} exists already (number ${(answer.index ?? 0) + 1})` : `${verb} ${from}`;

  const save = async (index: number | null, from: string, to: string) => {
    list();
    const answer = await status.run(
      () => (index === null ? addRedirect(api, siteId, { from, to }) : editRedirect(api, siteId, index, { from, to })),
      describe(index === null ? 'Added a redirect from' : 'Saved the redirect from', from),
    );
    if (answer) redirects.reload();
  };

  const remove = async (index: number, redirect: Redirect) => {
    list();
    if (
      await status.run(
        () => deleteRedirect(api, siteId, index),
        () => `Deleted the redirect from ${redirect.from}`,
      )
    )
      redirects.reload();
  };

  return (
    <Box flexDirection="column">
      <Title>Redirects · {siteId}</Title>
      <List
        items={redirects.data ?? []}
        label={(r) => `${r.from}  →  ${r.to}${r.status ? `  (${r.status})` : ''}`}
        active={mode.kind === 'list'}
        empty={redirects.data ? 'No redirects yet: press a to add one' : redirects.loading ? 'Loading redirects…' : ''}
        onBack={onBack}
        onSelect={(r, index) => setMode({ kind: 'from', index, from: r.from, to: r.to })}
        onKey={(input, _key, r, index) => {
          if (input === 'a') setMode({ kind: 'from', index: null, from: '', to: '' });
          else if (input === 'e' && r) setMode({ kind: 'from', index, from: r.from, to: r.to });
          else if (input === 'd' && r) setMode({ kind: 'delete', index, redirect: r });
          else if (input === 'r') redirects.reload();
        }}
      />
      {mode.kind === 'from' ? (
        <TextInput
          label={mode.index === null ? 'New redirect from (a path like /old)' : 'From'}
          initial={mode.from}
          onSubmit={(from) => setMode({ ...mode, kind: 'to', from: from.trim() })}
          onCancel={list}
        />
      ) : null}
      {mode.kind === 'to' ? (
        <TextInput
          label={`${mode.from} to (a path or an https address)`}
          initial={mode.to}
          onSubmit={(to) => void save(mode.index, mode.from, to.trim())}
          onCancel={list}
        />
      ) : null}
      {mode.kind === 'delete' ? (
        <Confirm
          question={`Delete the redirect from ${mode.redirect.from} to ${mode.redirect.to}?`}
          onYes={() => void remove(mode.index, mode.redirect)}
          onNo={list}
        />
      ) : null}
      {status.busy ? <Text dimColor>Saving…</Text> : null}
      <StatusLine error={status.error ?? redirects.error} notice={status.notice} />
      {mode.kind === 'list' ? (
        <HelpLine keys={['↑/↓ j/k move', 'a add', 'e/Enter edit', 'd delete', '/ search', 'r reload', '1-4 screen', 'q/Esc back']} />
      ) : null}
    </Box>
  );
}

/** @jsxRuntime automatic */
import { Box, Text } from 'ink';
import { useState } from 'react';
import type { ScreenProps } from './App.js';
import { Confirm, HelpLine, List, StatusLine, TextInput, Title } from './components.js';
import { commitVersion, downloadVersion, loadVersions, replay, resetSite, restoreVersion, type VersionEntry } from './data.js';
import { useLoad, useStatus } from './hooks.js';

type Mode = 'list' | 'commit' | 'reset' | 'restore';

const when = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

/** Versions (spec 002): list, commit with a message, undo, redo, restore any version, reset after confirmation, download. */
export function VersionsScreen({ api, siteId, cwd, onBack }: ScreenProps) {
  const view = useLoad(() => loadVersions(api, siteId), siteId);
  const status = useStatus();
  const [mode, setMode] = useState<Mode>('list');
  const [picked, setPicked] = useState<VersionEntry | null>(null);

  const act = async <T,>(action: () => Promise<T>, notice: (result: T) => string) => {
    setMode('list');
    const result = await status.run(action, notice);
    // The counts (and the list, after a commit or reset) changed: read them again, failure or not.
    view.reload();
    return result;
  };

  const history = view.data?.history;
  return (
    <Box flexDirection="column">
      <Title>Versions · {siteId}</Title>
      {history ? (
        <Text>
          History: {history.undo} to undo, {history.redo} to redo, {history.unsaved} unsaved
        </Text>
      ) : null}
      <List<VersionEntry>
        items={view.data?.versions ?? []}
        label={(v) =>
          `#${v.id}  ${when(v.created)}  ${v.authorName ?? ''}  ${v.hash.slice(0, 12)}  ${v.message}${v.live ? '  [live]' : ''}`
        }
        active={mode === 'list'}
        onBack={onBack}
        empty={view.data ? 'No versions yet' : view.loading ? 'Loading versions…' : ''}
        onKey={(input, _key, version) => {
          if (input === 'c') setMode('commit');
          else if (input === 'u')
            void act(
              () => replay(api, siteId, 'undo'),
              (r) => `Undid an edit (${r.edits} ${r.edits === 1 ? 'value' : 'values'} written)`,
            );
          else if (input === 'r')
            void act(
              () => replay(api, siteId, 'redo'),
              (r) => `Redid an edit (${r.edits} ${r.edits === 1 ? 'value' : 'values'} written)`,
            );
          else if (input === 'x') {
            // The question says what is lost: read the counts again, someone may have edited since.
            view.reload();
            setMode('reset');
          } else if (input === 'R' && version) {
            setPicked(version);
            setMode('restore');
          } else if (input === 'd' && version)
            void act(
              () => downloadVersion(api, siteId, version, cwd),
              (file) => `Downloaded version ${version.id} to ${file}`,
            );
        }}
      />
      {mode === 'commit' ? (
        <TextInput
          label="Version message"
          onSubmit={(message) =>
            void act(
              () => commitVersion(api, siteId, message.trim()),
              (v) => `Saved version ${v.id}: ${v.message}`,
            )
          }
          onCancel={() => setMode('list')}
        />
      ) : null}
      {mode === 'reset' ? (
        <Confirm
          question={`Reset ${siteId} to its last version? ${history?.unsaved ? `${history.unsaved} unsaved ${history.unsaved === 1 ? 'change is' : 'changes are'} lost` : 'Nothing is unsaved'}.`}
          onYes={() =>
            void act(
              () => resetSite(api, siteId),
              () => `Reset ${siteId} to its last version`,
            )
          }
          onNo={() => setMode('list')}
        />
      ) : null}
      {mode === 'restore' && picked ? (
        <Confirm
          question={`Restore version ${picked.id} (${picked.message})? Undo takes it back.`}
          onYes={() =>
            void act(
              () => restoreVersion(api, siteId, picked.id),
              () => `Restored version ${picked.id}: ${picked.message}`,
            )
          }
          onNo={() => setMode('list')}
        />
      ) : null}
      {status.busy ? <Text dimColor>Working…</Text> : null}
      <StatusLine error={status.error ?? view.error} notice={status.notice} />
      {mode === 'list' ? (
        <HelpLine
          keys={[
            '↑/↓ j/k move',
            'c commit',
            'u undo',
            'r redo',
            'x reset',
            'd download',
            'R restore',
            '/ search',
            '1-4 screen',
            'q/Esc back',
          ]}
        />
      ) : null}
    </Box>
  );
}

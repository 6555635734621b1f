/** @jsxRuntime automatic */
import { Box, Text } from 'ink';
import { useState } from 'react';
import { formatSize } from '../lib/output.js';
import type { ScreenProps } from './App.js';
import { HelpLine, List, Spinner, StatusLine, Title } from './components.js';
import { publishSite, type PublishOutcome, type PublishPhase } from './data.js';
import { useStatus } from './hooks.js';

const CHOICES = [
  { type: 'webhook' as const, label: "Webhook: notify the site's webhook with the download link" },
  { type: 'download' as const, label: 'Download: save the zip in the current directory' },
];

const PHASES: Record<PublishPhase, string> = {
  compiling: 'Compiling and zipping the site…',
  downloading: 'Downloading the zip…',
};

/** Publish: choose webhook or download, wait with a spinner, then the version hash, md5, size and URL. */
export function PublishScreen({ api, siteId, cwd, onBack }: ScreenProps) {
  const status = useStatus();
  const [phase, setPhase] = useState<PublishPhase | null>(null);
  const [outcome, setOutcome] = useState<PublishOutcome | null>(null);

  const publish = async (type: 'webhook' | 'download') => {
    setOutcome(null);
    const result = await status.run(
      () => publishSite(api, siteId, type, cwd, setPhase),
      () => `Published ${siteId}`,
    );
    setPhase(null);
    if (result) setOutcome(result);
  };

  return (
    <Box flexDirection="column">
      <Title>Publish · {siteId}</Title>
      <List items={CHOICES} label={(c) => c.label} active={!status.busy} onBack={onBack} onSelect={(c) => void publish(c.type)} />
      {status.busy && phase ? <Spinner label={PHASES[phase]} /> : null}
      <StatusLine error={status.error} notice={status.notice} />
      {outcome ? <Result outcome={outcome} /> : null}
      <HelpLine keys={['↑/↓ j/k move', 'Enter publish', '1-4 screen', 'q/Esc back']} />
    </Box>
  );
}

function Result({ outcome }: { outcome: PublishOutcome }) {
  const rows: [string, string][] = [
    ['Version', outcome.version === null ? `unsaved changes (hash ${outcome.hash})` : `#${outcome.version} (hash ${outcome.hash})`],
    ['Files', String(outcome.files)],
    ['Zip', `${outcome.download.name}, ${formatSize(outcome.download.size)}`],
    ['MD5', outcome.download.md5],
    ['URL', outcome.download.url],
  ];
  if (outcome.path) rows.push(['Saved to', outcome.path]);
  if (outcome.type === 'webhook') {
    rows.push([
      'Webhook',
      outcome.webhookStatus == null ? 'no answer within 3 s (counted as delivered)' : `answered ${outcome.webhookStatus}`,
    ]);
  }
  return (
    <Box flexDirection="column" marginTop={1}>
      {rows.map(([label, value]) => (
        <Text key={label}>
          <Text bold>{`${label}:`.padEnd(10)}</Text>
          {value}
        </Text>
      ))}
    </Box>
  );
}

/** @jsxRuntime automatic */
import { Box, useApp } from 'ink';
import { useCallback, useState } from 'react';
import type { PagewrightClient } from '@pagewright/sdk';
import { CmsScreen } from './CmsScreen.js';
import { HelpLine, List, StatusLine, Title } from './components.js';
import { listSites } from './data.js';
import { useLoad } from './hooks.js';
import { KeyRouter, Level, useKeys } from './keys.js';
import { PublishScreen } from './PublishScreen.js';
import { RedirectsScreen } from './RedirectsScreen.js';
import { VersionsScreen } from './VersionsScreen.js';

export interface AppProps {
  api: PagewrightClient;
  /** --site or PAGEWRIGHT_SITE; without it the app opens on the site picker. */
  siteId?: string | null;
  /** Where downloads (versions, zips) are written: the current directory. */
  cwd: string;
}

/** What every screen gets. */
export interface ScreenProps {
  api: PagewrightClient;
  siteId: string;
  cwd: string;
  /** Back to the top menu. */
  onBack: () => void;
}

type ScreenId = 'menu' | 'cms' | 'redirects' | 'versions' | 'publish';

const SCREENS: { id: Exclude<ScreenId, 'menu'>; title: string }[] = [
  { id: 'cms', title: 'CMS items' },
  { id: 'redirects', title: 'Redirects' },
  { id: 'versions', title: 'Versions' },
  { id: 'publish', title: 'Publish' },
];

/** `pagewright tui`: a site, then a menu of four screens (also reached by the keys 1-4). */
export function App(props: AppProps) {
  return (
    <KeyRouter>
      <Screens {...props} />
    </KeyRouter>
  );
}

function Screens(props: AppProps) {
  const { exit } = useApp();
  const [siteId, setSiteId] = useState<string | null>(props.siteId ?? null);
  const [screen, setScreen] = useState<ScreenId>('menu');
  // Open inputs and questions take their keys first (keys.tsx), so typing a 2 never switches screens.
  useKeys(
    (input) => {
      const n = Number(input);
      if (input.length !== 1 || !Number.isInteger(n) || n < 1 || n > SCREENS.length) return false;
      setScreen(SCREENS[n - 1]!.id);
      return true;
    },
    { level: Level.app, active: siteId !== null },
  );
  const back = useCallback(() => setScreen('menu'), []);

  let body;
  if (siteId === null) {
    body = <SitePicker api={props.api} onPick={setSiteId} onQuit={exit} />;
  } else if (screen === 'menu') {
    body = (
      <Box flexDirection="column">
        <Title>Pagewright · {siteId}</Title>
        <List
          items={SCREENS}
          label={(s) => `${SCREENS.indexOf(s) + 1}  ${s.title}`}
          onSelect={(s) => setScreen(s.id)}
          onBack={exit}
          onKey={(input) => {
            if (input === 's') setSiteId(null);
          }}
        />
        <HelpLine keys={['↑/↓ j/k move', 'Enter open', '1-4 screen', 's other site', 'q/Esc quit']} />
      </Box>
    );
  } else {
    const screenProps: ScreenProps = { api: props.api, siteId, cwd: props.cwd, onBack: back };
    body =
      screen === 'cms' ? (
        <CmsScreen {...screenProps} />
      ) : screen === 'redirects' ? (
        <RedirectsScreen {...screenProps} />
      ) : screen === 'versions' ? (
        <VersionsScreen {...screenProps} />
      ) : (
        <PublishScreen {...screenProps} />
      );
  }
  return body;
}

/** GET /sites: the sites the user owns or works on. */
function SitePicker(props: { api: PagewrightClient; onPick: (siteId: string) => void; onQuit: () => void }) {
  const sites = useLoad(() => listSites(props.api), 'sites');
  return (
    <Box flexDirection="column">
      <Title>Pagewright · choose a site</Title>
      <StatusLine error={sites.error} />
      <List
        items={sites.data ?? []}
        label={(s) => `${s.id}  ${s.name}${s.object === 'broken' ? '  (broken)' : ''}`}
        onSelect={(s) => props.onPick(s.id)}
        onBack={props.onQuit}
        empty={sites.data ? 'No sites yet. Create one with: pagewright sites create' : sites.loading ? 'Loading sites…' : ''}
      />
      <HelpLine keys={['↑/↓ j/k move', 'Enter choose', '/ search', 'q/Esc quit']} />
    </Box>
  );
}

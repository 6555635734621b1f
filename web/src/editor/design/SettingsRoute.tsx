import { DesignWorkspace } from './DesignWorkspace.tsx';
import { SettingsScreen } from './SettingsScreen.tsx';

/** The design-settings route of spec 001 §2. */
export default function SiteDesignSettings() {
  return (
    <DesignWorkspace label="Design settings">
      <SettingsScreen />
    </DesignWorkspace>
  );
}

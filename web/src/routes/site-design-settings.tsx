import { DesignWorkspace } from '../editor/design/DesignWorkspace.tsx';
import { SettingsScreen } from '../editor/design/SettingsScreen.tsx';

/** The design-settings route of spec 001 §2. */
export default function SiteDesignSettings() {
  return (
    <DesignWorkspace label="Design settings">
      <SettingsScreen />
    </DesignWorkspace>
  );
}

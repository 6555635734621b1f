import { DesignWorkspace } from './DesignWorkspace.tsx';
import { ThemeScreen } from './ThemeScreen.tsx';

/** The design-theme route of spec 001 §2. */
export default function SiteDesignTheme() {
  return (
    <DesignWorkspace label="Theme">
      <ThemeScreen />
    </DesignWorkspace>
  );
}

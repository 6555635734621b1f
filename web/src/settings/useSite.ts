import { useSettings } from './store/index.ts';
import type { EditorSite } from './store/site.ts';
import { bodyFrom } from '../lib/formValues.ts';

/** The loaded site; settings pages render only once it is there (the layout waits for it). */
export function useSite(): EditorSite {
  const site = useSettings((s) => s.site);
  if (!site) throw new Error('The settings pages render once the site is loaded');
  return site;
}

/** What the owner-only and read-only rules of spec 002 §6 need. */
export function useRole() {
  const site = useSite();
  return { owner: site.role === 'owner', readOnly: site.isLocked, plan: site.plan };
}

/** The site settings' save: the changed paths as one PATCH (one history entry). */
export function useSaveSettings() {
  const save = useSettings((s) => s.saveSettings);
  return (changes: Map<string, unknown>) => save(bodyFrom(changes));
}

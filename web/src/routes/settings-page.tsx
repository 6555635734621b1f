/** settings/page/{pageId+} (spec 001 §2 settings-page). */
export { default } from '../settings/pages/PageSettings.tsx';

/** The settings screen of spec 002 §2: sidebar and the settings page of the route. */
export { default } from '../settings/SettingsLayout.tsx';

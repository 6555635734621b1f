/** settings/versions (spec 002 §2). */
export { default } from '../settings/pages/Versions.tsx';

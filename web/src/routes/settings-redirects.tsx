/** settings/redirects (spec 002 §2). */
export { default } from '../settings/pages/Redirects.tsx';

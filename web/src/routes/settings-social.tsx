/** settings/social (spec 002 §2). */
export { default } from '../settings/pages/Social.tsx';

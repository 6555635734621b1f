/** settings/api-keys (spec 002 §2). */
export { default } from '../settings/pages/ApiKeys.tsx';

/** settings/publish (spec 002 §2). */
export { default } from '../settings/pages/Publish.tsx';

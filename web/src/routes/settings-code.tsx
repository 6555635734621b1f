/** settings/code (spec 002 §2). */
export { default } from '../settings/pages/Code.tsx';

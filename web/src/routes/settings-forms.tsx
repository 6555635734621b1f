/** settings/forms (spec 002 §2). */
export { default } from '../settings/pages/Forms.tsx';

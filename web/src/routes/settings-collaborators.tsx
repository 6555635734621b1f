/** settings/collaborators (spec 002 §2). */
export { default } from '../settings/pages/Collaborators.tsx';

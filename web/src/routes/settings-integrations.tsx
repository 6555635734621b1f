/** settings/integrations (spec 002 §2). */
export { default } from '../settings/pages/Integrations.tsx';

/** settings/legal (spec 002 §2 "Legal"). */
export { default } from '../settings/legal/LegalOverview.tsx';

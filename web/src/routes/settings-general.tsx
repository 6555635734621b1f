/** settings/general (spec 002 §2 "General settings"). */
export { default } from '../settings/pages/General.tsx';

/** settings/compile (spec 002 §2). */
export { default } from '../settings/pages/Compile.tsx';

/** settings/forms/submissions/{id?} (spec 002 §2 "Form submissions"). */
export { default } from '../settings/pages/Submissions.tsx';

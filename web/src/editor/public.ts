/**
 * What other features may use of the page editor (the web layer rule in .dependency-cruiser.cjs):
 * the inspector's data edit, which the assets screen uses to give the pictures of a replaced image
 * their new alt text through the same history and canvas path as an edit in the inspector.
 */
export { editComponentData } from './inspector/actions.ts';

/** compiled (spec 001 §2): the list of generated files, each openable. */
export { default } from '../editor/compiled/CompiledScreen.tsx';

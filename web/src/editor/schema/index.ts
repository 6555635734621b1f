/** The Schema.org editor of the {host} panel (spec 001 §2, §3 "{host} entity", §4 "{host} editor"). */
export { SchemaOrgEditor, type SchemaOrgEditorProps } from './SchemaOrgEditor.tsx';
export { saveSchemaOrg } from './actions.ts';

import { schemaOrgProperties, type SchemaOrgVocabulary } from '@pagewright/sdk/rules';
import { invalid } from '../core/errors.js';
import { messages } from '../core/messages.js';
import { schemaOrg } from '../model/catalogs.js';
import { COMPONENT_TYPES, type SiteDoc } from '../model/document.js';
import type { Draft } from '../model/paths.js';
import { nodeOr404, updateComponent } from './components.js';

/** What a Schema.org thing or blog component describes when its description names no type. */
const IMPLIED_TYPE: Partial<Record<string, string>> = { 'schemaOrg-thing': 'Thing', 'schemaOrg-blog': 'BlogPosting' };

const known = new Set(schemaOrg.types.map((t) => t.id));
const propertiesOf = new Map<string, Set<string>>();
/** The property names a type takes (its own and its ancestors'), worked out once per type. */
function allowed(vocabulary: SchemaOrgVocabulary, type: string): Set<string> {
  let names = propertiesOf.get(type);
  if (!names) {
    names = new Set(schemaOrgProperties(vocabulary, type).map((p) => p.id));
    propertiesOf.set(type, names);
  }
  return names;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function checkValue(value: unknown, field: string, depth: number): void {
  if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) return;
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) checkValue(v, `${field}.${i}`, depth);
    return;
  }
  if (isObject(value)) {
    // A binding to a CMS field, or text per language: the renderer resolves both.
    if (typeof value._bind === 'string' || value._loc === true) return;
    if (typeof value['@type'] === 'string' && depth < 8) return checkEntity(value, field, undefined, depth + 1);
  }
  throw invalid(field, messages.schemaOrgValueInvalid);
}

function checkEntity(entity: Record<string, unknown>, field: string, implied: string | undefined, depth: number): void {
  const type = entity['@type'] ?? implied;
  if (typeof type !== 'string' || !known.has(type)) throw invalid(`${field}.@type`, messages.schemaOrgTypeUnknown);
  const names = allowed(schemaOrg, type);
  for (const [key, value] of Object.entries(entity)) {
    if (key === '@type') continue;
    if (key === '@id') {
      if (typeof value !== 'string') throw invalid(`${field}.@id`, messages.schemaOrgValueInvalid);
      continue;
    }
    if (!names.has(key)) throw invalid(`${field}.${key}`, messages.schemaOrgPropertyInvalid(key, type));
    checkValue(value, `${field}.${key}`, depth);
  }
}

/**
 * PUT /schemaorg/{componentId}: what a Schema.org component describes, checked against the
 * vocabulary of GET /schemaorg (a known type, only the properties of the type and its ancestors),
 * saved as its `value`.
 */
export function editSchemaOrg(draft: Draft<SiteDoc>, id: string, body: { json?: unknown }) {
  const node = nodeOr404(draft.doc, id);
  if (!(COMPONENT_TYPES.schemaorg as readonly string[]).includes(node.type)) throw invalid('componentId', messages.schemaOrgOnly);
  const json = body.json;
  if (!isObject(json)) throw invalid('json', messages.schemaOrgJsonInvalid);
  if (Object.keys(json).length > 0) checkEntity(json, 'json', IMPLIED_TYPE[node.type], 0);
  return updateComponent(draft, id, { data: { value: Object.keys(json).length > 0 ? json : null } });
}

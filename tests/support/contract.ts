import fs from 'node:fs';
import path from 'node:path';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import YAML from 'yaml';

type Doc = {
  paths: Record<
    string,
    Record<string, { responses?: Record<string, { content?: Record<string, { schema?: unknown }> } | { $ref: string }> }>
  >;
  components: { responses: Record<string, { content?: Record<string, { schema?: unknown }> }> };
};

export const OPENAPI_FILE = path.resolve(import.meta.dirname, '../../openapi.yaml');
export const openapi = YAML.parse(fs.readFileSync(OPENAPI_FILE, 'utf8')) as Doc;

const ajv = new Ajv2020({ strict: false, allErrors: true });
(addFormats as unknown as (a: Ajv2020) => void)(ajv);
ajv.addSchema(openapi, 'openapi');

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

interface Route {
  template: string;
  regex: RegExp;
  literal: number;
}

const routes: Route[] = Object.keys(openapi.paths)
  .map((template) => ({
    template,
    regex: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`),
    literal: template.replace(/\{[^}]+\}/g, '').length,
  }))
  // A literal path wins over a templated one (/sites/join/{code} before /sites/{siteId}/…).
  .sort((a, b) => b.literal - a.literal);

/** The openapi path template a request path (without /api) belongs to. */
export function matchPath(pathname: string): string | null {
  return routes.find((r) => r.regex.test(pathname))?.template ?? null;
}

/** Every operation of the document as `METHOD /path`. */
export function operations(): string[] {
  return Object.entries(openapi.paths).flatMap(([p, item]) => METHODS.filter((m) => item[m]).map((m) => `${m.toUpperCase()} ${p}`));
}

const esc = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');
const cache = new Map<string, ValidateFunction>();

/**
 * Checks one answer against openapi.yaml: the operation exists, the status is documented, and a
 * JSON body validates against its schema. Answers a list of problems (empty when it conforms).
 */
export function checkResponse(method: string, pathname: string, status: number, contentType: string | null, body: unknown): string[] {
  const template = matchPath(pathname);
  if (!template) return [`${method} ${pathname}: no path in openapi.yaml`];
  const op = openapi.paths[template]?.[method.toLowerCase()];
  if (!op) return [`${method} ${template}: no such operation in openapi.yaml`];
  const response = op.responses?.[String(status)];
  if (!response) return [`${method} ${template}: status ${status} is not documented`];
  if (!contentType?.includes('application/json')) return [];
  const resolved = '$ref' in response ? openapi.components.responses[response.$ref.split('/').pop()!] : response;
  if (!resolved?.content?.['application/json']) return [`${method} ${template} ${status}: answered JSON, but no JSON body is documented`];
  const pointer =
    '$ref' in response
      ? `openapi#/components/responses/${esc(response.$ref.split('/').pop()!)}/content/application~1json/schema`
      : `openapi#/paths/${esc(template)}/${method.toLowerCase()}/responses/${status}/content/application~1json/schema`;
  let validate = cache.get(pointer);
  if (!validate) {
    validate = ajv.compile({ $ref: pointer });
    cache.set(pointer, validate);
  }
  if (validate(body)) return [];
  return (validate.errors ?? []).map((e) => `${method} ${template} ${status}: ${e.instancePath || '(body)'} ${e.message}`);
}

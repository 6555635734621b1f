#!/usr/bin/env node
// `npm run gen` (after the SDK types): the operations of openapi.yaml as data for `pagewright api`
// (cli/src/generated/operations.json): each operation's method, path, id, summary, query parameters
// and request body type, and whether it pages by offset and limit. The CLI checks a path and a method
// against this table and suggests the nearest path, offline and in the packaged CLI alike.
// `npm run check` fails when the file is not what openapi.yaml gives (see operationsJson).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const OPERATIONS_FILE = 'cli/src/generated/operations.json';
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** A `$ref` of the same file, followed. */
function resolve(doc, value) {
  let here = value;
  while (here && typeof here === 'object' && typeof here.$ref === 'string') {
    here = here.$ref
      .replace(/^#\//, '')
      .split('/')
      .reduce((node, key) => node?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
  }
  return here;
}

/** The table, as the JSON text the CLI reads (one operation a line, so a diff reads well). */
export function operationsJson(yamlText) {
  const doc = parse(yamlText);
  const operations = [];
  for (const [route, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const params = [...(item.parameters ?? []), ...(op.parameters ?? [])].map((p) => resolve(doc, p));
      const query = params
        .filter((p) => p.in === 'query')
        .map((p) => {
          const schema = resolve(doc, p.schema) ?? {};
          return { name: p.name, type: schema.type ?? 'string', ...(typeof schema.maximum === 'number' ? { max: schema.maximum } : {}) };
        });
      const body = resolve(doc, op.requestBody);
      const types = Object.keys(body?.content ?? {});
      const limit = query.find((q) => q.name === 'limit');
      operations.push({
        method: method.toUpperCase(),
        path: route,
        id: op.operationId,
        summary: op.summary ?? '',
        query,
        body: types.includes('application/json') ? 'json' : types.includes('multipart/form-data') ? 'multipart' : (types[0] ?? null),
        ...(query.some((q) => q.name === 'offset') && limit ? { pageSize: limit.max ?? 100 } : {}),
      });
    }
  }
  return `[\n${operations.map((o) => `  ${JSON.stringify(o)}`).join(',\n')}\n]\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const json = operationsJson(fs.readFileSync(path.join(root, 'openapi.yaml'), 'utf8'));
  fs.mkdirSync(path.dirname(path.join(root, OPERATIONS_FILE)), { recursive: true });
  fs.writeFileSync(path.join(root, OPERATIONS_FILE), json);
  process.stdout.write(`openapi.yaml → ${OPERATIONS_FILE} (${JSON.parse(json).length} operations)\n`);
}

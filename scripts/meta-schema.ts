/**
 * Writes the field-type parts of schemas/template.schema.json from the field-type registry (`npm run schemas:meta`):
 * the types a field may name and what a type with choices must give (core/template/meta-schema.ts derives both; the
 * loader validates against that derivation). The file carries them for the editors that read it through `$schema`;
 * tests/unit/field-types/field-types.test.ts fails while it differs. Only those two values are rewritten, found by
 * their place in the syntax tree, and the file is formatted by prettier, so the rest stays as written.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SyntaxNode } from '@lezer/common';
import { parser } from '@lezer/json';
import { format, resolveConfig } from 'prettier';
import { withFieldTypes } from '../src/core/template/meta-schema';

export const META_SCHEMA_PATH = resolve(
  fileURLToPath(new URL('.', import.meta.url)),
  '../schemas/template.schema.json',
);

/** The value of the property `name` of a JSON object node. */
function valueOf(text: string, object: SyntaxNode, name: string): SyntaxNode {
  for (const property of object.getChildren('Property')) {
    const key = property.getChild('PropertyName');
    if (key && JSON.parse(text.slice(key.from, key.to)) === name && property.lastChild) return property.lastChild;
  }
  throw new Error(`schemas/template.schema.json: no property '${name}' where the field types are`);
}

/** The file with its field-type parts as the registry says, formatted as prettier formats the repository. */
export async function regenerateMetaSchema(text: string): Promise<string> {
  const derived = withFieldTypes(JSON.parse(text) as Parameters<typeof withFieldTypes>[0]).$defs.field;
  const root = parser.parse(text).topNode.firstChild;
  if (!root) throw new Error('schemas/template.schema.json is empty');
  const field = valueOf(text, valueOf(text, root, '$defs'), 'field');
  const parts = [
    { node: valueOf(text, valueOf(text, field, 'properties'), 'type'), value: derived.properties.type },
    { node: valueOf(text, field, 'allOf'), value: derived.allOf },
  ].sort((a, b) => b.node.from - a.node.from);
  let result = text;
  for (const { node, value } of parts)
    result = `${result.slice(0, node.from)}${JSON.stringify(value)}${result.slice(node.to)}`;
  return format(result, { ...(await resolveConfig(META_SCHEMA_PATH)), filepath: META_SCHEMA_PATH });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  writeFileSync(META_SCHEMA_PATH, await regenerateMetaSchema(readFileSync(META_SCHEMA_PATH, 'utf8')));
  console.log(`written ${META_SCHEMA_PATH}`);
}

/**
 * Property-name completion from `schemas/template.schema.json`: where in the document the cursor
 * is (read from the Lezer JSON syntax tree, which recovers from half-typed text), and which
 * properties the meta-schema allows there. The editor's CodeMirror completion source asks this.
 */
import type { SyntaxNode, Tree } from '@lezer/common';
import { parser } from '@lezer/json';
import metaSchema from '../../../schemas/template.schema.json';
import { keyText } from './jsonPositions';

type Segment = string | number;

export interface CompletionContext {
  /** Path of the object the cursor is in, e.g. `['groups', 0, 'fields', 1]`. */
  path: Segment[];
  /** What was typed of the key so far (without the quote). */
  partial: string;
  /** Where the typed key begins (its opening quote, if typed): the completion replaces from here. */
  replaceFrom: number;
  /** Where the typed key ends (after its closing quote, if there is one). */
  replaceTo: number;
  /** Keys the object already has, besides the one being typed. */
  present: string[];
}

const VALUES = new Set(['Object', 'Array', 'String', 'Number', 'True', 'False', 'Null']);

function pathOf(text: string, object: SyntaxNode): Segment[] {
  const path: Segment[] = [];
  for (let node = object; node.parent && node.parent.name !== 'JsonText'; node = node.parent) {
    const parent = node.parent;
    if (parent.name === 'Property') {
      const name = parent.getChild('PropertyName');
      path.unshift(name ? keyText(text, name) : '');
      node = parent;
      if (!node.parent) break;
    } else if (parent.name === 'Array') {
      let index = 0;
      for (let sibling = node.prevSibling; sibling; sibling = sibling.prevSibling)
        if (VALUES.has(sibling.name)) index++;
      path.unshift(index);
    }
  }
  return path;
}

function keysOf(text: string, object: SyntaxNode, except: SyntaxNode | null): string[] {
  return object
    .getChildren('Property')
    .map((property) => property.getChild('PropertyName'))
    .filter((name): name is SyntaxNode => !!name && (!except || name.from !== except.from))
    .map((name) => keyText(text, name));
}

/** The completion context at `offset`, or null when the cursor is not where a property name goes. */
export function completionContextAt(
  text: string,
  offset: number,
  tree: Tree = parser.parse(text),
): CompletionContext | null {
  const node = tree.resolveInner(offset, -1);
  if (node.name === 'PropertyName' && offset > node.from) {
    const object = node.parent?.parent;
    if (object?.name !== 'Object') return null;
    const closed = node.to - node.from > 1 && text[node.to - 1] === '"' && offset < node.to;
    return {
      path: pathOf(text, object),
      partial: text.slice(node.from + 1, offset),
      replaceFrom: node.from,
      replaceTo: closed ? node.to : offset,
      present: keysOf(text, object, node),
    };
  }
  // Between tokens or in text the parser could not read (a key being typed without its closing quote).
  const object =
    node.name === 'Object'
      ? node
      : ['⚠', '{', ','].includes(node.name) && node.parent?.name === 'Object'
        ? node.parent
        : null;
  if (!object) return null;
  const typed = /"?[A-Za-z0-9$_-]*$/.exec(text.slice(Math.max(object.from, offset - 200), offset))?.[0] ?? '';
  const start = offset - typed.length;
  // A key goes right after the object's `{` or a `,`.
  let before = object.childBefore(start);
  while (before && before.name === '⚠' && before.from >= start) before = before.prevSibling;
  if (!before || (before.name !== '{' && before.name !== ',')) return null;
  const quoted = typed.startsWith('"');
  return {
    path: pathOf(text, object),
    partial: quoted ? typed.slice(1) : typed,
    replaceFrom: start,
    replaceTo: offset,
    present: keysOf(text, object, null),
  };
}

type SchemaNode = Record<string, unknown>;
const root = metaSchema as unknown as SchemaNode;

function resolveRef(node: SchemaNode): SchemaNode {
  const ref = node.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#/')) return node;
  let target: unknown = root;
  for (const part of ref.slice(2).split('/')) target = (target as SchemaNode | undefined)?.[part];
  return typeof target === 'object' && target !== null ? resolveRef(target as SchemaNode) : node;
}

/** A node with every branch that may add properties (allOf, anyOf, oneOf, then, else). */
function expand(node: SchemaNode): SchemaNode[] {
  const resolved = resolveRef(node);
  const result = [resolved];
  for (const key of ['allOf', 'anyOf', 'oneOf']) {
    const branches = resolved[key];
    if (Array.isArray(branches)) for (const branch of branches) result.push(...expand(branch as SchemaNode));
  }
  for (const key of ['then', 'else']) {
    const branch = resolved[key];
    if (typeof branch === 'object' && branch !== null) result.push(...expand(branch as SchemaNode));
  }
  return result;
}

function child(node: SchemaNode, segment: Segment): SchemaNode | undefined {
  if (typeof segment === 'number') {
    const items = node.items;
    return typeof items === 'object' && items !== null ? (items as SchemaNode) : undefined;
  }
  const properties = node.properties as Record<string, SchemaNode> | undefined;
  if (properties?.[segment]) return properties[segment];
  const additional = node.additionalProperties;
  return typeof additional === 'object' && additional !== null ? (additional as SchemaNode) : undefined;
}

export interface PropertySuggestion {
  name: string;
  description?: string;
  required: boolean;
}

/** The properties the meta-schema allows in the object at `path` (required ones first). */
export function propertiesAt(path: readonly Segment[]): PropertySuggestion[] {
  let nodes = expand(root);
  for (const segment of path) {
    nodes = nodes.flatMap((node) => {
      const next = child(node, segment);
      return next ? expand(next) : [];
    });
  }
  const found = new Map<string, PropertySuggestion>();
  for (const node of nodes) {
    const required = new Set(Array.isArray(node.required) ? (node.required as string[]) : []);
    const properties = node.properties as Record<string, SchemaNode> | undefined;
    for (const [name, schema] of Object.entries(properties ?? {})) {
      if (name === '$schema') continue;
      const description =
        typeof resolveRef(schema).description === 'string' ? (resolveRef(schema).description as string) : undefined;
      const previous = found.get(name);
      found.set(name, {
        name,
        description: previous?.description ?? description,
        required: (previous?.required ?? false) || required.has(name),
      });
    }
  }
  return [...found.values()].sort((a, b) => Number(b.required) - Number(a.required) || a.name.localeCompare(b.name));
}

/** Suggestions for the cursor: allowed, not yet present, starting with what was typed. */
export function suggestionsAt(
  text: string,
  offset: number,
): { context: CompletionContext; suggestions: PropertySuggestion[] } | null {
  const context = completionContextAt(text, offset);
  if (!context) return null;
  const typed = context.partial.toLowerCase();
  const suggestions = propertiesAt(context.path).filter(
    (s) => !context.present.includes(s.name) && s.name.toLowerCase().startsWith(typed),
  );
  return suggestions.length ? { context, suggestions } : null;
}

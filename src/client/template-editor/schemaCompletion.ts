/**
 * Property-name completion from `schemas/template.schema.json`: where in the document the cursor
 * is (a tolerant scan of the text before it), and which properties the meta-schema allows there.
 */
import metaSchema from '../../../schemas/template.schema.json';

type Segment = string | number;

export interface CompletionContext {
  /** Path of the object the cursor is in, e.g. `['groups', 0, 'fields', 1]`. */
  path: Segment[];
  /** What was typed of the key so far (without the quote). */
  partial: string;
  /** Where the typed key begins (its opening quote, if typed): the completion replaces from here. */
  replaceFrom: number;
  /** Keys the object already has before the cursor. */
  present: string[];
}

interface ObjectFrame {
  kind: 'object';
  segment: Segment | null;
  key: string | null;
  expectKey: boolean;
  keys: string[];
}
interface ArrayFrame {
  kind: 'array';
  segment: Segment | null;
  index: number;
}
type Frame = ObjectFrame | ArrayFrame;

/** The completion context at `offset`, or null when the cursor is not where a property name goes. */
export function completionContextAt(text: string, offset: number): CompletionContext | null {
  const stack: Frame[] = [];
  const childSegment = (): Segment | null => {
    const top = stack[stack.length - 1];
    if (!top) return null;
    return top.kind === 'array' ? top.index : top.key;
  };
  let i = 0;
  while (i < offset) {
    const char = text[i]!;
    if (char === '"') {
      let end = i + 1;
      while (end < text.length && text[end] !== '"' && text[end] !== '\n') end += text[end] === '\\' ? 2 : 1;
      const top = stack[stack.length - 1];
      if (end >= offset) {
        // The cursor is inside this string: a key being typed?
        if (top?.kind === 'object' && top.expectKey) {
          return { path: pathOf(stack), partial: text.slice(i + 1, offset), replaceFrom: i, present: top.keys };
        }
        return null;
      }
      if (top?.kind === 'object' && top.expectKey) {
        top.key = text.slice(i + 1, end);
        top.keys.push(top.key);
        top.expectKey = false;
      }
      i = end + 1;
      continue;
    }
    if (char === '{' || char === '[') {
      const segment = childSegment();
      stack.push(char === '{' ? { kind: 'object', segment, key: null, expectKey: true, keys: [] } : { kind: 'array', segment, index: 0 });
    } else if (char === '}' || char === ']') {
      stack.pop();
    } else if (char === ',') {
      const top = stack[stack.length - 1];
      if (top?.kind === 'object') {
        top.expectKey = true;
        top.key = null;
      } else if (top?.kind === 'array') top.index++;
    }
    i++;
  }
  const top = stack[stack.length - 1];
  if (top?.kind !== 'object' || !top.expectKey) return null;
  const partial = /[A-Za-z$_]*$/.exec(text.slice(0, offset))?.[0] ?? '';
  return { path: pathOf(stack), partial, replaceFrom: offset - partial.length, present: top.keys };
}

function pathOf(stack: Frame[]): Segment[] {
  return stack.slice(1).map((frame) => frame.segment ?? '');
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
      const description = typeof resolveRef(schema).description === 'string' ? (resolveRef(schema).description as string) : undefined;
      const previous = found.get(name);
      found.set(name, { name, description: previous?.description ?? description, required: (previous?.required ?? false) || required.has(name) });
    }
  }
  return [...found.values()].sort((a, b) => Number(b.required) - Number(a.required) || a.name.localeCompare(b.name));
}

/** Suggestions for the cursor: allowed, not yet present, starting with what was typed. */
export function suggestionsAt(text: string, offset: number): { context: CompletionContext; suggestions: PropertySuggestion[] } | null {
  const context = completionContextAt(text, offset);
  if (!context) return null;
  const typed = context.partial.toLowerCase();
  const suggestions = propertiesAt(context.path).filter(
    (s) => !context.present.includes(s.name) && s.name.toLowerCase().startsWith(typed),
  );
  return suggestions.length ? { context, suggestions } : null;
}

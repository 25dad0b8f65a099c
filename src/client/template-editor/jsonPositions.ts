/**
 * Where each JSON pointer of a document sits, read from the Lezer JSON syntax tree (the one the
 * CodeMirror editor parses too), so the checker's pointer-based faults (`/groups/0/fields/2/rules/1`)
 * land at their place. Lezer recovers from syntax faults, so a half-typed document still maps.
 */
import type { SyntaxNode, Tree } from '@lezer/common';
import { parser } from '@lezer/json';

/** Where a reader looks for a pointer: a property's key, an array element's or the document's value. */
export interface JsonSpan {
  from: number;
  to: number;
}

const VALUES = new Set(['Object', 'Array', 'String', 'Number', 'True', 'False', 'Null']);

const escapePointer = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

/** A key's text without its quotes; a key with broken escapes still names itself. */
export function keyText(text: string, name: SyntaxNode): string {
  const raw = text.slice(name.from, name.to);
  try {
    return JSON.parse(raw) as string;
  } catch {
    return raw.replace(/^"|"$/g, '');
  }
}

function visit(text: string, node: SyntaxNode, pointer: string, span: JsonSpan, spans: Map<string, JsonSpan>): void {
  if (!spans.has(pointer)) spans.set(pointer, span);
  if (node.name === 'Object') {
    for (const property of node.getChildren('Property')) {
      const name = property.getChild('PropertyName');
      const value = property.lastChild;
      if (!name) continue;
      const child = `${pointer}/${escapePointer(keyText(text, name))}`;
      const keySpan = { from: name.from, to: name.to };
      if (value && VALUES.has(value.name)) visit(text, value, child, keySpan, spans);
      else if (!spans.has(child)) spans.set(child, keySpan);
    }
  } else if (node.name === 'Array') {
    let index = 0;
    for (let child = node.firstChild; child; child = child.nextSibling) {
      if (!VALUES.has(child.name)) continue;
      visit(text, child, `${pointer}/${index++}`, firstLineOf(text, child), spans);
    }
  }
}

function firstLineOf(text: string, node: SyntaxNode): JsonSpan {
  const lineEnd = text.indexOf('\n', node.from);
  return { from: node.from, to: lineEnd === -1 ? node.to : Math.min(node.to, lineEnd) };
}

/** The span of every pointer the text defines (`tree` when the caller has parsed it already). */
export function scanPointers(text: string, tree: Tree = parser.parse(text)): Map<string, JsonSpan> {
  const spans = new Map<string, JsonSpan>();
  const root = tree.topNode.firstChild;
  if (root && VALUES.has(root.name)) visit(text, root, '', firstLineOf(text, root), spans);
  return spans;
}

/**
 * The span a pointer's fault belongs at; a pointer the document lacks (a missing property) is
 * shown at its nearest existing parent.
 */
export function spanOfPointer(pointer: string, spans: Map<string, JsonSpan>): JsonSpan | undefined {
  for (let current = pointer; ; current = current.slice(0, current.lastIndexOf('/'))) {
    const span = spans.get(current);
    if (span || current === '') return span;
  }
}

/** 1-based line of an offset. */
export function lineOfOffset(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/** The line a pointer's fault belongs on (see `spanOfPointer`). */
export function lineOfPointer(text: string, pointer: string, spans = scanPointers(text)): number {
  const span = spanOfPointer(pointer, spans);
  return span ? lineOfOffset(text, span.from) : 1;
}

/**
 * Renaming a field in one step (issue #34): the field itself and every place that names it — conditions, result
 * formulas, list columns and filters, import aliases — so the renamed template checks exactly like the old one. The
 * old name is kept in `formerNames`, which is how a migration carries a calculation's value to the new name.
 *
 * Formulas are rewritten on their text, token by token, so the admin's spacing and quoting stay as written: a name is
 * replaced where it is a field reference (an identifier that is neither a function name nor a member key after `.`,
 * or the quoted first argument of `option('…')`); a factor key or an option value that happens to read the same stays.
 */
import type { Field, Group, Template } from './types';

/** Which field: a top-level one by name, or one of a repeatable group's item fields (`group` is that group's id). */
export interface FieldRef {
  group?: string;
  name: string;
}

/** Places that name a field, as the form editor lists them before a rename or a delete. */
export interface FieldUsage {
  /** JSON pointers of the conditions (`visibleIf`) and result formulas that name the field. */
  pointers: string[];
  listColumn: boolean;
  listFilter: boolean;
  /** Import alias headers that point at the field. */
  aliases: string[];
}

type Token = { kind: 'name' | 'string' | 'other'; start: number; end: number; text: string };

const NAME_START = /[A-Za-z_$]/;
const NAME_PART = /[A-Za-z0-9_$]/;

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const char = text[i]!;
    const start = i;
    if (/\s/.test(char)) {
      i++;
      continue;
    }
    if (char === "'" || char === '"') {
      i++;
      while (i < text.length && text[i] !== char) i += text[i] === '\\' ? 2 : 1;
      i = Math.min(i + 1, text.length);
      tokens.push({ kind: 'string', start, end: i, text: text.slice(start, i) });
      continue;
    }
    if (NAME_START.test(char)) {
      while (i < text.length && NAME_PART.test(text[i]!)) i++;
      tokens.push({ kind: 'name', start, end: i, text: text.slice(start, i) });
      continue;
    }
    if (/[0-9.]/.test(char) && /[0-9]/.test(text[i + 1] ?? char)) {
      // A number (also `1e3`, `.5`): its letters are no names.
      while (i < text.length && /[0-9.eE]/.test(text[i]!))
        i += /[eE]/.test(text[i]!) && /[+-]/.test(text[i + 1] ?? '') ? 2 : 1;
      tokens.push({ kind: 'other', start, end: i, text: text.slice(start, i) });
      continue;
    }
    i++;
    tokens.push({ kind: 'other', start, end: i, text: char });
  }
  return tokens;
}

const unquote = (token: Token) => token.text.slice(1, -1);

/** Token index ranges `[from, to)` of the second argument of every `sum(group, …)` call. */
function sumBodies(tokens: Token[], group: string): [number, number][] {
  const ranges: [number, number][] = [];
  tokens.forEach((token, index) => {
    if (token.kind !== 'name' || token.text !== 'sum' || tokens[index + 1]?.text !== '(') return;
    const first = tokens[index + 2];
    if (first?.kind !== 'name' || first.text !== group || tokens[index + 3]?.text !== ',') return;
    let depth = 1;
    let end = index + 4;
    for (; end < tokens.length; end++) {
      if (tokens[end]!.text === '(') depth++;
      else if (tokens[end]!.text === ')' && --depth === 0) break;
    }
    ranges.push([index + 4, end]);
  });
  return ranges;
}

/** Indexes of the tokens in `text` that reference field `name` (restricted to `within` when given). */
function referenceTokens(tokens: Token[], name: string, within?: [number, number][]): number[] {
  const found: number[] = [];
  tokens.forEach((token, index) => {
    if (within && !within.some(([from, to]) => index >= from && index < to)) return;
    const before = tokens[index - 1];
    if (token.kind === 'name' && token.text === name) {
      if (before?.text === '.' || tokens[index + 1]?.text === '(') return;
      found.push(index);
    } else if (token.kind === 'string' && unquote(token) === name) {
      const callee = tokens[index - 2];
      if (before?.text === '(' && callee?.kind === 'name' && callee.text === 'option') found.push(index);
    }
  });
  return found;
}

function rewrite(text: string, tokens: Token[], indexes: number[], to: string): string {
  let out = text;
  for (const index of [...indexes].reverse()) {
    const token = tokens[index]!;
    const replacement = token.kind === 'string' ? `${token.text[0]}${to}${token.text[0]}` : to;
    out = out.slice(0, token.start) + replacement + out.slice(token.end);
  }
  return out;
}

/** Where a formula-like text may name the field: every text for a top-level field, the group's own places for an item field. */
interface Place {
  pointer: string;
  text: string;
  /** Only inside `sum(group, …)` (result formulas naming an item field). */
  sumOf?: string;
}

function places(template: Template, ref: FieldRef): Place[] {
  const found: Place[] = [];
  template.groups.forEach((group, groupIndex) => {
    const ownLevel = ref.group === undefined ? !group.repeatable : group.id === ref.group;
    if (!ownLevel) return;
    group.fields.forEach((field, fieldIndex) => {
      if (field.visibleIf !== undefined)
        found.push({ pointer: `/groups/${groupIndex}/fields/${fieldIndex}/visibleIf`, text: field.visibleIf });
    });
  });
  template.results.forEach((result, index) =>
    found.push({ pointer: `/results/${index}/formula`, text: result.formula, sumOf: ref.group }),
  );
  return found;
}

function matches(place: Place, name: string): { tokens: Token[]; indexes: number[] } {
  const tokens = tokenize(place.text);
  const within = place.sumOf === undefined ? undefined : sumBodies(tokens, place.sumOf);
  return { tokens, indexes: referenceTokens(tokens, name, within) };
}

const aliasTarget = (ref: FieldRef) => (ref.group === undefined ? ref.name : `${ref.group}.${ref.name}`);

/** Every place in the template that names the field (the field's own definition excluded). */
export function fieldUsage(template: Template, ref: FieldRef): FieldUsage {
  const pointers = places(template, ref)
    .filter((place) => matches(place, ref.name).indexes.length > 0)
    .map((place) => place.pointer);
  const top = ref.group === undefined;
  const target = aliasTarget(ref);
  return {
    pointers,
    listColumn: top && template.list.columns.includes(ref.name),
    listFilter: top && (template.list.filters ?? []).includes(ref.name),
    aliases: Object.entries(template.import?.aliases ?? {})
      .filter(([, field]) => field === target)
      .map(([header]) => header),
  };
}

export const isUsed = (usage: FieldUsage): boolean =>
  usage.pointers.length > 0 || usage.listColumn || usage.listFilter || usage.aliases.length > 0;

/**
 * The template with field `ref` renamed to `to` everywhere it is named. The field remembers its former name
 * (`formerNames`), unless the new name is one it had before (a rename undone), which is then dropped from the list.
 */
export function renameField(template: Template, ref: FieldRef, to: string): Template {
  if (to === ref.name) return template;
  const edits = new Map<string, string>();
  for (const place of places(template, ref)) {
    const { tokens, indexes } = matches(place, ref.name);
    if (indexes.length > 0) edits.set(place.pointer, rewrite(place.text, tokens, indexes, to));
  }
  const renameOwn = (field: Field): Field => {
    if (field.name !== ref.name) return field;
    const former = [...(field.formerNames ?? []).filter((name) => name !== to), ref.name];
    return { ...field, name: to, formerNames: [...new Set(former)] };
  };
  const groups: Group[] = template.groups.map((group, groupIndex) => {
    const ownLevel = ref.group === undefined ? !group.repeatable : group.id === ref.group;
    if (!ownLevel) return group;
    return {
      ...group,
      fields: group.fields.map((field, fieldIndex) => {
        const condition = edits.get(`/groups/${groupIndex}/fields/${fieldIndex}/visibleIf`);
        const renamed = renameOwn(field);
        return condition === undefined ? renamed : { ...renamed, visibleIf: condition };
      }),
    };
  });
  const results = template.results.map((result, index) => {
    const formula = edits.get(`/results/${index}/formula`);
    return formula === undefined ? result : { ...result, formula };
  });
  const top = ref.group === undefined;
  const swap = (name: string) => (top && name === ref.name ? to : name);
  const renamed: Template = {
    ...template,
    groups,
    results,
    list: {
      ...template.list,
      columns: template.list.columns.map(swap),
      ...(template.list.filters ? { filters: template.list.filters.map(swap) } : {}),
    },
  };
  if (template.import) {
    const target = aliasTarget(ref);
    const next = aliasTarget({ group: ref.group, name: to });
    renamed.import = {
      ...template.import,
      aliases: Object.fromEntries(
        Object.entries(template.import.aliases).map(([header, field]) => [header, field === target ? next : field]),
      ),
    };
  }
  return renamed;
}

/**
 * A result's formula with completion: the template's field names, repeatable groups and other results, the formula
 * engine's functions (core/formula/functions.ts, with their usage), and the factor keys of a category the admin picks
 * (offered quoted, `factor('paper_coated')`). Under it, the value the formula has with the live preview's test values.
 */
import { Box, FormHelperText, ListItemText, MenuItem, MenuList, Paper, TextField } from '@mui/material';
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslate } from 'react-admin';
import { knownFieldType } from '../../core/field-types';
import { FUNCTIONS } from '../../core/formula/functions';
import { localizeUnit } from '../../core/template';
import { formatResult } from '../template-forms/resultFormat';
import { useLanguage } from '../i18n/useLanguage';
import { CategoryPicker, useCategoryFactors } from './CategoryPicker';
import type { EditableTemplate } from './definitionEdits';
import { usePreviewValue } from './previewValues';

export interface Suggestion {
  /** What is inserted in place of the word being typed. */
  insert: string;
  /** What the list shows beside it. */
  detail: string;
  kind: 'field' | 'group' | 'result' | 'function' | 'factor';
}

/** The word being typed before the caret: an identifier, or a quoted factor key (`'pap`). */
export function wordBefore(text: string, caret: number): { start: number; word: string; quoted: boolean } {
  const match = /'?[A-Za-z0-9_]*$/.exec(text.slice(0, caret))!;
  return { start: match.index, word: match[0].replace(/^'/, ''), quoted: match[0].startsWith("'") };
}

/** What may be completed at the caret, best first: names that start with the word, then names that contain it. */
export function suggestionsFor(
  all: readonly Suggestion[],
  text: string,
  caret: number,
): { start: number; items: Suggestion[] } {
  const { start, word, quoted } = wordBefore(text, caret);
  // A quote right after a name closes a key already completed (`'paper'`): nothing to offer there.
  if (quoted && /[A-Za-z0-9_]/.test(text[start - 1] ?? '')) return { start, items: [] };
  const afterFactor = /factor\(\s*'?$/.test(text.slice(0, start + (quoted ? 1 : 0)));
  if (!quoted && word === '' && !afterFactor) return { start, items: [] };
  const pool = quoted ? all.filter((s) => s.kind === 'factor') : all;
  const name = (s: Suggestion) => s.insert.replace(/^'|'$|\($/g, '');
  const lower = word.toLowerCase();
  const starts = pool.filter((s) => name(s).toLowerCase().startsWith(lower));
  const contains = lower ? pool.filter((s) => !starts.includes(s) && name(s).toLowerCase().includes(lower)) : [];
  const items = [...starts, ...contains].filter((s) => !(name(s) === word && !quoted));
  // After `factor(` the factor fields and keys come first.
  if (afterFactor)
    items.sort(
      (a, b) => Number(b.kind === 'factor' || b.kind === 'field') - Number(a.kind === 'factor' || a.kind === 'field'),
    );
  return { start, items: items.slice(0, 12) };
}

function templateSuggestions(definition: EditableTemplate, self: string | undefined, lang: string): Suggestion[] {
  const suggestions: Suggestion[] = [];
  for (const group of definition.groups ?? []) {
    if (group.repeatable && group.id)
      suggestions.push({ insert: group.id, detail: group.label?.[lang as 'de'] ?? '', kind: 'group' });
    for (const field of group.fields ?? []) {
      if (field.name)
        suggestions.push({
          insert: field.name,
          detail: `${field.label?.[lang as 'de'] ?? ''}${group.repeatable ? ` · ${group.id}` : ''}`,
          kind: 'field',
        });
    }
  }
  for (const result of definition.results ?? []) {
    if (result.name && result.name !== self)
      suggestions.push({ insert: result.name, detail: result.label?.[lang as 'de'] ?? '', kind: 'result' });
  }
  for (const [name, signature] of Object.entries(FUNCTIONS))
    suggestions.push({ insert: `${name}(`, detail: signature.usage, kind: 'function' });
  return suggestions;
}

/** The factor keys of a category over the databases the admin sees, quoted as `factor()` takes them. */
function useCategoryKeys(category: string | undefined): Suggestion[] {
  const lang = useLanguage();
  const factors = useCategoryFactors(category);
  return useMemo(
    () =>
      factors.map((factor): Suggestion => ({
        insert: `'${factor.key}'`,
        detail: factor.label?.[lang] ?? factor.unit,
        kind: 'factor',
      })),
    [factors, lang],
  );
}

/**
 * Completion at the caret of `text`: what `all` offers for the word typed there, the item marked, and the input's
 * keys that move the mark, accept it (the suggestion replaces the word) or close the list.
 */
function useCompletion(all: readonly Suggestion[], text: string, onChange: (text: string) => void) {
  const input = useRef<HTMLInputElement>(null);
  const [caret, setCaret] = useState<number | null>(null);
  const [active, setActive] = useState(0);
  const { start, items } = caret === null ? { start: 0, items: [] } : suggestionsFor(all, text, caret);

  const accept = (suggestion: Suggestion) => {
    const next = text.slice(0, start) + suggestion.insert + text.slice(caret ?? start);
    const at = start + suggestion.insert.length;
    onChange(next);
    setCaret(at);
    setActive(0);
    requestAnimationFrame(() => input.current?.setSelectionRange(at, at));
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (items.length === 0) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => (i + (event.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length);
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      event.preventDefault();
      accept(items[Math.min(active, items.length - 1)]!);
    } else if (event.key === 'Escape') {
      setCaret(null);
    }
  };
  return {
    input,
    items,
    active,
    accept,
    onKeyDown,
    /** A typed text, with the caret after it. */
    type: (next: string, at: number | null) => {
      onChange(next);
      setCaret(at);
      setActive(0);
    },
    /** The caret moved (a click, an arrow key). */
    track: () => setCaret(input.current?.selectionStart ?? null),
    close: () => setCaret(null),
  };
}

type Completion = ReturnType<typeof useCompletion>;

/** The completions under the formula; a press picks one before the input's blur closes the list. */
const SuggestionList = ({ completion, testId }: { completion: Completion; testId: string }) => {
  const { items, active, accept } = completion;
  const translate = useTranslate();
  return (
    <Paper
      elevation={4}
      sx={{ position: 'absolute', zIndex: 10, left: 0, maxWidth: 520, maxHeight: 280, overflow: 'auto' }}
    >
      <MenuList dense role="listbox" data-testid={`${testId}-suggestions`}>
        {items.map((item, index) => (
          <MenuItem
            key={`${item.kind}:${item.insert}`}
            selected={index === active}
            role="option"
            data-testid={`${testId}-suggestion-${item.insert.replace(/[('"]/g, '')}`}
            onMouseDown={(event) => {
              event.preventDefault();
              accept(item);
            }}
          >
            <ListItemText
              primary={
                <Box component="span" sx={{ fontFamily: 'monospace' }}>
                  {item.insert}
                </Box>
              }
              secondary={`${translate(`templateEditor.authoring.suggestion_kinds.${item.kind}`)}${item.detail ? ` · ${item.detail}` : ''}`}
            />
          </MenuItem>
        ))}
      </MenuList>
    </Paper>
  );
};

const PreviewValue = ({ name, testId }: { name: string | undefined; testId: string }) => {
  const translate = useTranslate();
  const lang = useLanguage();
  const preview = usePreviewValue(name);
  return (
    <FormHelperText data-testid={`${testId}-preview-value`}>
      {preview
        ? translate('templateEditor.authoring.preview_value', {
            value: `${formatResult(preview.value, lang)} ${localizeUnit(preview.unit, lang)}`,
          })
        : translate('templateEditor.authoring.no_preview_value')}
    </FormHelperText>
  );
};

export const FormulaInput = ({
  definition,
  result,
  testId,
  onChange,
}: {
  definition: EditableTemplate;
  result: { name?: string; formula?: string };
  testId: string;
  onChange: (formula: string) => void;
}) => {
  const translate = useTranslate();
  const lang = useLanguage();
  const factorCategories = (definition.groups ?? [])
    .flatMap((g) => g.fields ?? [])
    .filter((f) => knownFieldType(f.type)?.choices === 'factors' && f.category)
    .map((f) => f.category!);
  const [category, setCategory] = useState<string | undefined>(factorCategories[0]);
  const keys = useCategoryKeys(category);
  const all = useMemo(
    () => [...templateSuggestions(definition, result.name, lang), ...keys],
    [definition, result.name, lang, keys],
  );
  const completion = useCompletion(all, result.formula ?? '', onChange);

  return (
    <Box sx={{ position: 'relative' }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', columnGap: 1 }}>
        <TextField
          size="small"
          margin="dense"
          fullWidth
          label={translate('templateEditor.form.formula')}
          placeholder={translate('templateEditor.form.formula_help')}
          value={result.formula ?? ''}
          inputRef={completion.input}
          onChange={(e) => completion.type(e.target.value, e.target.selectionStart)}
          onKeyDown={completion.onKeyDown}
          onKeyUp={(e) =>
            (e.key === 'ArrowLeft' || e.key === 'ArrowRight' || e.key === 'Home' || e.key === 'End') &&
            completion.track()
          }
          onClick={completion.track}
          onBlur={completion.close}
          slotProps={{
            htmlInput: {
              'data-testid': `${testId}-formula`,
              style: { fontFamily: 'monospace' },
              autoComplete: 'off',
              role: 'combobox',
              'aria-expanded': completion.items.length > 0,
              'aria-autocomplete': 'list',
            },
          }}
        />
        <CategoryPicker
          value={category}
          onChange={setCategory}
          testId={`${testId}-factor-category`}
          label={translate('templateEditor.authoring.factor_keys_of')}
        />
      </Box>
      {completion.items.length ? <SuggestionList completion={completion} testId={testId} /> : null}
      <PreviewValue name={result.name} testId={testId} />
    </Box>
  );
};

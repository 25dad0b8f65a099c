/**
 * The JSON editor: a plain `<textarea>` over a highlighted copy of its text (the textarea's own
 * text is transparent, so the caret and selection stay native), a line-number gutter that marks
 * faulty lines, and property-name completion from the meta-schema (typing in a key position, or
 * Ctrl+Space). The textarea grows with its content, so one scroll box moves all three together.
 */
import { Box, List, ListItemButton, ListItemText, Paper, Tooltip } from '@mui/material';
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { tokenizeJson, type JsonTokenKind } from './jsonTokens';
import { suggestionsAt, type CompletionContext, type PropertySuggestion } from './schemaCompletion';
import type { EditorFault } from './validation';

const LINE_HEIGHT = 20;
const PADDING = 8;
const FONT = '13px/20px ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace';

const COLORS: Record<JsonTokenKind, string> = {
  key: '#0b5cad',
  string: '#a31515',
  number: '#098658',
  literal: '#7a3e9d',
  punctuation: '#555',
  plain: 'inherit',
};

interface Completion {
  context: CompletionContext;
  suggestions: PropertySuggestion[];
  selected: number;
  line: number;
  column: number;
}

export interface JsonEditorProps {
  value: string;
  onChange: (value: string) => void;
  faults: readonly EditorFault[];
  label: string;
}

export const JsonEditor = ({ value, onChange, faults, label }: JsonEditorProps) => {
  const textarea = useRef<HTMLTextAreaElement>(null);
  const [completion, setCompletion] = useState<Completion | null>(null);
  const lines = useMemo(() => value.split('\n'), [value]);
  const longest = useMemo(() => lines.reduce((max, line) => Math.max(max, line.length), 0), [lines]);
  const highlighted = useMemo(
    () => tokenizeJson(value).map((token, index) => (
      <span key={index} style={{ color: COLORS[token.kind] }}>{token.text}</span>
    )),
    [value],
  );
  const faultsByLine = useMemo(() => {
    const map = new Map<number, string[]>();
    for (const fault of faults) map.set(fault.line, [...(map.get(fault.line) ?? []), `${fault.pointer || '/'}: ${fault.message}`]);
    return map;
  }, [faults]);

  const openCompletion = (text: string, offset: number, explicit: boolean) => {
    const found = suggestionsAt(text, offset);
    if (!found || (!explicit && found.context.partial === '' && text[offset - 1] !== '"')) {
      setCompletion(null);
      return;
    }
    const before = text.slice(0, offset).split('\n');
    setCompletion({ ...found, selected: 0, line: before.length, column: before[before.length - 1]!.length });
  };

  const accept = (suggestion: PropertySuggestion) => {
    if (!completion || !textarea.current) return;
    const cursor = textarea.current.selectionStart;
    const after = value.slice(cursor);
    // A closing quote the user (or the browser) already typed is replaced too.
    const rest = after.startsWith('"') ? after.slice(1) : after;
    const insert = `"${suggestion.name}": `;
    const next = value.slice(0, completion.context.replaceFrom) + insert + rest.replace(/^\s*:\s*/, '');
    const caret = completion.context.replaceFrom + insert.length;
    onChange(next);
    setCompletion(null);
    requestAnimationFrame(() => {
      textarea.current?.setSelectionRange(caret, caret);
      textarea.current?.focus();
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === ' ' && event.ctrlKey) {
      event.preventDefault();
      openCompletion(value, event.currentTarget.selectionStart, true);
      return;
    }
    if (!completion) {
      if (event.key === 'Tab') {
        // Tab indents instead of leaving the editor.
        event.preventDefault();
        const start = event.currentTarget.selectionStart;
        const next = `${value.slice(0, start)}  ${value.slice(event.currentTarget.selectionEnd)}`;
        onChange(next);
        const target = event.currentTarget;
        requestAnimationFrame(() => target.setSelectionRange(start + 2, start + 2));
      }
      return;
    }
    const count = completion.suggestions.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : count - 1;
      setCompletion({ ...completion, selected: (completion.selected + step) % count });
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      event.preventDefault();
      accept(completion.suggestions[completion.selected]!);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setCompletion(null);
    }
  };

  const height = lines.length * LINE_HEIGHT + 2 * PADDING;
  const width = `max(100%, calc(${longest + 2}ch + ${2 * PADDING}px))`;
  const layer = { font: FONT, padding: `${PADDING}px`, margin: 0, whiteSpace: 'pre', tabSize: 2, letterSpacing: 0, border: 0 } as const;

  return (
    <Box
      data-testid="json-editor"
      sx={{ position: 'relative', display: 'flex', border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: '#fbfbfd', maxHeight: '70vh', overflow: 'auto' }}
    >
      <Box component="ol" aria-hidden sx={{ listStyle: 'none', m: 0, py: `${PADDING}px`, px: 1, font: FONT, color: 'text.secondary', textAlign: 'right', bgcolor: '#f0f1f5', userSelect: 'none', position: 'sticky', left: 0, zIndex: 2, minWidth: '3.5em', height: 'fit-content', minHeight: height }}>
        {lines.map((_, index) => {
          const problems = faultsByLine.get(index + 1);
          return problems ? (
            <Tooltip key={index} title={problems.join('\n')} placement="right">
              <li data-testid={`fault-line-${index + 1}`} style={{ height: LINE_HEIGHT, color: '#fff', background: '#c62828', borderRadius: 3, paddingRight: 4 }}>{index + 1}</li>
            </Tooltip>
          ) : (
            <li key={index} style={{ height: LINE_HEIGHT, paddingRight: 4 }}>{index + 1}</li>
          );
        })}
      </Box>
      <Box sx={{ position: 'relative', flex: 1, minWidth: 0 }}>
        <Box component="pre" aria-hidden sx={{ ...layer, position: 'absolute', inset: 0, pointerEvents: 'none', color: '#222', width }}>
          {highlighted}
          {'\n'}
        </Box>
        <textarea
          ref={textarea}
          aria-label={label}
          data-testid="json-editor-input"
          value={value}
          spellCheck={false}
          wrap="off"
          onChange={(event) => {
            onChange(event.target.value);
            openCompletion(event.target.value, event.target.selectionStart, false);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setTimeout(() => setCompletion(null), 150)}
          style={{ ...layer, display: 'block', width, height, resize: 'none', overflow: 'hidden', background: 'transparent', color: 'transparent', caretColor: '#000', outline: 'none', position: 'relative' }}
        />
        {completion ? (
          <Paper
            elevation={6}
            role="listbox"
            data-testid="json-completion"
            sx={{ position: 'absolute', zIndex: 3, top: completion.line * LINE_HEIGHT + PADDING, left: `calc(${completion.column}ch + ${PADDING}px)`, maxHeight: 220, overflow: 'auto', minWidth: 220 }}
          >
            <List dense disablePadding>
              {completion.suggestions.slice(0, 30).map((suggestion, index) => (
                <ListItemButton
                  key={suggestion.name}
                  role="option"
                  selected={index === completion.selected}
                  aria-selected={index === completion.selected}
                  onMouseDown={(event) => {
                    event.preventDefault();
                    accept(suggestion);
                  }}
                >
                  <ListItemText
                    primary={suggestion.required ? `${suggestion.name} *` : suggestion.name}
                    secondary={suggestion.description}
                    slotProps={{ primary: { sx: { fontFamily: 'monospace' } }, secondary: { noWrap: true, sx: { maxWidth: 320 } } }}
                  />
                </ListItemButton>
              ))}
            </List>
          </Paper>
        ) : null}
      </Box>
    </Box>
  );
};

/**
 * The JSON editor: CodeMirror 6 with the JSON language, property-name completion from the
 * meta-schema (typing in a key position, or Ctrl+Space) and the faults of the checks as lint
 * markers at their JSON pointer. Its own chunk (`React.lazy` in the editor page), so only the
 * provider admins who open the JSON tab download CodeMirror.
 */
import {
  autocompletion,
  closeBrackets,
  closeBracketsKeymap,
  completionKeymap,
  pickedCompletion,
  type Completion,
  type CompletionSource,
} from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { json } from '@codemirror/lang-json';
import { bracketMatching, HighlightStyle, indentOnInput, syntaxHighlighting } from '@codemirror/language';
import { lintGutter, setDiagnostics, type Diagnostic } from '@codemirror/lint';
import { Annotation, Compartment, EditorState, type Text } from '@codemirror/state';
import {
  drawSelection,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  keymap,
  lineNumbers,
} from '@codemirror/view';
import { tags } from '@lezer/highlight';
import { Box } from '@mui/material';
import { useEffect, useRef } from 'react';
import { useTranslate } from 'react-admin';
import { scanPointers, spanOfPointer } from './jsonPositions';
import { completionContextAt, suggestionsAt } from './schemaCompletion';
import type { EditorFault } from './validation';

const FONT = '13px/20px ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace';

const highlight = HighlightStyle.define([
  { tag: tags.propertyName, color: '#0b5cad' },
  { tag: tags.string, color: '#a31515' },
  { tag: tags.number, color: '#098658' },
  { tag: [tags.bool, tags.null], color: '#7a3e9d' },
  { tag: [tags.separator, tags.brace, tags.squareBracket], color: '#555' },
]);

const theme = EditorView.theme({
  '&': { maxHeight: '70vh', backgroundColor: '#fbfbfd', color: '#222' },
  '&.cm-focused': { outline: 'none' },
  '.cm-scroller': { font: FONT, overflow: 'auto' },
  '.cm-gutters': { backgroundColor: '#f0f1f5', borderRight: 'none', minWidth: '3.5em' },
  '.cm-tooltip-autocomplete ul li[aria-selected]': { backgroundColor: '#0b5cad' },
});

/** Marks the text this editor receives from its props, which is no user edit to report back. */
const fromProps = Annotation.define<boolean>();

/** A key just typed after `{`, `,` or a quote, or any key position on Ctrl+Space. */
const schemaCompletions: CompletionSource = (context) => {
  const text = context.state.doc.toString();
  const found = suggestionsAt(text, context.pos);
  if (!found || (!context.explicit && found.context.partial === '' && text[context.pos - 1] !== '"')) return null;
  const quoted = text[found.context.replaceFrom] === '"';
  return {
    from: quoted ? found.context.replaceFrom + 1 : found.context.replaceFrom,
    // The suggestions are already the allowed names starting with what was typed, required ones first.
    filter: false,
    options: found.suggestions.map((suggestion): Completion => ({
      label: suggestion.name,
      displayLabel: suggestion.required ? `${suggestion.name} *` : suggestion.name,
      info: suggestion.description,
      type: 'property',
      apply: (view, completion) => {
        const doc = view.state.doc.toString();
        const at = completionContextAt(doc, view.state.selection.main.head);
        if (!at) return;
        // The key's closing quote and a colon already there are replaced too.
        const colon = /^\s*:\s*/.exec(doc.slice(at.replaceTo, at.replaceTo + 100))?.[0] ?? '';
        const insert = `"${suggestion.name}": `;
        view.dispatch({
          changes: { from: at.replaceFrom, to: at.replaceTo + colon.length, insert },
          selection: { anchor: at.replaceFrom + insert.length },
          annotations: pickedCompletion.of(completion),
          userEvent: 'input.complete',
        });
      },
    })),
  };
};

function clamp(doc: Text, position: number): number {
  return Math.max(0, Math.min(doc.length, position));
}

/** The faults as diagnostics: a syntax fault at its line and column, any other at its pointer's key or value. */
function diagnosticsOf(doc: Text, faults: readonly EditorFault[]): Diagnostic[] {
  const text = doc.toString();
  const spans = scanPointers(text);
  return faults.map((fault) => {
    const message = `${fault.pointer || '/'}: ${fault.message}`;
    if (fault.column !== undefined) {
      const line = doc.line(Math.min(fault.line, doc.lines));
      const from = clamp(doc, Math.min(line.from + fault.column - 1, line.to));
      return { from, to: Math.min(from + 1, line.to), severity: 'error', message };
    }
    const span = spanOfPointer(fault.pointer, spans) ?? doc.line(Math.min(fault.line, doc.lines));
    return { from: clamp(doc, span.from), to: clamp(doc, span.to), severity: 'error', message };
  });
}

export interface JsonEditorProps {
  value: string;
  onChange: (value: string) => void;
  faults: readonly EditorFault[];
  label: string;
}

const JsonEditor = ({ value, onChange, faults, label }: JsonEditorProps) => {
  const translate = useTranslate();
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const onChangeRef = useRef(onChange);
  const localized = useRef(new Compartment());

  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  // CodeMirror's own texts and the editor's accessible name, in the user's language.
  const configuration = [
    EditorState.phrases.of({
      Completions: translate('templateEditor.editor.codemirror.completions'),
      Diagnostics: translate('templateEditor.editor.codemirror.diagnostics'),
      'No diagnostics': translate('templateEditor.editor.codemirror.no_diagnostics'),
      close: translate('templateEditor.editor.codemirror.close'),
      'Selection deleted': translate('templateEditor.editor.codemirror.selection_deleted'),
      'Control character': translate('templateEditor.editor.codemirror.control_character'),
    }),
    EditorView.contentAttributes.of({ 'aria-label': label, 'data-testid': 'json-editor-input' }),
  ];
  const configurationRef = useRef(configuration);
  configurationRef.current = configuration;

  useEffect(() => {
    const editor = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: value,
        extensions: [
          lineNumbers(),
          highlightActiveLineGutter(),
          lintGutter(),
          history(),
          drawSelection(),
          indentOnInput(),
          bracketMatching(),
          closeBrackets(),
          highlightActiveLine(),
          json(),
          syntaxHighlighting(highlight),
          autocompletion({ override: [schemaCompletions], icons: false }),
          // Tab indents instead of leaving the editor (Escape, then Tab, leaves it).
          keymap.of([...closeBracketsKeymap, ...completionKeymap, ...defaultKeymap, ...historyKeymap, indentWithTab]),
          theme,
          localized.current.of(configurationRef.current),
          EditorView.updateListener.of((update) => {
            if (update.docChanged && !update.transactions.some((transaction) => transaction.annotation(fromProps))) {
              onChangeRef.current(update.state.doc.toString());
            }
          }),
        ],
      }),
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
    // The editor is created once; later values arrive through the effect below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    view.current?.dispatch({ effects: localized.current.reconfigure(configurationRef.current) });
  }, [translate, label]);

  // Text from outside (the form tab, an import, a save) replaces the document.
  useEffect(() => {
    const editor = view.current;
    if (!editor || editor.state.doc.toString() === value) return;
    editor.dispatch({
      changes: { from: 0, to: editor.state.doc.length, insert: value },
      annotations: fromProps.of(true),
    });
  }, [value]);

  useEffect(() => {
    const editor = view.current;
    if (editor) editor.dispatch(setDiagnostics(editor.state, diagnosticsOf(editor.state.doc, faults)));
  }, [faults, value]);

  return (
    <Box
      ref={host}
      data-testid="json-editor"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden' }}
    />
  );
};

export default JsonEditor;

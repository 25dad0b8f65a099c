/**
 * The template editor in the browser (msw): the Templates list for provider admins, the form editor
 * writing the JSON, validation as you type with faults at their lines, completion from the
 * meta-schema, and server faults (by JSON pointer) placed on lines after a refused save. The JSON
 * tab is CodeMirror: the tests type through its view as a keyboard would (user input transactions).
 */
import { completionStatus, currentCompletions } from '@codemirror/autocomplete';
import { forEachDiagnostic, type Diagnostic } from '@codemirror/lint';
import { EditorView } from '@codemirror/view';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { SessionUser, TemplateEditorInfo, TemplateRecord, TemplateVersionRecord } from '../../../src/core/api';
import { emptyTemplate, toText } from '../../../src/client/template-editor/definitionEdits';
import { lineOfPointer } from '../../../src/client/template-editor/jsonPositions';
import { completionContextAt, suggestionsAt } from '../../../src/client/template-editor/schemaCompletion';
import { checkTemplateText } from '../../../src/client/template-editor/validation';
import { putRecords } from '../calculations.mock';
import { API, mandantAdmin, providerAdmin as provider, server, spy, store } from '../mockServer';
import { renderApp } from '../renderApp';
import { slowdown } from '../../support/load';

/** The provider admin, reading English. */
const providerAdmin: SessionUser = { ...provider, language: 'en' };

const skeleton = emptyTemplate();
const listed: (TemplateRecord & TemplateEditorInfo)[] = [
  {
    id: 'brochure',
    version: 1,
    type: 'product',
    label: 'Brochure',
    labels: skeleton.label,
    description: null,
    icon: 'MenuBook',
    definition: { ...skeleton, id: 'brochure' },
    source: 'file',
    status: 'published',
    version_count: 1,
    usage: 7,
  },
  {
    id: 'envelope',
    version: 2,
    type: 'product',
    label: 'Envelope',
    labels: skeleton.label,
    description: null,
    icon: 'Email',
    definition: { ...skeleton, id: 'envelope' },
    source: 'app',
    status: 'draft',
    version_count: 2,
    usage: 0,
  },
];

/**
 * The listed templates and the factor categories in the shared handlers' store (which answer the versions, databases
 * and load errors, and a saved draft); `answer` replaces the save's answer for a test about a refused save.
 */
function serveTemplates(answer?: () => Response): unknown[] {
  putRecords('templates', listed);
  // `paperx` is a key the editor knows when it loads; the server may still refuse a formula at save (see below).
  store.setAnswer(providerAdmin, '/api/factor-categories', [
    { key: 'paper', factor_count: 3, factor_keys: ['paper_coated', 'paper_recycled', 'paperx'], label: null },
    {
      key: 'transport',
      factor_count: 3,
      factor_keys: ['road_freight_truck', 'rail_freight', 'air_freight'],
      label: null,
    },
  ]);
  if (answer) server.use(http.post(`${API}/templates`, answer));
  // What the app saves: the spy goes after the override, as msw asks the handler added last first.
  return spy('post', '/templates').bodies;
}

/** The CodeMirror view of the JSON tab, once its chunk has loaded. */
async function jsonEditor(): Promise<EditorView> {
  const host = await screen.findByTestId('json-editor');
  await waitFor(() => expect(EditorView.findFromDOM(host)).not.toBeNull());
  return EditorView.findFromDOM(host)!;
}

/** Replaces the whole text, as a paste would. */
function paste(view: EditorView, text: string) {
  act(() => view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text }, userEvent: 'input.paste' }));
}

/** Types `text` at `at` (the cursor ends after it), as a keyboard would. */
function typeAt(view: EditorView, at: number, text: string) {
  act(() =>
    view.dispatch({
      changes: { from: at, insert: text },
      selection: { anchor: at + text.length },
      userEvent: 'input.type',
    }),
  );
}

function diagnostics(view: EditorView): (Diagnostic & { line: number; marked: string })[] {
  const found: (Diagnostic & { line: number; marked: string })[] = [];
  forEachDiagnostic(view.state, (diagnostic, from, to) => {
    found.push({
      ...diagnostic,
      from,
      to,
      line: view.state.doc.lineAt(from).number,
      marked: view.state.sliceDoc(from, to),
    });
  });
  return found;
}

describe('template editor: positions, completion, checks', () => {
  const text = '{\n  "id": "x",\n  "groups": [\n    {\n      "id": "general",\n      "fields": []\n    }\n  ]\n}';

  it('maps JSON pointers to lines, a missing property to its parent', () => {
    expect(lineOfPointer(text, '/id')).toBe(2);
    expect(lineOfPointer(text, '/groups/0/fields')).toBe(6);
    expect(lineOfPointer(text, '/groups/0/label')).toBe(4);
    expect(lineOfPointer(text, '')).toBe(1);
  });

  it('completes property names the meta-schema allows at the cursor', () => {
    const partial = '{\n  "groups": [ { "fields": [ { "na';
    expect(completionContextAt(partial, partial.length)).toMatchObject({
      path: ['groups', 0, 'fields', 0],
      partial: 'na',
    });
    expect(suggestionsAt(partial, partial.length)?.suggestions.map((s) => s.name)).toEqual(['name']);
    const root = '{ "id": "x", ';
    const names = suggestionsAt(root, root.length)?.suggestions.map((s) => s.name) ?? [];
    expect(names).toEqual(expect.arrayContaining(['groups', 'results', 'label', 'list']));
    expect(names).not.toContain('id');
    expect(suggestionsAt('{ "id": "', 9)).toBeNull();
    // A key already closed by its quote is replaced whole; after a value without a comma no key goes.
    const closed = '{ "groups": [ {}, { "na" } ] }';
    expect(completionContextAt(closed, closed.indexOf('na') + 2)).toMatchObject({
      path: ['groups', 1],
      partial: 'na',
      replaceTo: closed.indexOf('na') + 3,
    });
    expect(completionContextAt('{ "id": "x" ', 12)).toBeNull();
    expect(completionContextAt('{}', 1)).toMatchObject({ path: [], partial: '' });
  });

  it('finds the load-time faults as you type, each on its line', () => {
    const valid = toText(skeleton);
    expect(checkTemplateText(valid)).toMatchObject({ faults: [] });
    expect(checkTemplateText(valid).template?.id).toBe('new-template');
    const broken = valid.replace('"quantity * 0.01"', '"quantity * factr(2)"');
    const { faults, template } = checkTemplateText(broken);
    expect(template).toBeUndefined();
    const line = broken.split('\n').findIndex((l) => l.includes('factr')) + 1;
    expect(faults).toEqual([expect.objectContaining({ pointer: '/results/0/formula', line })]);
    // Worded in the reader's language, as the server words it (issue #20).
    expect(checkTemplateText(broken, undefined, 'de').faults[0]!.message).toBe('unbekannte Funktion „factr“');
    expect(checkTemplateText('{\n  "id": "x",\n  oops\n}', undefined, 'de').faults[0]).toMatchObject({
      line: 3,
      column: 3,
      message: expect.stringMatching(/^ungültiges JSON in Zeile 3, Spalte 3/),
    });
    expect(checkTemplateText('{\n  "id": "x",\n  oops\n}').faults[0]).toMatchObject({ line: 3 });
  });
});

describe('templates screen', () => {
  it('lists templates with source, status, versions and usage for provider admins', async () => {
    serveTemplates();
    renderApp('/templates', { signedInAs: providerAdmin });
    // The first render loads the templates screen's chunk: slow in jsdom on a busy machine.
    const row = await screen.findByTestId('template-row-brochure');
    expect(within(row).getByText('File (shipped)')).toBeInTheDocument();
    expect(within(row).getByText('7')).toBeInTheDocument();
    const envelope = screen.getByTestId('template-row-envelope');
    expect(within(envelope).getByText('Created in the app')).toBeInTheDocument();
    expect(within(envelope).getByText('Draft')).toBeInTheDocument();
    expect(within(envelope).getByText('v2')).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Templates' })).toBeInTheDocument();
  });

  it('lists the template files the server rejected, with file, place and message (issue #20)', async () => {
    serveTemplates();
    store.setAnswer(providerAdmin, '/api/template-load-errors', [
      { file: 'poster.json', pointer: '/results/1/formula', message: "unknown function 'facter'" },
      {
        file: 'notes.json',
        pointer: '',
        message: 'invalid JSON at line 1, column 17: Unexpected end of JSON input',
      },
    ]);
    renderApp('/templates', { signedInAs: providerAdmin });
    const rejected = await screen.findByTestId('template-load-errors');
    expect(rejected).toHaveTextContent('2 template files were not loaded:');
    expect(rejected).toHaveTextContent("poster.json · at /results/1/formula: unknown function 'facter'");
    expect(rejected).toHaveTextContent('notes.json · at /: invalid JSON at line 1');
  });

  it('is closed to mandant users and not in their menu', async () => {
    serveTemplates();
    renderApp('/templates', { signedInAs: mandantAdmin });
    expect(await screen.findByText('Nur Anbieter-Administratoren können Vorlagen bearbeiten.')).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Vorlagen' })).toBeNull();
  });
});

describe('template editor', () => {
  it(
    'saves a shipped template as the first draft of a new template under the id given, and opens it',
    async () => {
      const posts = serveTemplates();
      const brochure = listed[0]!;
      const shippedVersion: TemplateVersionRecord = {
        id: 'brochure@1',
        template_id: 'brochure',
        version: 1,
        status: 'published',
        source: 'file',
        label: 'Brochure',
        created_by: null,
        created_at: null,
        published_at: null,
        usage: 7,
        definition: brochure.definition,
      };
      store.setAnswer(providerAdmin, '/api/templates/brochure/versions', [shippedVersion]);
      const { user } = renderApp('/templates/brochure?version=1', { signedInAs: providerAdmin });
      // A shipped template keeps its own id: only "save as new" saves it.
      await user.click(await screen.findByTestId('template-save-as-new'));
      const id = await screen.findByTestId('copy-id');
      expect(id).toHaveValue('brochure-copy');
      await user.clear(id);
      await user.type(id, 'brochure-house');
      await user.click(screen.getByTestId('copy-confirm'));

      await waitFor(() => expect(posts).toHaveLength(1));
      expect(posts[0]).toMatchObject({ status: 'draft', mode: 'new', definition: { id: 'brochure-house' } });
      await waitFor(() => expect(window.location.pathname).toBe('/templates/brochure-house'));
    },
    120_000 * slowdown(),
  );

  it(
    'picks the icon from the catalogue and a factor category by name and key (issue #20)',
    async () => {
      const posts = serveTemplates();
      const { user } = renderApp('/templates/new', { signedInAs: providerAdmin });
      await screen.findByTestId('form-editor', {}, { timeout: 90_000 });
      await user.click(screen.getByTestId('te-icon'));
      await user.click(await screen.findByTestId('te-icon-option-Email'));
      expect(screen.getByTestId('te-icon')).toHaveTextContent('Email');

      fireEvent.change(screen.getByTestId('te-field-0-1-type'), { target: { value: 'factor' } });
      await user.click(await screen.findByTestId('te-field-0-1-category'));
      await user.click(await screen.findByTestId('te-field-0-1-category-option-paper'));
      expect(screen.getByTestId('te-field-0-1-category')).toHaveValue('Paper (paper)');

      await user.click(screen.getByTestId('template-save-draft'));
      await waitFor(() => expect(posts).toHaveLength(1));
      const definition = (posts[0] as { definition: { icon: string; groups: { fields: { category?: string }[] }[] } })
        .definition;
      expect(definition.icon).toBe('Email');
      expect(definition.groups[0]!.fields[1]!.category).toBe('paper');
    },
    300_000 * slowdown(),
  );

  it(
    'builds a field\u2019s rules from the catalogue, each argument in its own input, so between:1,100000000 is one rule (issue #20)',
    async () => {
      const posts = serveTemplates();
      const { user } = renderApp('/templates/new', { signedInAs: providerAdmin });
      await screen.findByTestId('form-editor');
      // The skeleton's quantity field comes with its rules; they are shown as entries and kept.
      const rule = (index: number, part: string) => `te-field-0-1-rule-${index}-${part}`;
      const before = within(screen.getByTestId('te-field-0-1-rules')).getAllByRole('combobox').length;
      const kept = Array.from(
        { length: before },
        (_, i) => (screen.getByTestId(rule(i, 'name')) as HTMLSelectElement).value,
      );
      expect(kept).toContain('required');
      await user.click(screen.getByTestId('te-field-0-1-add-rule'));
      fireEvent.change(screen.getByTestId(rule(before, 'name')), { target: { value: 'between' } });
      await user.type(screen.getByTestId(rule(before, 'arg-0')), '1');
      await user.type(screen.getByTestId(rule(before, 'arg-1')), '100000000');
      expect(screen.getByTestId(rule(before, 'arg-1'))).toHaveValue('100000000');
      await user.click(screen.getByTestId('te-field-0-1-add-rule'));
      expect(screen.getByTestId(rule(before + 1, 'name'))).toHaveValue('required');
      await user.click(screen.getByTestId(rule(before + 1, 'remove')));
      expect(screen.queryByTestId(rule(before + 1, 'name'))).toBeNull();
      await user.click(screen.getByTestId('template-save-draft'));
      await waitFor(() => expect(posts).toHaveLength(1));
      const definition = (posts[0] as { definition: { groups: { fields: { rules?: string[] }[] }[] } }).definition;
      expect(definition.groups[0]!.fields[1]!.rules?.slice(before)).toEqual(['between:1,100000000']);
      expect(definition.groups[0]!.fields[1]!.rules).toHaveLength(before + 1);
    },
    300_000 * slowdown(),
  );

  it(
    'writes form edits into the JSON, flags faults at their line and shows the server’s faults after a refused save',
    async () => {
      const posts = serveTemplates(() =>
        HttpResponse.json(
          {
            message: 'The template fails the checks (1 faults).',
            errors: { '/results/0/formula': "unknown factor 'paperx'" },
          },
          { status: 400 },
        ),
      );
      const { user } = renderApp('/templates/new', { signedInAs: providerAdmin });
      await screen.findByTestId('form-editor');
      expect(await screen.findByTestId('template-valid')).toBeInTheDocument();

      await user.click(screen.getByTestId('te-add-repeatable-group'));
      await waitFor(() => expect(screen.getByTestId('te-group-1')).toBeInTheDocument());
      fireEvent.change(screen.getByTestId('te-group-1-id'), { target: { value: 'parts' } });

      await user.click(screen.getByTestId('tab-json'));
      const view = await jsonEditor();
      expect(screen.getByRole('textbox', { name: 'Template JSON' })).toBe(view.contentDOM);
      const json = JSON.parse(view.state.doc.toString()) as { groups: { id: string; repeatable?: boolean }[] };
      expect(json.groups[1]).toMatchObject({ id: 'parts', repeatable: true });

      // An unknown property: the fault shows with its line, in the list and as a marker on its key.
      const withTypo = view.state.doc
        .toString()
        .replace('"type": "product",', '"type": "product",\n  "colour": "red",');
      paste(view, withTypo);
      const line = withTypo.split('\n').findIndex((l) => l.includes('colour')) + 1;
      await waitFor(() =>
        expect(diagnostics(view)).toEqual([
          expect.objectContaining({
            line,
            marked: '"colour"',
            severity: 'error',
            message: expect.stringContaining('/colour'),
          }),
        ]),
      );
      // The summary says where in words (the JSON tab adds the line), not as a JSON pointer.
      expect(screen.getByTestId('template-faults')).toHaveTextContent(
        `Template (Line ${line})unknown property 'colour'`,
      );
      await waitFor(() => expect(view.dom.querySelector('.cm-lint-marker-error')).not.toBeNull());

      // Fixed again, then saved: the server's fault lands on the formula's line.
      paste(
        view,
        toText({ ...skeleton, results: [{ ...skeleton.results[0], formula: "quantity * factor('paperx')" }] }),
      );
      await waitFor(() => expect(screen.getByTestId('template-valid')).toBeInTheDocument());
      expect(diagnostics(view)).toEqual([]);
      await user.click(screen.getByTestId('template-save-draft'));
      expect(await screen.findByTestId('template-server-error')).toHaveTextContent('The template fails the checks');
      expect(posts).toEqual([
        expect.objectContaining({
          status: 'draft',
          mode: 'new',
          definition: expect.objectContaining({ id: 'new-template' }),
        }),
      ]);
      const formulaLine =
        view.state.doc
          .toString()
          .split('\n')
          .findIndex((l) => l.includes('paperx')) + 1;
      await waitFor(() =>
        expect(diagnostics(view)).toEqual([
          expect.objectContaining({
            line: formulaLine,
            marked: '"formula"',
            message: "/results/0/formula: unknown factor 'paperx'",
          }),
        ]),
      );
      expect(screen.getByTestId('template-faults')).toHaveTextContent("unknown factor 'paperx'");
    },
    90_000 * slowdown(),
  );

  it(
    'completes property names from the meta-schema as you type or on Ctrl+Space, and marks a syntax fault at its column',
    async () => {
      serveTemplates();
      const { user } = renderApp('/templates/new', { signedInAs: providerAdmin });
      await screen.findByTestId('form-editor');
      await user.click(screen.getByTestId('tab-json'));
      const view = await jsonEditor();

      // Typing a key in a field object offers the field's properties that start with it.
      paste(view, '{\n  "groups": [\n    { "fields": [\n      {  }\n    ] }\n  ]\n}');
      const inField = view.state.doc.toString().indexOf('{  }') + 2;
      typeAt(view, inField, '"na');
      await waitFor(() => expect(completionStatus(view.state)).toBe('active'));
      expect(currentCompletions(view.state).map((option) => option.label)).toEqual(['name']);
      expect(await screen.findByRole('listbox')).toHaveTextContent('name *');
      // CodeMirror takes Enter for the completion only once the list has been open 75 ms (its interactionDelay): with
      // fast queries the test pressed it sooner and the key was ignored (issue #38).
      await new Promise((resolve) => setTimeout(resolve, 100));
      fireEvent.keyDown(view.contentDOM, { key: 'Enter' });
      expect(view.state.doc.toString()).toContain('{ "name":  }');
      expect(view.state.selection.main.head).toBe(inField + '"name": '.length);

      // Typing a value is no place for property names; Ctrl+Space at a key position lists them all.
      typeAt(view, view.state.selection.main.head, '"x');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(completionStatus(view.state)).toBeNull();
      paste(view, '{\n  "id": "x",\n  \n}');
      act(() => view.dispatch({ selection: { anchor: '{\n  "id": "x",\n  '.length } }));
      fireEvent.keyDown(view.contentDOM, { key: ' ', code: 'Space', ctrlKey: true });
      await waitFor(() => expect(completionStatus(view.state)).toBe('active'));
      const names = currentCompletions(view.state).map((option) => option.label);
      expect(names).toEqual(expect.arrayContaining(['groups', 'results', 'label', 'list']));
      expect(names).not.toContain('id');
      fireEvent.keyDown(view.contentDOM, { key: 'Escape' });
      await waitFor(() => expect(completionStatus(view.state)).toBeNull());

      // A syntax fault is marked at the line and column the parser names.
      paste(view, '{\n  "id": "x",\n  oops\n}');
      await waitFor(() =>
        expect(diagnostics(view)).toEqual([expect.objectContaining({ line: 3, from: '{\n  "id": "x",\n  '.length })]),
      );
    },
    60_000 * slowdown(),
  );
});

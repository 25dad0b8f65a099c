/**
 * The template editor in the browser (msw): the Templates list for provider admins, the form editor
 * writing the JSON, validation as you type with faults at their lines, completion from the
 * meta-schema, and server faults (by JSON pointer) placed on lines after a refused save.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { SessionUser, TemplateEditorInfo, TemplateRecord, TemplateVersionRecord } from '../../src/core/api';
import { emptyTemplate, toText } from '../../src/client/template-editor/definitionEdits';
import { lineOfPointer } from '../../src/client/template-editor/jsonPositions';
import { completionContextAt, suggestionsAt } from '../../src/client/template-editor/schemaCompletion';
import { checkTemplateText } from '../../src/client/template-editor/validation';
import { API, mandantAdmin, server } from './mockServer';
import { renderApp } from './renderApp';

const providerAdmin: SessionUser = {
  id: 1, email: 'admin@kontor.example', name: 'Paula Provider', role: 'provider_admin', language: 'en', mandant_id: null, mandant_name: null,
};

const skeleton = emptyTemplate();
const listed: (TemplateRecord & TemplateEditorInfo)[] = [
  { id: 'brochure', version: 1, type: 'product', label: 'Brochure', labels: skeleton.label, description: null, icon: 'MenuBook', definition: { ...skeleton, id: 'brochure' }, source: 'file', status: 'published', version_count: 1, usage: 7 },
  { id: 'envelope', version: 2, type: 'product', label: 'Envelope', labels: skeleton.label, description: null, icon: 'Email', definition: { ...skeleton, id: 'envelope' }, source: 'app', status: 'draft', version_count: 2, usage: 0 },
];

function serveTemplates(posts: unknown[] = [], answer?: () => Response) {
  server.use(
    http.get(`${API}/templates`, () => HttpResponse.json(listed, { headers: { 'Content-Range': `templates 0-1/2` } })),
    http.get(`${API}/databases`, () => HttpResponse.json([], { headers: { 'Content-Range': 'databases */0' } })),
    http.get(`${API}/templates/:id/versions`, () => HttpResponse.json([])),
    http.get(`${API}/template-load-errors`, () => HttpResponse.json([])),
    http.get(`${API}/factor-categories`, () => HttpResponse.json([{ key: 'paper', factor_count: 4 }, { key: 'transport', factor_count: 3 }])),
    http.post(`${API}/templates`, async ({ request }) => {
      posts.push(await request.json());
      if (answer) return answer();
      const record: TemplateVersionRecord = {
        id: 'new-template@1', template_id: 'new-template', version: 1, status: 'draft', source: 'app', label: 'New template',
        created_by: 1, created_at: '2026-01-01T00:00:00Z', published_at: null, usage: 0, definition: skeleton,
      };
      return HttpResponse.json(record, { status: 201 });
    }),
  );
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
    expect(completionContextAt(partial, partial.length)).toMatchObject({ path: ['groups', 0, 'fields', 0], partial: 'na' });
    expect(suggestionsAt(partial, partial.length)?.suggestions.map((s) => s.name)).toEqual(['name']);
    const root = '{ "id": "x", ';
    const names = suggestionsAt(root, root.length)?.suggestions.map((s) => s.name) ?? [];
    expect(names).toEqual(expect.arrayContaining(['groups', 'results', 'label', 'list']));
    expect(names).not.toContain('id');
    expect(suggestionsAt('{ "id": "', 9)).toBeNull();
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
    expect(checkTemplateText('{\n  "id": "x",\n  oops\n}').faults[0]).toMatchObject({ line: 3 });
  });
});

describe('templates screen', () => {
  it('lists templates with source, status, versions and usage for provider admins', async () => {
    serveTemplates();
    renderApp('/templates', { signedInAs: providerAdmin });
    // The first render loads the templates screen's chunk: slow in jsdom on a busy machine.
    const row = await screen.findByTestId('template-row-brochure', {}, { timeout: 15_000 });
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
    server.use(http.get(`${API}/template-load-errors`, () => HttpResponse.json([
      { file: 'poster.json', pointer: '/results/1/formula', message: "unknown function 'facter'" },
      { file: 'notes.json', pointer: '', message: 'invalid JSON at line 1, column 17: Unexpected end of JSON input' },
    ])));
    renderApp('/templates', { signedInAs: providerAdmin });
    const rejected = await screen.findByTestId('template-load-errors', {}, { timeout: 15_000 });
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
  it('picks the icon from the catalogue and a factor category by name and key (issue #20)', async () => {
    const posts: unknown[] = [];
    serveTemplates(posts);
    const { user } = renderApp('/templates/new', { signedInAs: providerAdmin });
    await screen.findByTestId('form-editor', {}, { timeout: 20_000 });
    await user.click(screen.getByTestId('te-icon'));
    await user.click(await screen.findByTestId('te-icon-option-Email'));
    expect(screen.getByTestId('te-icon')).toHaveTextContent('Email');

    fireEvent.change(screen.getByTestId('te-field-0-1-type'), { target: { value: 'factor' } });
    await user.click(await screen.findByTestId('te-field-0-1-category'));
    await user.click(await screen.findByTestId('te-field-0-1-category-option-paper'));
    expect(screen.getByTestId('te-field-0-1-category')).toHaveValue('Paper (paper)');

    await user.click(screen.getByTestId('template-save-draft'));
    await waitFor(() => expect(posts).toHaveLength(1));
    const definition = (posts[0] as { definition: { icon: string; groups: { fields: { category?: string }[] }[] } }).definition;
    expect(definition.icon).toBe('Email');
    expect(definition.groups[0]!.fields[1]!.category).toBe('paper');
  }, 60_000);

  it('writes form edits into the JSON, flags faults at their line and shows the server’s faults after a refused save', async () => {
    const posts: unknown[] = [];
    serveTemplates(posts, () => HttpResponse.json({ message: 'The template fails the checks (1 faults).', errors: { '/results/0/formula': "unknown factor 'paperx'" } }, { status: 400 }));
    const { user } = renderApp('/templates/new', { signedInAs: providerAdmin });
    await screen.findByTestId('form-editor', {}, { timeout: 20_000 });
    expect(await screen.findByTestId('template-valid')).toBeInTheDocument();

    await user.click(screen.getByTestId('te-add-repeatable-group'));
    await waitFor(() => expect(screen.getByTestId('te-group-1')).toBeInTheDocument());
    fireEvent.change(screen.getByTestId('te-group-1-id'), { target: { value: 'parts' } });

    await user.click(screen.getByTestId('tab-json'));
    const editor = screen.getByTestId('json-editor-input') as HTMLTextAreaElement;
    const json = JSON.parse(editor.value) as { groups: { id: string; repeatable?: boolean }[] };
    expect(json.groups[1]).toMatchObject({ id: 'parts', repeatable: true });

    // An unknown property: the fault shows with its line, in the list and in the gutter.
    const withTypo = editor.value.replace('"type": "product",', '"type": "product",\n  "colour": "red",');
    fireEvent.change(editor, { target: { value: withTypo } });
    const line = withTypo.split('\n').findIndex((l) => l.includes('colour')) + 1;
    expect(await screen.findByTestId(`fault-line-${line}`)).toBeInTheDocument();
    expect(screen.getByTestId('template-faults')).toHaveTextContent(`Line ${line} · /colour`);

    // Fixed again, then saved: the server's fault lands on the formula's line.
    fireEvent.change(editor, { target: { value: toText({ ...skeleton, results: [{ ...skeleton.results[0], formula: "quantity * factor('paperx')" }] }) } });
    await waitFor(() => expect(screen.getByTestId('template-valid')).toBeInTheDocument());
    await user.click(screen.getByTestId('template-save-draft'));
    expect(await screen.findByTestId('template-server-error')).toHaveTextContent('The template fails the checks');
    expect(posts).toEqual([expect.objectContaining({ status: 'draft', mode: 'new', definition: expect.objectContaining({ id: 'new-template' }) })]);
    const formulaLine = (screen.getByTestId('json-editor-input') as HTMLTextAreaElement).value.split('\n').findIndex((l) => l.includes('paperx')) + 1;
    expect(screen.getByTestId(`fault-line-${formulaLine}`)).toBeInTheDocument();
    expect(screen.getByTestId('template-faults')).toHaveTextContent("unknown factor 'paperx'");
  }, 90_000);
});

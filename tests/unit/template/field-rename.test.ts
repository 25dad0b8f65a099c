/**
 * A field rename in the form editor (issue #34): every reference follows in one step, so the renamed template checks
 * and computes exactly like the old one. Before, the editor renamed only the field: brochure's `colors_front` left
 * its conditions and formulas pointing at the old name (checker errors), which the first test walks for every field.
 */
import { describe, expect, it } from 'vitest';
import { computeResults } from '../../../src/core/formula';
import {
  checkTemplate,
  defaultInputs,
  fieldUsage,
  isUsed,
  renameField,
  type CalculationInputs,
  type Template,
} from '../../../src/core/template';
import { DEMO_FACTORS_2024 } from '../../../src/server/seed/factor-databases';
import { carryInputs } from '../../../src/server/migrations/carry-over';
import { catalogOf, lookup2024, sampleTemplate, shippedTemplate } from '../support/templates';

const catalog = catalogOf(DEMO_FACTORS_2024);

/** The template as JSON, as the editor would save it (no frozen objects, no compiled state). */
const plain = (template: Template) => JSON.parse(JSON.stringify(template)) as Template;

function renameInputs(inputs: CalculationInputs, group: string | undefined, from: string, to: string) {
  const swap = (values: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(values).map(([key, value]) => [key === from ? to : key, value]));
  if (group === undefined) return swap(inputs);
  const items = inputs[group];
  return Array.isArray(items)
    ? { ...inputs, [group]: items.map((item) => swap(item as Record<string, unknown>)) }
    : inputs;
}

const PRINT = ['flyer', 'brochure', 'business-cards', 'poster', 'book', 'folding-box'];

describe('renameField', () => {
  it.each(PRINT)('renames every field of %s: the template still checks and computes the same figures', (id) => {
    const template = plain(shippedTemplate(id));
    const inputs = defaultInputs(template);
    const before = computeResults(template, inputs, lookup2024).results;
    let renamedCount = 0;
    for (const group of template.groups) {
      for (const field of group.fields) {
        const ref = { group: group.repeatable ? group.id : undefined, name: field.name };
        const to = `${field.name}_neu`;
        const renamed = renameField(template, ref, to);
        const { errors } = checkTemplate(plain(renamed), `${id}.json`, catalog);
        expect(errors, `${id}: ${field.name}`).toEqual([]);
        const after = computeResults(renamed, renameInputs(inputs, ref.group, field.name, to), lookup2024).results;
        expect(after, `${id}: ${field.name}`).toEqual(before);
        if (isUsed(fieldUsage(template, ref))) renamedCount++;
      }
    }
    expect(renamedCount).toBeGreaterThan(3);
  });

  it('rewrites references only: factor keys, option values, member keys, function names and text stay', () => {
    const template = plain(sampleTemplate());
    const quantity = template.groups[0]!.fields.find((f) => f.name === 'quantity')!;
    expect(quantity).toBeDefined();
    template.results[0]!.formula = `quantity * 2 + option('quantity').x * factor('quantity') + quantity2 - "quantity"`;
    const renamed = renameField(template, { name: 'quantity' }, 'copies');
    expect(renamed.results[0]!.formula).toBe(
      `copies * 2 + option('copies').x * factor('quantity') + quantity2 - "quantity"`,
    );
    // The original is untouched: the editor keeps it for undo and for the diff.
    expect(template.results[0]!.formula).toMatch(/^quantity \* 2/);
  });

  it('renames list columns, filters, aliases and conditions, and keeps the former name for migrations', () => {
    const template = plain(sampleTemplate());
    template.list = { columns: ['quantity', 'title'], filters: ['quantity'] };
    template.import = { aliases: { Auflage: 'quantity', Titel: 'title' } };
    template.groups[0]!.fields.push({
      name: 'note',
      type: 'text',
      label: { de: 'Notiz', en: 'Note', fr: 'Note', it: 'Nota', es: 'Nota' },
      visibleIf: 'quantity > 100',
    });
    const usage = fieldUsage(template, { name: 'quantity' });
    expect(usage).toMatchObject({ listColumn: true, listFilter: true, aliases: ['Auflage'] });
    expect(usage.pointers).toContain(`/groups/0/fields/${template.groups[0]!.fields.length - 1}/visibleIf`);

    const renamed = renameField(template, { name: 'quantity' }, 'copies');
    expect(renamed.list).toEqual({ columns: ['copies', 'title'], filters: ['copies'] });
    expect(renamed.import!.aliases).toEqual({ Auflage: 'copies', Titel: 'title' });
    expect(renamed.groups[0]!.fields.at(-1)!.visibleIf).toBe('copies > 100');
    const field = renamed.groups.flatMap((g) => g.fields).find((f) => f.name === 'copies')!;
    expect(field.formerNames).toEqual(['quantity']);
    expect(isUsed(fieldUsage(renamed, { name: 'quantity' }))).toBe(false);

    // Renamed back: the former name is the name again, not a former one.
    const back = renameField(renamed, { name: 'copies' }, 'quantity');
    expect(back.groups.flatMap((g) => g.fields).find((f) => f.name === 'quantity')!.formerNames).toEqual(['copies']);
  });

  it("renames an item field inside its own group's sum() only", () => {
    const template = plain(shippedTemplate('brochure'));
    const transport = template.groups.find((g) => g.repeatable)!;
    const item = transport.fields.find((f) => f.type === 'number' || f.type === 'integer')!;
    const usage = fieldUsage(template, { group: transport.id, name: item.name });
    expect(usage.pointers.length).toBeGreaterThan(0);
    const renamed = renameField(template, { group: transport.id, name: item.name }, 'strecke');
    const formulas = renamed.results.map((r) => r.formula).join('\n');
    expect(formulas).toMatch(new RegExp(`sum\\(${transport.id},[^\\n]*strecke`));
    expect(Object.values(renamed.import?.aliases ?? {})).not.toContain(`${transport.id}.${item.name}`);
  });

  it('a migration carries the value of a renamed field to its new name', () => {
    const v1 = plain(shippedTemplate('brochure'));
    const v2 = { ...renameField(v1, { name: 'quantity' }, 'copies'), version: v1.version + 1 };
    const inputs = { ...defaultInputs(v1), quantity: 4321 };
    const carried = carryInputs(v1, v2, inputs, { title: 't', tags: [] });
    expect(carried.copies).toBe(4321);
    expect(carried).not.toHaveProperty('quantity');
    expect(computeResults(v2, carried, lookup2024).results).toEqual(computeResults(v1, inputs, lookup2024).results);
  });
});

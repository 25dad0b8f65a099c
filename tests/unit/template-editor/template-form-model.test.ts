/**
 * The form editor loses nothing (issue #20): every shipped template read into the form's model — option data as typed
 * entries, conditions as picked clauses, aliases as rows, rules as name and arguments — and written back is the very
 * same document, and the parts the form builds write what the checker accepts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  aliasEntries,
  aliasesFromEntries,
  conditionModel,
  conditionText,
  convertData,
  dataEntries,
  dataFromEntries,
  fromFormModel,
  toFormModel,
} from '../../../src/client/template-editor/formModel';
import { compileCondition } from '../../../src/core/template';

const dir = join(__dirname, '../../../schemas/templates');
const shipped = readdirSync(dir).filter((name) => name.endsWith('.json'));

describe('template form model', () => {
  it.each(shipped)('%s goes through the form model and back unchanged', (name) => {
    const template = JSON.parse(readFileSync(join(dir, name), 'utf8'));
    const model = toFormModel(structuredClone(template));
    expect(fromFormModel(model)).toStrictEqual(template);
    // The key order too: the JSON tab shows the same text.
    expect(JSON.stringify(fromFormModel(model), null, 2)).toBe(JSON.stringify(template, null, 2));
  });

  it('shows the shipped conditions as clauses, not as expressions', () => {
    for (const name of shipped) {
      const template = JSON.parse(readFileSync(join(dir, name), 'utf8'));
      for (const group of template.groups) {
        for (const field of group.fields) {
          if (field.visibleIf) expect(conditionModel(field.visibleIf)).toHaveProperty('clauses');
        }
      }
    }
  });

  it('writes picked clauses as a condition the checker compiles', () => {
    const text = conditionText({
      join: '&&',
      clauses: [
        { field: 'finish', op: '==', value: "matt 'soft'" },
        { field: 'pages', op: '>=', value: 8 },
        { field: 'has_cover', op: 'no' },
        { field: 'format', op: '!=', value: 'a4' },
      ],
    });
    expect(text).toBe("finish == 'matt \\'soft\\'' && pages >= 8 && !has_cover && format != 'a4'");
    expect(() => compileCondition(text)).not.toThrow();
    expect(conditionModel(text)).toEqual({
      join: '&&',
      clauses: [
        { field: 'finish', op: '==', value: "matt 'soft'" },
        { field: 'pages', op: '>=', value: 8 },
        { field: 'has_cover', op: 'no' },
        { field: 'format', op: '!=', value: 'a4' },
      ],
    });
    expect(conditionModel('a || b')).toEqual({
      join: '||',
      clauses: [
        { field: 'a', op: 'yes' },
        { field: 'b', op: 'yes' },
      ],
    });
  });

  it('keeps a condition the form cannot show as its expression, unchanged', () => {
    for (const text of ['a && (b || c)', 'a==1', '!(a < 3)'])
      expect(conditionModel(text)).toEqual({ expression: text });
    expect(conditionModel(undefined)).toEqual({ join: '&&', clauses: [] });
  });

  it('keeps option data typed and aliases in their order', () => {
    const data = { weight: 80, coated: true, code: 'X1' };
    expect(dataEntries(data)).toEqual([
      { key: 'weight', kind: 'number', value: 80 },
      { key: 'coated', kind: 'boolean', value: true },
      { key: 'code', kind: 'text', value: 'X1' },
    ]);
    expect(dataFromEntries(dataEntries(data))).toStrictEqual(data);
    expect(dataFromEntries([])).toBeUndefined();
    expect(convertData('12,5', 'number')).toBe(12.5);
    expect(convertData(1, 'text')).toBe('1');
    const aliases = { Titel: 'title', Auflage: 'quantity', 'Seiten innen': 'pages' };
    expect(Object.keys(aliasesFromEntries(aliasEntries(aliases)))).toEqual(['Titel', 'Auflage', 'Seiten innen']);
  });
});

/**
 * Regenerates the reference parts of docs/template-authoring.md from the catalogues in src/core (`npm run
 * docs:guide`). Each generated part sits between `<!-- generated:NAME -->` and `<!-- /generated:NAME -->`; the text
 * around them is written by hand and kept as it is. tests/unit/template/template-guide.test.ts fails when the
 * committed file differs from what this script writes, so a rule, function, unit, icon or demo factor added to a catalogue without
 * rerunning the script is caught.
 *
 * What a catalogue does not say (one sentence on what a rule or function is for) lives in the tables below; an entry
 * of a catalogue missing there stops the script, so nothing new appears undocumented. A field type's words are in its
 * own file (`guide` in src/core/field-types/<type>.ts), its name in the form editor in the locales.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FALSE_WORDS, TRUE_WORDS } from '../src/core/csv/values';
import { fieldTypeOf } from '../src/core/field-types';
import { LANGUAGES } from '../src/core/languages';
import { FUNCTIONS } from '../src/core/formula/functions';
import { RULES, compileRules } from '../src/core/rules/catalog';
import { FIELD_TYPES, type Field, type FieldType } from '../src/core/template/types';
import { TEMPLATE_ICONS } from '../src/core/template/icons';
import { PRINT_STAGES, type PrintStage } from '../src/core/template/stages';
import { UNIT_SYMBOLS, UNIT_WORDS } from '../src/core/template/units';
import { DEMO_FACTOR_DATABASES } from '../src/server/seed/factor-databases';
import de from '../locales/de.json';
import en from '../locales/en.json';

export const GUIDE_PATH = resolve(fileURLToPath(new URL('.', import.meta.url)), '../docs/template-authoring.md');

const RULE_NOTES: Record<string, { example: string; note: string }> = {
  required: { example: 'required', note: 'The field must be filled; empty text and empty lists count as missing.' },
  min: { example: 'min:1', note: 'Numbers: smallest value. Text: fewest characters. Lists: fewest entries.' },
  max: { example: 'max:120', note: 'Numbers: largest value. Text: most characters. Lists: most entries.' },
  between: {
    example: 'between:1,100000',
    note: 'Smallest and largest value, both included; the smaller number first.',
  },
  integer: { example: 'integer', note: 'A whole number (a `number` field that takes no fractions).' },
  decimals: { example: 'decimals:2', note: 'At most n decimal places (0 to 9).' },
  multipleOf: { example: 'multipleOf:0.5', note: 'A multiple of the number (> 0).' },
  minLength: { example: 'minLength:3', note: 'Fewest characters of a text.' },
  maxLength: { example: 'maxLength:200', note: 'Most characters of a text.' },
  minItems: { example: 'minItems:1', note: 'Fewest entries of a multiple choice or tags field.' },
  maxItems: { example: 'maxItems:20', note: 'Most entries of a multiple choice or tags field.' },
  pattern: {
    example: 'pattern:^[A-Z]{2}-\\d+$',
    note: 'A regular expression the text must match (everything after the first colon, commas included).',
  },
  email: { example: 'email', note: 'An e-mail address.' },
  date: { example: 'date', note: 'A date YYYY-MM-DD (for a text field that holds dates).' },
  after: { example: 'after:1999-12-31', note: 'A date later than the given one (the date itself is refused).' },
  before: { example: 'before:2100-01-01', note: 'A date earlier than the given one (the date itself is refused).' },
};

const FUNCTION_NOTES: Record<string, { example: string; note: string }> = {
  factor: {
    example: 'paper_kg * factor(paper)',
    note: "The emission factor (kg CO2e per unit) a factor field names, or a fixed key in quotes: `factor('diesel')`.",
  },
  option: {
    example: "option('format').area_m2",
    note: 'The `data` of the option chosen in a select field; read one value with `.key`.',
  },
  sum: {
    example: 'sum(transport, distance_km * factor(mode))',
    note: "Adds the expression up over the items of a repeatable group; inside it, the item's fields are in scope.",
  },
  count: {
    example: 'count(transport)',
    note: 'The number of items of a repeatable group, or of entries of a multiple choice or tags field.',
  },
  min: { example: 'min(a, b)', note: 'The smallest of its arguments.' },
  max: { example: 'max(a, b)', note: 'The largest of its arguments.' },
  round: {
    example: 'round(x, 2)',
    note: 'Rounds half away from zero to the given number of decimals (default 0; −15 to 15).',
  },
  ceil: { example: 'ceil(sheets / 500)', note: 'The next whole number up.' },
  floor: { example: 'floor(x)', note: 'The next whole number down.' },
  abs: { example: 'abs(x)', note: 'The value without its sign.' },
  if: { example: 'if(window, 0.2, 0)', note: 'The second argument when the condition is true, else the third.' },
  machine: {
    example: "machine(press, 'power_kw')",
    note: "A figure of the machine a machine field picks, from the mandant's machine set in use (/machines).",
  },
  energy: {
    example: "energy('electricity')",
    note: "A figure of the mandant's energy contract (kg CO2e per kWh), from the machine set in use.",
  },
  chosen: {
    example: "if(chosen(press), machine(press, 'power_kw'), 0)",
    note: 'True when an optional field holds a value (its default counts): use the machine where one is chosen, else a reference factor.',
  },
  has: {
    example: "if(has(finish, 'foil'), area * factor('lamination_film'), 0)",
    note: 'True when a multiple choice or tags field holds the value.',
  },
  overhead: {
    example: 'overhead(press_hours, press_sheets, paper_kg)',
    note: "The job's share of the printer's annual site footprint by its allocation key (machine hours, sheets or kg); 0 while no site footprint is recorded.",
  },
};

const STAGE_NOTES: Record<PrintStage, string> = {
  materials: 'Paper and board on press sheets (ups, make-ready and running waste), and its transport from the mill.',
  prepress: 'Printing plates (and proofs).',
  press: 'Ink, press energy with make-ready, press consumables.',
  postpress: 'Finishing materials (varnish, film, foil, glue, wire) and processes (cutting, folding, binding).',
  packaging: 'Packing the delivered product.',
  transport:
    'Delivery to the customer, with the delivered mass and its packaging (no spoilage); none where the customer collects.',
  overhead: "The job's share of the site (heating, lighting, compressed air, IT), by the site's allocation key.",
  end_of_life: 'Disposal and recycling; usually excluded with a reason (they happen after delivery).',
};

function required<T>(table: Record<string, T>, key: string, what: string): T {
  if (!Object.hasOwn(table, key))
    throw new Error(`scripts/template-guide.ts: no description of the ${what} '${key}'; add one`);
  return table[key]!;
}

const cell = (text: string) => text.replace(/\|/g, '\\|');
const code = (text: string) => `\`${text.replace(/\|/g, '\\|')}\``;

function table(header: string[], rows: string[][]): string {
  return [
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ].join('\n');
}

/** Probes the catalogue: which field types a rule compiles for, with the arguments of its example. */
function ruleFieldTypes(example: string): FieldType[] {
  return FIELD_TYPES.filter((type) => {
    const field: Field = { name: 'x', type, label: { de: 'x', en: 'x', fr: 'x', it: 'x', es: 'x' }, rules: [example] };
    // What the meta-schema asks of a type whose values are chosen (a machine kind plays no part in a rule).
    const { choices } = fieldTypeOf(type);
    if (choices === 'options') field.options = [{ value: 'a', label: field.label }];
    if (choices === 'factors') field.category = 'paper';
    return compileRules(field).errors.length === 0;
  });
}

/** A rule message as the English locale words it, placeholders shown as `{name}`, the plural form when there is one. */
function ruleText(key: string): string {
  let node: unknown = en.rules;
  for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
  const text = String(node).split(' |||| ').at(-1) ?? '';
  return text.replace(/%\{(\w+)\}/g, '{$1}');
}

function ruleMessage(example: string): string {
  const types = ruleFieldTypes(example);
  const keys = new Set<string>();
  for (const type of types) {
    const field: Field = { name: 'x', type, label: { de: 'x', en: 'x', fr: 'x', it: 'x', es: 'x' }, rules: [example] };
    for (const check of compileRules(field).rules.checks) keys.add(check.message);
  }
  return [...keys].map((key) => `“${ruleText(key)}”`).join(' / ') || '—';
}

function rulesSection(): string {
  const rows = Object.entries(RULES).map(([name, rule]) => {
    const { example, note } = required(RULE_NOTES, name, 'rule');
    const types = ruleFieldTypes(example);
    if (types.length === 0)
      throw new Error(
        `scripts/template-guide.ts: the example '${example}' of rule '${name}' compiles for no field type`,
      );
    return [
      code(name),
      String(rule.arity),
      code(example),
      types.map(code).join(', '),
      cell(note),
      cell(ruleMessage(example)),
    ];
  });
  return table(['rule', 'arguments', 'example', 'field types', 'meaning', 'message (English)'], rows);
}

function functionsSection(): string {
  const rows = Object.entries(FUNCTIONS).map(([name, signature]) => {
    const { example, note } = required(FUNCTION_NOTES, name, 'function');
    const args =
      signature.minArgs === signature.maxArgs
        ? String(signature.minArgs)
        : Number.isFinite(signature.maxArgs)
          ? `${signature.minArgs}–${signature.maxArgs}`
          : `${signature.minArgs} or more`;
    return [code(signature.usage), args, code(example), cell(note)];
  });
  return table(['function', 'arguments', 'example', 'meaning'], rows);
}

function fieldTypesSection(): string {
  const rows = FIELD_TYPES.map((type) => {
    const notes = fieldTypeOf(type).guide;
    return [
      code(type),
      `${en.templateEditor.field_types[type]} / ${de.templateEditor.field_types[type]}`,
      cell(notes.value),
      cell(notes.csv),
    ];
  });
  return table(['type', 'in the form editor (en / de)', 'value', 'in a CSV import'], rows);
}

function unitsSection(): string {
  const rows = Object.entries(UNIT_WORDS).map(([key, label]) => [
    code(key),
    ...LANGUAGES.map((lang) => cell(label[lang])),
  ]);
  return [
    table(['unit', ...LANGUAGES], rows),
    '',
    `A unit is a word (and must be in the catalogue) when it contains a run of three letters or more that is not one of these symbols: ${UNIT_SYMBOLS.map(code).join(', ')}. Shorter runs (\`kg\`, \`m\`, \`CO\`) and everything else (digits, \`/\`, \`²\`, \`%\`, spaces) are symbols.`,
  ].join('\n');
}

function iconsSection(): string {
  return TEMPLATE_ICONS.map(code).join(', ');
}

function factorsSection(): string {
  const categories = new Map<string, Map<string, { unit: string; label: string; databases: string[] }>>();
  for (const database of DEMO_FACTOR_DATABASES) {
    for (const factor of database.factors) {
      const keys = categories.get(factor.category) ?? new Map();
      categories.set(factor.category, keys);
      const entry = keys.get(factor.key) ?? { unit: factor.unit, label: factor.label.en, databases: [] };
      entry.databases.push(`${database.name}`);
      keys.set(factor.key, entry);
    }
  }
  const names = en.databases.categories as Record<string, string>;
  const namesDe = de.databases.categories as Record<string, string>;
  const rows: string[][] = [];
  for (const [category, keys] of [...categories].sort(([a], [b]) => a.localeCompare(b))) {
    for (const [key, entry] of [...keys].sort(([a], [b]) => a.localeCompare(b))) {
      const shown = Object.hasOwn(names, category) ? `${names[category]} / ${namesDe[category]}` : '—';
      rows.push([
        code(category),
        cell(shown),
        code(key),
        cell(entry.label),
        cell(entry.unit),
        cell(entry.databases.join(', ')),
      ]);
    }
  }
  return table(['category', 'shown as (en / de)', 'factor key', 'factor (en)', 'per', 'in'], rows);
}

function stagesSection(): string {
  const names = en.stages as Record<string, string>;
  const namesDe = de.stages as Record<string, string>;
  return table(
    ['stage', 'shown as (en / de)', 'what it covers'],
    PRINT_STAGES.map((stage) => [code(stage), cell(`${names[stage]} / ${namesDe[stage]}`), cell(STAGE_NOTES[stage])]),
  );
}

function csvBooleanSection(): string {
  return `Yes: ${TRUE_WORDS.map(code).join(', ')}. No: ${FALSE_WORDS.map(code).join(', ')}. Case and accents do not matter.`;
}

const SECTIONS: Record<string, () => string> = {
  'field-types': fieldTypesSection,
  rules: rulesSection,
  functions: functionsSection,
  units: unitsSection,
  icons: iconsSection,
  'csv-yes-no': csvBooleanSection,
  'factor-categories': factorsSection,
  stages: stagesSection,
};

/** The guide with every generated part replaced by what the catalogues say now. */
export function regenerateGuide(text: string): string {
  let result = text;
  for (const [name, render] of Object.entries(SECTIONS)) {
    const start = `<!-- generated:${name} -->`;
    const end = `<!-- /generated:${name} -->`;
    const from = result.indexOf(start);
    const to = result.indexOf(end);
    if (from < 0 || to < from) throw new Error(`docs/template-authoring.md: markers of '${name}' missing`);
    result = `${result.slice(0, from + start.length)}\n${render()}\n${result.slice(to)}`;
  }
  return result;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  writeFileSync(GUIDE_PATH, regenerateGuide(readFileSync(GUIDE_PATH, 'utf8')));
  console.log(`written ${GUIDE_PATH}`);
}

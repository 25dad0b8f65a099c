/**
 * Where a checker fault sits, in the words of the form editor ("Gruppe „Papier“ · Feld „Grammatur“ · Regel") instead of
 * a JSON pointer (`/groups/0/fields/2/rules/0`); and which element of the form editor shows it, so the summary can
 * take the admin there.
 */
import type { Language, LocalizedText } from '../../core/languages';
import { localize } from '../../core/rules';
import { isPrintStage, stageLabelKey } from '../../core/template';
import type { EditableTemplate } from './definitionEdits';

type Say = (key: string, params?: Record<string, unknown>) => string;

/** A JSON pointer's segments, unescaped (RFC 6901). */
export function pointerSegments(pointer: string): string[] {
  if (pointer === '' || pointer === '/') return [];
  return pointer
    .split('/')
    .slice(1)
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** The words of a part of a template part (`rules` → "Regel"), by the keys the form editor labels its inputs with. */
const PART_WORDS: Record<string, string> = {
  id: 'templateEditor.form.id',
  name: 'templateEditor.form.name',
  label: 'templateEditor.form.label',
  help: 'templateEditor.authoring.help',
  placeholder: 'templateEditor.authoring.placeholder',
  description: 'templateEditor.authoring.description',
  icon: 'templateEditor.form.icon',
  type: 'templateEditor.form.type',
  unit: 'templateEditor.form.unit',
  rules: 'templateEditor.form.rule',
  default: 'templateEditor.form.default',
  options: 'templateEditor.form.options',
  category: 'templateEditor.form.category',
  visibleIf: 'templateEditor.authoring.condition',
  formula: 'templateEditor.form.formula',
  value: 'templateEditor.constants.value',
  source: 'templateEditor.constants.source',
  data: 'templateEditor.authoring.data_value',
  dataSources: 'templateEditor.authoring.data_source',
  factor: 'templateEditor.authoring.option_factor',
  min: 'templateEditor.authoring.min_items',
  max: 'templateEditor.authoring.max_items',
  columns: 'templateEditor.form.list_columns',
  filters: 'templateEditor.authoring.list_filters',
  reason: 'templateEditor.method.reason',
  functionalUnit: 'calculations.method.functional_unit',
  systemBoundary: 'calculations.method.system_boundary',
};

interface Named {
  label?: Partial<LocalizedText>;
}

function nameOf(part: Named | undefined, fallback: string | undefined, lang: Language): string {
  const label = part?.label as LocalizedText | undefined;
  return label ? localize(label, lang, fallback ?? '') || (fallback ?? '') : (fallback ?? '');
}

const at = <T>(list: readonly T[] | undefined, index: string): T | undefined => list?.[Number(index)];

/** The fault's place in words, coarse to fine, joined by " · ". */
export function faultPlace(
  pointer: string,
  definition: EditableTemplate | undefined,
  say: Say,
  lang: Language,
): string {
  const segments = pointerSegments(pointer);
  const words: string[] = [];
  const part = (segment: string | undefined) => {
    if (segment !== undefined && PART_WORDS[segment]) words.push(say(PART_WORDS[segment]));
  };
  const [head, index, ...rest] = segments;
  switch (head) {
    case 'groups': {
      const group = at(definition?.groups, index ?? '');
      words.push(say('templateEditor.fault_place.group', { name: nameOf(group, group?.id ?? index, lang) }));
      if (rest[0] === 'fields' && rest[1] !== undefined) {
        const field = at(group?.fields, rest[1]);
        words.push(say('templateEditor.fault_place.field', { name: nameOf(field, field?.name ?? rest[1], lang) }));
        if (rest[2] === 'options' && rest[3] !== undefined) {
          const option = at(field?.options, rest[3]);
          words.push(
            say('templateEditor.fault_place.option', { name: nameOf(option, option?.value ?? rest[3], lang) }),
          );
          part(rest[4]);
        } else part(rest[2]);
      } else part(rest[0]);
      break;
    }
    case 'results': {
      const result = at(definition?.results, index ?? '');
      if (index !== undefined)
        words.push(say('templateEditor.fault_place.result', { name: nameOf(result, result?.name ?? index, lang) }));
      else words.push(say('templateEditor.form.results'));
      part(rest[0]);
      break;
    }
    case 'constants': {
      const constant = at(definition?.constants, index ?? '');
      if (index !== undefined)
        words.push(
          say('templateEditor.fault_place.constant', { name: nameOf(constant, constant?.name ?? index, lang) }),
        );
      else words.push(say('templateEditor.constants.title'));
      part(rest[0]);
      break;
    }
    case 'method': {
      words.push(say('templateEditor.fault_place.method'));
      if (index === 'stages' && rest[0] !== undefined) {
        const stage = at(definition?.method?.stages, rest[0]);
        if (stage && isPrintStage(stage.stage)) words.push(say(stageLabelKey(stage.stage)));
        part(rest[1]);
      } else part(index);
      break;
    }
    case 'list':
      words.push(say('templateEditor.fault_place.list'));
      part(index);
      break;
    case 'import':
      words.push(say('templateEditor.fault_place.import'));
      break;
    default:
      words.push(say('templateEditor.fault_place.template'));
      part(head);
  }
  return words.join(' · ');
}

/**
 * The element of the form editor that shows a fault: the innermost anchored part on the pointer's path (a field, a
 * result, a constant, the method), else the template's head.
 */
export function faultAnchor(pointer: string, anchors: ReadonlySet<string>): string {
  const segments = pointerSegments(pointer);
  for (let length = segments.length; length > 0; length--) {
    const candidate = `/${segments.slice(0, length).join('/')}`;
    if (anchors.has(candidate)) return candidate;
  }
  return '';
}

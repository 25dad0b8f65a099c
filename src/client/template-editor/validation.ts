/**
 * Validation as you type: the same checks the server runs at load time (meta-schema via Ajv,
 * rules, formulas, cycles, labels in five languages) from `src/core/template`, with every fault
 * placed on its line. Factor keys are checked by the server only (it knows the factor catalogue).
 */
import { checkTemplate, parseTemplateJson, type Template, type UnitCatalog } from '../../core/template';
import { lineOfPointer, scanPointers } from './jsonPositions';

export interface EditorFault {
  /** JSON pointer (`''` for the document, or a syntax fault). */
  pointer: string;
  message: string;
  /** 1-based line in the editor's text. */
  line: number;
}

export interface TextCheck {
  /** The parsed JSON when the text is JSON at all (the form editor works on it). */
  json?: Record<string, unknown>;
  /** The template when it passes every check (the preview shows it). */
  template?: Template;
  faults: EditorFault[];
}

/** Faults the server answered (`{"/pointer": message}`), placed on lines of `text`. */
export function faultsFromPointers(text: string, errors: Record<string, string>): EditorFault[] {
  const positions = scanPointers(text);
  return Object.entries(errors).map(([pointer, message]) => {
    const syntax = /at line (\d+)/.exec(message);
    const normalized = pointer === '/' ? '' : pointer;
    return { pointer: normalized, message, line: syntax ? Number(syntax[1]) : lineOfPointer(text, normalized, positions) };
  });
}

/** `units`: the unit catalogue as loaded, so an unknown word unit is marked while typing, as the server would. */
export function checkTemplateText(text: string, units?: UnitCatalog): TextCheck {
  const parsed = parseTemplateJson(text, 'template.json');
  if (parsed.error) {
    const line = Number(/at line (\d+)/.exec(parsed.error.message)?.[1] ?? 1);
    return { faults: [{ pointer: '', message: parsed.error.message, line }] };
  }
  const json = parsed.json;
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    return { faults: [{ pointer: '', message: 'a template is a JSON object', line: 1 }] };
  }
  const record = json as Record<string, unknown>;
  // The id names the file; checking against its own id leaves only the id's format to the meta-schema.
  const id = typeof record.id === 'string' && record.id !== '' ? record.id : 'template';
  const { template, errors } = checkTemplate(record, `${id}.json`, undefined, units);
  const positions = scanPointers(text);
  const faults = errors.map((error) => ({ pointer: error.pointer, message: error.message, line: lineOfPointer(text, error.pointer, positions) }));
  return { json: record, template, faults };
}

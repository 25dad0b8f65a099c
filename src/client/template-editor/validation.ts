/**
 * Validation as you type: the same checks the server runs at load time (meta-schema via Ajv,
 * rules, formulas, cycles, labels in five languages) from `src/core/template`, with every fault
 * placed on its line. Factor keys are checked by the server only (it knows the factor catalogue).
 */
import { DEFAULT_LANGUAGE, type Language } from '../../core/languages';
import {
  checkTemplate,
  checkerText,
  parseTemplateJson,
  wordChecker,
  type FactorCatalog,
  type Template,
  type UnitCatalog,
} from '../../core/template';
import { lineOfPointer, scanPointers } from './jsonPositions';

export interface EditorFault {
  /** JSON pointer (`''` for the document, or a syntax fault). */
  pointer: string;
  message: string;
  /** 1-based line in the editor's text. */
  line: number;
  /** 1-based column, for a syntax fault. */
  column?: number;
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
    return {
      pointer: normalized,
      message,
      line: syntax ? Number(syntax[1]) : lineOfPointer(text, normalized, positions),
    };
  });
}

/**
 * `units`: the unit catalogue as loaded, so an unknown word unit is marked while typing, as the server would;
 * `language`: the reader's, in which every fault is worded.
 */
export function checkTemplateText(
  text: string,
  units?: UnitCatalog,
  language: Language = DEFAULT_LANGUAGE,
  factors?: FactorCatalog,
): TextCheck {
  const parsed = parseTemplateJson(text, 'template.json');
  if (parsed.error) {
    const { line, column } = parsed.error.params as { line: number; column: number };
    return { faults: [{ pointer: '', message: wordChecker(parsed.error, language), line, column }] };
  }
  const json = parsed.json;
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    return { faults: [{ pointer: '', message: wordChecker(checkerText('checker.notObject'), language), line: 1 }] };
  }
  const record = json as Record<string, unknown>;
  // The id names the file; checking against its own id leaves only the id's format to the meta-schema.
  const id = typeof record.id === 'string' && record.id !== '' ? record.id : 'template';
  // With the factor keys of the databases the template can meet, a misspelled `factor('…')` is a fault as it is typed.
  const { template, errors } = checkTemplate(record, `${id}.json`, factors, units);
  const positions = scanPointers(text);
  const faults = errors.map((error) => ({
    pointer: error.pointer,
    message: wordChecker(error, language),
    line: lineOfPointer(text, error.pointer, positions),
  }));
  return { json: record, template, faults };
}

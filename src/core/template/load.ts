/**
 * Loading templates from file texts handed over by the server (core does no I/O). A file is
 * offered only if it is valid JSON, satisfies the meta-schema, is named after its id, and
 * passes every semantic check; otherwise its faults are reported with JSON pointers and the
 * other templates are still offered.
 */
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import metaSchema from '../../../schemas/template.schema.json';
import { compileTemplate, unsourcedOptionData } from './compile';
import { withFieldTypes } from './meta-schema';
import type { FactorCatalog, Template, TemplateLoadError } from './types';
import { checkerText, type CheckerText } from './checker-messages';
import { isTemplateIcon, unknownIconMessage } from './icons';
import { unknownUnitMessage, type UnitCatalog } from './units';

export interface TemplateFile {
  fileName: string;
  text: string;
}

export interface LoadedTemplates {
  /** Valid templates, sorted by id. */
  templates: Template[];
  errors: TemplateLoadError[];
}

/** At most this many faults are reported per file: the first ones are the useful ones. */
const MAX_ERRORS_PER_FILE = 20;

let metaValidator: ValidateFunction | undefined;

function validateMeta(json: unknown): ErrorObject[] {
  if (!metaValidator) {
    const ajv = new Ajv2020({ allErrors: true, strictTypes: false });
    // The field types as the registry has them, not as the file was last written (core/template/meta-schema.ts).
    metaValidator = ajv.compile(withFieldTypes(metaSchema));
  }
  return metaValidator(json) ? [] : [...(metaValidator.errors ?? [])];
}

/**
 * The id a file name promises: `brochure.json` and `brochure.v1.json` both hold template `brochure`. Older versions
 * stay shipped beside the current one, so calculations made with them keep resolving their version.
 */
export function templateIdOf(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? fileName;
  return base.replace(/\.json$/i, '').replace(/\.v\d+$/i, '');
}

/** The version a file name promises (`brochure.v1.json` → 1); undefined for `brochure.json`, which may hold any. */
function fileVersionOf(fileName: string): number | undefined {
  const match = /\.v(\d+)\.json$/i.exec(fileName);
  return match ? Number(match[1]) : undefined;
}

/** Parses JSON; on failure reports line and column (1-based) of the fault. */
export function parseTemplateJson(text: string, fileName: string): { json?: unknown; error?: TemplateLoadError } {
  try {
    return { json: JSON.parse(text) };
  } catch (problem) {
    const message = problem instanceof Error ? problem.message : String(problem);
    let line: number;
    let column: number;
    const lineColumn = /line (\d+) column (\d+)/i.exec(message);
    const position = /position (\d+)/i.exec(message);
    if (lineColumn) {
      line = Number(lineColumn[1]);
      column = Number(lineColumn[2]);
    } else {
      const offset = position ? Number(position[1]) : text.length;
      const before = text.slice(0, offset).split('\n');
      line = before.length;
      column = before[before.length - 1].length + 1;
    }
    const reason = message
      .replace(/\s*\(line \d+ column \d+\)/i, '')
      .replace(/ in JSON at position \d+/i, '')
      .replace(/^JSON\.parse: /, '');
    return {
      error: { fileName, pointer: '', ...checkerText('checker.invalidJson', { line, column, detail: reason }) },
    };
  }
}

function metaErrors(errors: ErrorObject[], fileName: string): TemplateLoadError[] {
  const result: TemplateLoadError[] = [];
  const seen = new Set<string>();
  for (const error of errors) {
    // if/then and anyOf report their branches' faults themselves.
    if (error.keyword === 'if') continue;
    let pointer = error.instancePath;
    if (error.keyword === 'additionalProperties') {
      const property = (error.params as { additionalProperty: string }).additionalProperty;
      pointer = `${pointer}/${property.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    }
    const text = schemaFault(error);
    const key = `${pointer}|${text.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    result.push({ fileName, pointer, ...text });
  }
  return result;
}

const TYPE_KEYS = {
  string: 'checker.schema.type.string',
  number: 'checker.schema.type.number',
  integer: 'checker.schema.type.integer',
  boolean: 'checker.schema.type.boolean',
  object: 'checker.schema.type.object',
  array: 'checker.schema.type.array',
} as const;

/** A meta-schema fault as a checker message: Ajv's own wording is English only. */
function schemaFault(error: ErrorObject): CheckerText {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return checkerText('checker.schema.missingProperty', { property: String(params.missingProperty) });
    case 'additionalProperties':
      return checkerText('checker.schema.unknownProperty', { property: String(params.additionalProperty) });
    case 'enum':
      return checkerText('checker.schema.oneOf', {
        values: (params.allowedValues as unknown[]).map((value) => JSON.stringify(value)).join(', '),
      });
    case 'not':
      return error.schemaPath.includes('/name/')
        ? checkerText('checker.schema.reservedName')
        : checkerText('checker.schema.invalid');
    case 'type': {
      const type = String(params.type);
      return type in TYPE_KEYS
        ? checkerText(TYPE_KEYS[type as keyof typeof TYPE_KEYS])
        : checkerText('checker.schema.invalid');
    }
    case 'minLength':
      return checkerText('checker.schema.minLength', { smart_count: Number(params.limit) });
    case 'minItems':
      return checkerText('checker.schema.minItems', { smart_count: Number(params.limit) });
    case 'minimum':
      return checkerText('checker.schema.minimum', { limit: Number(params.limit) });
    case 'pattern':
      return checkerText('checker.schema.pattern', { pattern: String(params.pattern) });
    case 'const':
      return checkerText('checker.schema.const', { value: JSON.stringify(params.allowedValue) });
    case 'uniqueItems':
      return checkerText('checker.schema.uniqueItems');
    case 'propertyNames':
      return checkerText('checker.schema.propertyName', { name: String(params.propertyName) });
    case 'anyOf':
      return checkerText('checker.schema.anyOf');
    default:
      return checkerText('checker.schema.invalid');
  }
}

/** Every unit the template names that is a word the unit catalogue lacks, with its place. */
function unitErrors(template: Template, units: UnitCatalog, fileName: string): TemplateLoadError[] {
  const errors: TemplateLoadError[] = [];
  const check = (unit: string | undefined, pointer: string) => {
    const message = unit === undefined ? undefined : unknownUnitMessage(unit, units);
    if (message) errors.push({ fileName, pointer, ...message });
  };
  template.groups.forEach((group, g) =>
    group.fields.forEach((field, f) => check(field.unit, `/groups/${g}/fields/${f}/unit`)),
  );
  template.results.forEach((result, r) => check(result.unit, `/results/${r}/unit`));
  (template.constants ?? []).forEach((constant, c) => check(constant.unit, `/constants/${c}/unit`));
  return errors;
}

/**
 * Only the template format (the meta-schema), not formulas, names or factors: enough to read a draft's fields and
 * options safely while it is still being edited (what a change would touch), never enough to serve it.
 */
export function checkTemplateShape(
  json: unknown,
  fileName: string,
): { template?: Template; errors: TemplateLoadError[] } {
  const schemaErrors = validateMeta(json);
  if (schemaErrors.length) return { errors: metaErrors(schemaErrors, fileName).slice(0, MAX_ERRORS_PER_FILE) };
  return { template: json as Template, errors: [] };
}

/**
 * Checks one template (as parsed JSON) completely; the template editor uses this too. Units are checked against
 * `units` when given (the server passes the catalogue it keeps, the editor the one it loaded).
 */
export function checkTemplate(
  json: unknown,
  fileName: string,
  factorCatalog?: FactorCatalog,
  units?: UnitCatalog,
): { template?: Template; errors: TemplateLoadError[] } {
  const schemaErrors = validateMeta(json);
  if (schemaErrors.length) return { errors: metaErrors(schemaErrors, fileName).slice(0, MAX_ERRORS_PER_FILE) };
  // `$schema` only helps editors of the file; the offered template does not carry it.
  const { $schema: _editorHint, ...rest } = json as Template & { $schema?: string };
  const template = rest as Template;
  const errors: TemplateLoadError[] = [];
  const expectedId = templateIdOf(fileName);
  if (template.id !== expectedId) {
    errors.push({
      fileName,
      pointer: '/id',
      ...checkerText('checker.names.idNotFileName', { id: template.id, expected: expectedId }),
    });
  }
  const expectedVersion = fileVersionOf(fileName);
  if (expectedVersion !== undefined && template.version !== expectedVersion) {
    errors.push({
      fileName,
      pointer: '/version',
      ...checkerText('checker.names.versionNotFileName', { version: template.version, expected: expectedVersion }),
    });
  }
  if (!isTemplateIcon(template.icon)) errors.push({ fileName, pointer: '/icon', ...unknownIconMessage(template.icon) });
  if (units) errors.push(...unitErrors(template, units, fileName));
  const { compiled, errors: compileErrors } = compileTemplate(template, factorCatalog);
  for (const error of [...compileErrors, ...(compiled ? unsourcedOptionData(compiled) : [])])
    errors.push({ fileName, ...error });
  if (errors.length) return { errors: errors.slice(0, MAX_ERRORS_PER_FILE) };
  return { template: deepFreeze(template), errors: [] };
}

/** Loads every file; returns the valid templates (sorted by id) and all faults of the others. */
export function loadTemplates(
  files: TemplateFile[],
  factorCatalog?: FactorCatalog,
  units?: UnitCatalog,
): LoadedTemplates {
  const errors: TemplateLoadError[] = [];
  const candidates: { file: TemplateFile; template: Template }[] = [];
  for (const file of [...files].sort((a, b) => a.fileName.localeCompare(b.fileName))) {
    const parsed = parseTemplateJson(file.text, file.fileName);
    if (parsed.error) {
      errors.push(parsed.error);
      continue;
    }
    const checked = checkTemplate(parsed.json, file.fileName, factorCatalog, units);
    errors.push(...checked.errors);
    if (checked.template) candidates.push({ file, template: checked.template });
  }
  // Several files may hold one id in distinct versions; two claiming the same (id, version): neither is offered,
  // since which one wins would be arbitrary.
  const byVersion = new Map<string, TemplateFile[]>();
  const key = (template: Template) => `${template.id}@${template.version}`;
  for (const { file, template } of candidates)
    byVersion.set(key(template), [...(byVersion.get(key(template)) ?? []), file]);
  const templates: Template[] = [];
  for (const { file, template } of candidates) {
    const claimants = byVersion.get(key(template)) ?? [];
    if (claimants.length > 1) {
      const others = claimants.filter((other) => other !== file).map((other) => other.fileName);
      errors.push({
        fileName: file.fileName,
        pointer: '/version',
        ...checkerText('checker.names.duplicateVersion', {
          id: template.id,
          version: template.version,
          files: others.join(', '),
        }),
      });
      continue;
    }
    templates.push(template);
  }
  templates.sort((a, b) => a.id.localeCompare(b.id) || a.version - b.version);
  return { templates, errors };
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

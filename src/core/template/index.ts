/** The template engine's public surface (server and client import from here). */
export * from './types';
export { loadTemplates, checkTemplate, parseTemplateJson, templateIdOf, type TemplateFile, type LoadedTemplates } from './load';
export { compileTemplate, getCompiledTemplate, type CompiledTemplate, type CompiledField, type CompiledGroup, type CompileError } from './compile';
export { pruneInputs, defaultInputs, defaultItem } from './inputs';
export { compileCondition, evaluateCondition, conditionSchema, conditionFields, type Condition } from './visibility';
export { localizeUnit, UNIT_WORDS } from './units';
export { fieldNumberOptions } from './number-display';
export { listFilterFields, topLevelField } from './list-filters';
export { TEMPLATE_ICONS, isTemplateIcon, type TemplateIconName } from './icons';

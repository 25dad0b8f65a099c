/** The template engine's public surface (server and client import from here). */
export * from './types';
export { loadTemplates, checkTemplate, checkTemplateShape, parseTemplateJson, type TemplateFile } from './load';
export { getCompiledTemplate } from './compile';
export { pruneInputs, defaultInputs, defaultItem } from './inputs';
export { compileCondition, evaluateCondition, conditionFields } from './visibility';
export {
  localizeUnit,
  withCo2Subscript,
  KG_CO2E,
  UNIT_WORDS,
  unitCatalog,
  isWordUnit,
  UNIT_KEY_PATTERN,
  UNIT_SYMBOLS,
  type UnitCatalog,
  type UnitEntry,
} from './units';
export { fieldNumberOptions } from './number-display';
export { optionLabel } from './option-label';
export { listFilterFields, topLevelField } from './list-filters';
export { TEMPLATE_ICONS, isTemplateIcon, type TemplateIconName } from './icons';
export { checkerText, wordChecker, CHECKER_KEYS } from './checker-messages';
export { PRINT_STAGES, isPrintStage, stageLabelKey, type PrintStage } from './stages';
export { renameField, fieldUsage, isUsed, type FieldRef, type FieldUsage } from './rename';

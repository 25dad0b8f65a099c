/**
 * The life-cycle stages of a print product after ISO 16759:2013 (carbon footprint of print media products), in the
 * order a print job passes them. A template's `method` assigns its results to these stages, or excludes a stage with a
 * reason, so a calculation can state its system boundary as the standard asks of a study. One catalogue: the checker,
 * the form editor, the calculation page and the reports read it from here.
 */
export const PRINT_STAGES = [
  'materials',
  'prepress',
  'press',
  'postpress',
  'packaging',
  'transport',
  'overhead',
  'end_of_life',
] as const;
export type PrintStage = (typeof PRINT_STAGES)[number];

export const isPrintStage = (name: string): name is PrintStage => (PRINT_STAGES as readonly string[]).includes(name);

/** The locale key of a stage's name (`stages.<stage>` in locales/<lang>.json). */
export const stageLabelKey = (stage: PrintStage) => `stages.${stage}` as const;

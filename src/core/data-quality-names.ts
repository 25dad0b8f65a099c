/**
 * The names of a figure's data quality (core/data-quality.ts): data types, technologies, declaration kinds. The API
 * contract (core/api/factors.ts) declares its records with them and core/data-quality.ts computes with them; kept
 * apart so the contract needs no computation.
 */

/** Measured by the mandant or its supplier (primary), or taken from a database or publication (secondary). */
export const DATA_TYPES = ['primary', 'secondary'] as const;
export type DataType = (typeof DATA_TYPES)[number];

/** How closely a figure's technology matches the process: this very process, an average of its kind, a proxy. */
export const TECHNOLOGIES = ['specific', 'average', 'proxy'] as const;
export type Technology = (typeof TECHNOLOGIES)[number];

/**
 * The mill's own declaration a paper's figure is taken from (issue 33, item 1): a Paper Profile, an EPD or a CEPI
 * carbon footprint declaration. A declared figure is the supplier's primary data for this very paper.
 */
export const DECLARATION_KINDS = ['paper_profile', 'epd', 'cepi'] as const;
export type DeclarationKind = (typeof DECLARATION_KINDS)[number];

/** CSV import mapping: pure, shared by the server's importer and the client's preview. */
export { escapeCsvCell } from './escape';
export { csvText, csvFile, csvConventions, csvNumber, CSV_BOM, type CsvCell } from './write';
export { allowedOptions, type CsvMessageKey } from './messages';
export { importTargets, itemLabel, targetHeader, resolveTarget, type ImportTarget } from './targets';
export { suggestMapping, mappingProblems, type ColumnMapping } from './mapping';
export { detectDecimalSeparator, type DecimalSeparator } from './numbers';
export { parseCell, parseBoolean, type CellContext } from './values';
export { planRows, withDecimals, isBlankRow, rowToInputs, columnOfPath, type RowPlan } from './row';
export { detectEncoding, detectDelimiter, looksBinary, type CsvEncoding, type CsvDelimiter } from './sniff';
export { templateCsv } from './template-csv';

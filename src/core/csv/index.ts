/** CSV import mapping: pure, shared by the server's importer and the client's preview. */
export { escapeCsvCell } from './escape';
export { csvText, csvFile, csvConventions, csvNumber, csvNumberText, CSV_BOM, CSV_DEFAULT_DIGITS, type CsvCell, type CsvConventions, type CsvNumber } from './write';
export { normalizeLabel, withoutUnit } from './text';
export { CSV_MESSAGES, renderCsvMessage, type CsvMessageKey } from './messages';
export { importTargets, targetHeader, type ImportTarget } from './targets';
export { suggestMapping, mappingProblems, type ColumnMapping } from './mapping';
export { detectDecimalSeparator, parseCsvNumber, type DecimalSeparator } from './numbers';
export { parseCell, parseBoolean, splitList, type CellContext, type CellResult, type FactorChoice } from './values';
export { planRows, withDecimals, isBlankRow, rowToInputs, columnOfPath, type RowPlan, type RowInputs, type CellError } from './row';
export { detectEncoding, detectDelimiter, looksBinary, hasUtf8Bom, type CsvEncoding, type CsvDelimiter } from './sniff';
export { templateCsv } from './template-csv';

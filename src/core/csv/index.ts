/** CSV import mapping: pure, shared by the server's importer and the client's preview. */
export { escapeCsvCell } from './escape';
export { csvText, csvFile, csvConventions, csvNumber, CSV_BOM, type CsvCell } from './write';
export { renderCsvMessage, type CsvMessageKey } from './messages';
export { importTargets, targetHeader } from './targets';
export { suggestMapping, mappingProblems, type ColumnMapping } from './mapping';
export { detectDecimalSeparator, parseCsvNumber, type DecimalSeparator } from './numbers';
export { parseCell, parseBoolean, splitList, type CellContext, type CellResult, type FactorChoice } from './values';
export { planRows, withDecimals, isBlankRow, rowToInputs, columnOfPath, type RowPlan, type RowInputs, type CellError } from './row';
export { detectEncoding, detectDelimiter, looksBinary, hasUtf8Bom, type CsvEncoding, type CsvDelimiter } from './sniff';
export { templateCsv } from './template-csv';

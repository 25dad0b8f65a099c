/** Which template field each CSV column fills: suggested, editable, with the first values as a preview. */
import { MenuItem, Select, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { importTargets, targetHeader, type ColumnMapping } from '../../core/csv';
import { isLanguage } from '../../core/languages';
import type { Template } from '../../core/template';

interface Props {
  template: Template;
  headers: string[];
  rows: string[][];
  mapping: ColumnMapping;
  onChange(mapping: ColumnMapping): void;
}

const NONE = '__none__';

export const MappingTable = ({ template, headers, rows, mapping, onChange }: Props) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const lang = isLanguage(locale) ? locale : 'de';
  const targets = importTargets(template);
  const used = new Set(Object.values(mapping).filter(Boolean));
  return (
    <Table size="small" data-testid="importer-mapping">
      <TableHead>
        <TableRow>
          <TableCell>{translate('importer.mapping.column')}</TableCell>
          <TableCell>{translate('importer.mapping.field')}</TableCell>
          <TableCell>{translate('importer.mapping.sample')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {headers.map((header, index) => (
          <TableRow key={`${header}-${index}`}>
            <TableCell>{header}</TableCell>
            <TableCell>
              <Select
                size="small"
                value={mapping[header] ?? NONE}
                SelectDisplayProps={{ 'aria-label': translate('importer.mapping.fieldFor', { column: header }) } as object}
                onChange={(event) => onChange({ ...mapping, [header]: event.target.value === NONE ? null : String(event.target.value) })}
                sx={{ minWidth: 240 }}
              >
                <MenuItem value={NONE}>{translate('importer.mapping.ignore')}</MenuItem>
                {targets.map((target) => (
                  <MenuItem key={target.key} value={target.key} disabled={used.has(target.key) && mapping[header] !== target.key}>
                    {targetHeader(template, target, lang)}
                  </MenuItem>
                ))}
              </Select>
            </TableCell>
            <TableCell sx={{ color: 'text.secondary' }}>{rows.slice(0, 3).map((row) => row[index] ?? '').join(' · ')}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
};

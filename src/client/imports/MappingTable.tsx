/** Which template field each CSV column fills: suggested, editable, with the first values as a preview. */
import { ListSubheader, MenuItem, Select, Typography } from '@mui/material';
import { DataTable, ListContextProvider, useList, useLocaleState, useTranslate } from 'react-admin';
import {
  importTargets,
  itemLabel,
  resolveTarget,
  targetHeader,
  type ColumnMapping,
  type ImportTarget,
} from '../../core/csv';
import { useUnitCatalog } from '../units/useUnitCatalog';
import { isLanguage } from '../../core/languages';
import type { Template } from '../../core/template';

interface Props {
  template: Template;
  headers: string[];
  rows: string[][];
  mapping: ColumnMapping;
  onChange(mapping: ColumnMapping): void;
}

/** A CSV column as a table row: its header and its first values. */
interface CsvColumn {
  id: number;
  header: string;
  sample: string;
}

const NONE = '__none__';
/** Sets of a repeatable group always offered, so that a second item can be mapped without typing its header. */
const OFFERED_SETS = 2;

/**
 * Per repeatable group, the sets the menu offers: at least two, and one beyond the highest set
 * mapped, so that each further item becomes mappable once the one before it is (up to the
 * group's maximum, which importTargets keeps).
 */
function offeredSets(template: Template, mapping: ColumnMapping): Record<string, number> {
  const sets: Record<string, number> = {};
  for (const group of template.groups) if (group.repeatable) sets[group.id] = OFFERED_SETS;
  for (const key of Object.values(mapping)) {
    const target = key ? resolveTarget(template, key) : undefined;
    if (target?.groupId && target.item)
      sets[target.groupId] = Math.max(sets[target.groupId] ?? OFFERED_SETS, target.item + 1);
  }
  return sets;
}

export const MappingTable = ({ template, headers, rows, mapping, onChange }: Props) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const lang = isLanguage(locale) ? locale : 'de';
  const units = useUnitCatalog();
  const columnList = useList<CsvColumn>({
    data: headers.map((header, id) => ({
      id,
      header,
      sample: rows
        .slice(0, 3)
        .map((row) => row[id] ?? '')
        .join(' · '),
    })),
  });
  const targets = importTargets(template, offeredSets(template, mapping));
  // The hint quotes the chosen template's own first numbered column, not the brochure's.
  const example = targets.find((target) => target.groupId);
  const used = new Set(
    Object.values(mapping)
      .map((key) => (key ? (resolveTarget(template, key)?.key ?? key) : null))
      .filter(Boolean),
  );
  /** The menu: top-level fields, then each group item under a heading of its own ("Transporte 2"). */
  const menuEntries = (header: string) => {
    const current = mapping[header] ? resolveTarget(template, mapping[header])?.key : undefined;
    let lastSet: string | undefined;
    return targets.flatMap((target: ImportTarget) => {
      const entries = [];
      const set = target.groupId ? `${target.groupId}#${target.item ?? 1}` : undefined;
      if (set && set !== lastSet) {
        const group = template.groups.find((g) => g.id === target.groupId);
        entries.push(
          <ListSubheader key={`set-${set}`} disableSticky>
            {translate('importer.mapping.set', {
              group: group ? itemLabel(group, lang) : target.groupId,
              n: target.item ?? 1,
            })}
          </ListSubheader>,
        );
      }
      lastSet = set;
      entries.push(
        <MenuItem key={target.key} value={target.key} disabled={used.has(target.key) && current !== target.key}>
          {targetHeader(template, target, lang, units)}
        </MenuItem>,
      );
      return entries;
    });
  };
  return (
    <>
      {example && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="importer-sets-hint">
          {translate('importer.mapping.setsHint', {
            first: targetHeader(template, { ...example, item: 1 }, lang, units),
            second: targetHeader(template, { ...example, item: 2 }, lang, units),
          })}
        </Typography>
      )}
      <ListContextProvider value={columnList}>
        <DataTable resource="import-columns" data-testid="importer-mapping" rowClick={false} bulkActionButtons={false}>
          <DataTable.Col source="header" label="importer.mapping.column" />
          <DataTable.Col
            label="importer.mapping.field"
            render={({ header }: CsvColumn) => (
              <Select
                size="small"
                value={(mapping[header] && resolveTarget(template, mapping[header])?.key) || NONE}
                SelectDisplayProps={
                  { 'aria-label': translate('importer.mapping.fieldFor', { column: header }) } as object
                }
                onChange={(event) =>
                  onChange({ ...mapping, [header]: event.target.value === NONE ? null : String(event.target.value) })
                }
                sx={{ minWidth: 240 }}
              >
                <MenuItem value={NONE}>{translate('importer.mapping.ignore')}</MenuItem>
                {menuEntries(header)}
              </Select>
            )}
          />
          <DataTable.Col source="sample" label="importer.mapping.sample" cellSx={() => ({ color: 'text.secondary' })} />
        </DataTable>
      </ListContextProvider>
    </>
  );
};

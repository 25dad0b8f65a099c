/**
 * The notice a comparison or a collection shows when its calculations rest on different bases (factor databases,
 * versions of one template, system boundaries): their figures are then not like for like (issue 33, item 6). The
 * same check and texts as the collection's report (core/mixed-bases.ts, `documents.report.mixed.*`).
 */
import { Alert, Stack } from '@mui/material';
import { useGetList, useTranslate } from 'react-admin';
import type { CalculationRecord, TemplateRecord } from '../../core/api';
import { mixedBases } from '../../core/mixed-bases';

const ALL_TEMPLATES = { pagination: { page: 1, perPage: 100 }, sort: { field: 'id', order: 'ASC' as const } };

export const MixedBasesNotice = ({
  records,
}: {
  records: readonly Pick<CalculationRecord, 'database_id' | 'template_id' | 'template_version'>[];
}) => {
  const translate = useTranslate();
  const { data: templates = [] } = useGetList<TemplateRecord>('templates', ALL_TEMPLATES);
  const boundaries = new Map(templates.map((template) => [template.id, template.definition.method?.systemBoundary.en]));
  const mixed = mixedBases(
    records.map((record) => ({
      database_id: record.database_id,
      template_id: record.template_id,
      template_version: record.template_version,
      systemBoundary: boundaries.get(record.template_id),
    })),
  );
  if (mixed.length === 0) return null;
  return (
    <Stack spacing={1} sx={{ my: 1 }} data-testid="mixed-bases">
      {mixed.map((basis) => (
        <Alert key={basis} severity="warning" data-testid={`mixed-${basis}`}>
          {translate(`documents.report.mixed.${basis}`)}
        </Alert>
      ))}
    </Stack>
  );
};

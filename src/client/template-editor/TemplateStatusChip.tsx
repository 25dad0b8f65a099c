import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { TemplateVersionStatus } from '../../core/api';

/** A template version's status, published in the success colour. */
export const TemplateStatusChip = ({
  status,
  'data-testid': testId,
}: {
  status: TemplateVersionStatus;
  'data-testid'?: string;
}) => {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={status === 'published' ? 'success' : 'default'}
      label={translate(`templateEditor.status.${status}`)}
      data-testid={testId}
    />
  );
};

/**
 * A section of its own below a record's form (a storefront's secret keys and webhooks, a record's reports): an outlined
 * card with an h2 title and a line of help above the section's content, so every such section reads alike.
 */
import { Card, CardContent, Typography, type SxProps, type Theme } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';

export const SectionCard = ({
  title,
  help,
  testId,
  sx = { my: 2 },
  children,
}: {
  /** Message keys of the title and the help line. */
  title: string;
  help: string;
  testId: string;
  sx?: SxProps<Theme>;
  children: ReactNode;
}) => {
  const translate = useTranslate();
  return (
    <Card variant="outlined" sx={sx} data-testid={testId}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate(title)}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate(help)}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
};

/**
 * The frame of the panels under a calculation's form (its method, its data quality, where its figures come from): an
 * outlined card headed by the panel's title.
 */
import { Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';

export const CalculationPanel = ({
  testId,
  title,
  children,
}: {
  testId: string;
  title: string;
  children: ReactNode;
}) => (
  <Card variant="outlined" sx={{ mx: { xs: 1, md: 2 }, mb: 2 }} data-testid={testId}>
    <CardContent>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      {children}
    </CardContent>
  </Card>
);

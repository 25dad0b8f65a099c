/** One panel of a record page's grid: an outlined card, full width on phones and `md` of 12 columns from tablets on. */
import { Card, CardContent, Grid } from '@mui/material';
import type { ReactNode } from 'react';

export const GridPanel = ({ md, children }: { md: number; children: ReactNode }) => (
  <Grid size={{ xs: 12, md }}>
    <Card variant="outlined">
      <CardContent>{children}</CardContent>
    </Card>
  </Grid>
);

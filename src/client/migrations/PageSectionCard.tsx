/** A card of the migrations page (starting a migration, the history), headed by its title. */
import { Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';

export const PageSectionCard = ({ title, children }: { title: string; children: ReactNode }) => (
  <Card>
    <CardContent>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </CardContent>
  </Card>
);

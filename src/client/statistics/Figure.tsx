/**
 * One key figure on a card: what it is, the value with its unit, and optionally a link below. Its own module so the
 * dashboard takes it without the statistics page's grid of figures (issue #22: the first page's weight).
 */
import { Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';

export const Figure = ({
  label,
  value,
  unit,
  children,
}: {
  label: string;
  value: string;
  unit?: string;
  children?: ReactNode;
}) => (
  <Card sx={{ height: '100%' }}>
    <CardContent>
      {/* The label wraps in full lines: an overline's tall line height made a two-line label look cut. */}
      <Typography
        variant="overline"
        color="text.secondary"
        component="h3"
        sx={{ display: 'block', lineHeight: 1.6, mb: 0.5, overflowWrap: 'anywhere', hyphens: 'auto' }}
      >
        {label}
      </Typography>
      <Typography variant="h4" component="p" sx={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
        {unit ? (
          <Typography component="span" variant="h6" color="text.secondary" sx={{ ml: 1 }}>
            {unit}
          </Typography>
        ) : null}
      </Typography>
      {children}
    </CardContent>
  </Card>
);

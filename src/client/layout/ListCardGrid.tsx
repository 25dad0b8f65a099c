/**
 * The cards view of a list (beside its table, see ListViewSwitch): the list context's records as equal-height cards,
 * each opening its record and keeping its actions outside the clickable area.
 */
import { Card, CardActionArea, CardActions, CardContent, Grid } from '@mui/material';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useListContext, type RaRecord } from 'react-admin';

export const ListCardGrid = <R extends RaRecord>({
  testId,
  cardTestId,
  to,
  header,
  body,
  actions,
}: {
  testId: string;
  cardTestId?: string;
  /** Where a click on the card leads. */
  to: (record: R) => string;
  /** A CardHeader. */
  header: (record: R) => ReactNode;
  body: (record: R) => ReactNode;
  actions: (record: R) => ReactNode;
}) => {
  const { data = [], isPending } = useListContext<R>();
  if (isPending) return null;
  return (
    <Grid container spacing={2} sx={{ p: 2 }} data-testid={testId}>
      {data.map((record) => (
        <Grid key={record.id} size={{ xs: 12, sm: 6, lg: 4 }}>
          <Card
            variant="outlined"
            sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
            data-testid={cardTestId}
          >
            <CardActionArea component={Link} to={to(record)} sx={{ flex: 1, alignItems: 'stretch' }}>
              {header(record)}
              <CardContent sx={{ pt: 0 }}>{body(record)}</CardContent>
            </CardActionArea>
            <CardActions>{actions(record)}</CardActions>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
};

import { Card, CardContent, Typography } from '@mui/material';
import ConstructionIcon from '@mui/icons-material/Construction';
import { Title, useTranslate } from 'react-admin';

/** Placeholder for a screen that is not built yet; says so plainly instead of showing an empty page. */
export const NotAvailable = ({ screen }: { screen: string }) => {
  const translate = useTranslate();
  const name = translate(screen);
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={name} />
      <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
        <ConstructionIcon color="action" fontSize="large" aria-hidden />
        <div>
          <Typography variant="h5" component="h2">{name}</Typography>
          <Typography variant="h6" component="p" sx={{ mt: 1 }}>{translate('app.not_available.title')}</Typography>
          <Typography color="text.secondary">{translate('app.not_available.message', { screen: name })}</Typography>
        </div>
      </CardContent>
    </Card>
  );
};

export default NotAvailable;

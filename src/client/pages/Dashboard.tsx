import { Card, CardContent, Typography } from '@mui/material';
import { Title, useGetIdentity, useTranslate } from 'react-admin';
import { currentUser } from '../providers/authProvider';

/** A minimal start page greeting the user; the real dashboard comes with the calculations. */
export const Dashboard = () => {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const user = currentUser();
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={translate('app.menu.dashboard')} />
      <CardContent>
        <Typography variant="h5" component="h2">
          {translate('app.dashboard.greeting', { name: identity?.fullName ?? '' })}
        </Typography>
        {user?.mandant_name ? (
          <Typography color="text.secondary">{translate('app.dashboard.mandant', { name: user.mandant_name })}</Typography>
        ) : null}
        {user ? (
          <Typography color="text.secondary">{translate('app.dashboard.role', {
            role: translate(`app.roles.${user.role}`) })}</Typography>
        ) : null}
        <Typography sx={{ mt: 2 }}>{translate('app.dashboard.intro')}</Typography>
      </CardContent>
    </Card>
  );
};

export default Dashboard;

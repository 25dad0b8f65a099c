import { Box, Button, Typography } from '@mui/material';
import HomeIcon from '@mui/icons-material/Home';
import { Link } from 'react-router-dom';
import { Title, useTranslate } from 'react-admin';

/** Any unknown route (react-admin's catchAll). */
const NotFound = () => {
  const translate = useTranslate();
  return (
    <Box sx={{ textAlign: 'center', mt: 6 }} data-status="404">
      <Title title={translate('app.not_found.title')} />
      <Typography variant="h2" component="p" color="text.secondary">
        404
      </Typography>
      <Typography variant="h5" component="h2" sx={{ my: 2 }}>
        {translate('app.not_found.title')}
      </Typography>
      <Button component={Link} to="/" variant="contained" startIcon={<HomeIcon />}>
        {translate('app.not_found.back_home')}
      </Button>
    </Box>
  );
};

export default NotFound;

/** Loading and "not found" states of the calculation pages, with a way on. */
import { Alert, Box, Button, CircularProgress } from '@mui/material';
import { Link } from 'react-router-dom';
import { useTranslate } from 'react-admin';

export const PageLoading = () => (
  <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
    <CircularProgress aria-label="loading" />
  </Box>
);

export const PageProblem = ({ message, to, action }: { message: string; to: string; action: string }) => {
  const translate = useTranslate();
  return (
    <Box sx={{ p: 2 }}>
      <Alert severity="warning" action={<Button component={Link} to={to} color="inherit">{translate(action)}</Button>}>
        {message}
      </Alert>
    </Box>
  );
};

/** What a show page says instead of the record its address names when that record cannot be loaded. */
import { Alert } from '@mui/material';

export const RecordNotFound = ({ message }: { message: string }) => (
  <Alert severity="error" sx={{ m: 2 }}>
    {message}
  </Alert>
);

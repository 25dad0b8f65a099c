import { TextField, type TextFieldProps } from '@mui/material';

/**
 * The e-mail that names an account, where a visitor starts (sign in, forgot password): required, focused first, and
 * marked as the user name so the browser offers the saved one. Without react-admin, as the sign-in shell shows it too.
 */
export const AccountEmailField = ({
  onValue,
  ...props
}: Omit<TextFieldProps, 'name' | 'type' | 'onChange'> & { value: string; onValue: (email: string) => void }) => (
  <TextField
    name="email"
    type="email"
    autoComplete="username"
    required
    autoFocus
    onChange={(e) => onValue(e.target.value)}
    {...props}
  />
);

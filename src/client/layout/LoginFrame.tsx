import type { ReactNode } from 'react';
import { Box, Card, CardContent, Typography } from '@mui/material';
import { getRuntimeConfig } from '../providers/runtimeConfig';

/**
 * The sign-in pages' frame without react-admin: a centred card with the product name, the tagline and the language
 * switcher. `LoginLayout` (inside the app) and the sign-in shell (src/client/signin) both draw it, so the login page
 * looks the same whichever of them shows it.
 */
export const LoginFrame = ({
  title,
  tagline,
  languageMenu,
  services,
  children,
}: {
  title: string;
  tagline: string;
  languageMenu: ReactNode;
  /** What renders nothing visible in the card (document title, progress bar). */
  services?: ReactNode;
  children: ReactNode;
}) => (
  <Box
    component="main"
    sx={{
      minHeight: '100vh',
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'center',
      bgcolor: 'background.default',
      p: 2,
    }}
  >
    {services}
    <Card sx={{ width: '100%', maxWidth: 420 }}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
          <Box>
            <Typography variant="h5" component="p">
              {getRuntimeConfig().provider.name}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {tagline}
            </Typography>
          </Box>
          {languageMenu}
        </Box>
        <Typography variant="h6" component="h1" sx={{ mb: 2 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  </Box>
);

import type { ReactNode } from 'react';
import { Box, Card, CardContent, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { getRuntimeConfig } from '../providers/runtimeConfig';
import { LanguageMenu } from './LanguageMenu';
import { ShellServices } from './ShellServices';

/** The sign-in pages' frame: a centred card with the product name and the language switcher. */
export const LoginLayout = ({ title, children }: { title: string; children: ReactNode }) => {
  const translate = useTranslate();
  const provider = getRuntimeConfig().provider.name;
  return (
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
      <ShellServices pageTitle={title} />
      <Card sx={{ width: '100%', maxWidth: 420 }}>
        <CardContent>
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
            <Box>
              <Typography variant="h5" component="p">
                {provider}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {translate('app.tagline')}
              </Typography>
            </Box>
            <LanguageMenu />
          </Box>
          <Typography variant="h6" component="h1" sx={{ mb: 2 }}>
            {title}
          </Typography>
          {children}
        </CardContent>
      </Card>
    </Box>
  );
};

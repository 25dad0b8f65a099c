import { Box, Link, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useBranding } from './branding';
import { apiUrl } from '../providers/httpClient';

// Named import: Vite tree-shakes the rest of package.json out of the bundle.
import { version } from '../../../package.json';

/** Provider, version and the links every page carries. */
export const Footer = () => {
  const translate = useTranslate();
  const provider = useBranding().providerName;
  return (
    <Box
      component="footer"
      sx={{
        mt: 'auto',
        py: 2,
        px: 2,
        display: 'flex',
        gap: 2,
        flexWrap: 'wrap',
        justifyContent: 'center',
        color: 'text.secondary',
      }}
    >
      <Typography variant="body2">{translate('app.footer.provided_by', { provider })}</Typography>
      <Typography variant="body2">{translate('app.footer.version', { version })}</Typography>
      <Link variant="body2" href={apiUrl('/docs')} target="_blank" rel="noopener">
        {translate('app.footer.api_docs')}
      </Link>
    </Box>
  );
};

import { Box, Link, Typography } from '@mui/material';
import { isLanguage } from '../../../core/languages';

// Deliberately free of i18n and react-admin: this is what is left when the error page itself failed.
const TEXT = {
  de: ['Beim Anzeigen der Fehlerseite ist ein Fehler aufgetreten', 'Zurück zur Startseite'],
  en: ['An error occurred while showing the error page', 'Back to the home page'],
  fr: ["Une erreur s'est produite lors de l'affichage de la page d'erreur", "Retour à la page d'accueil"],
  it: ['Si è verificato un errore durante la visualizzazione della pagina di errore', 'Torna alla pagina iniziale'],
  es: ['Se produjo un error al mostrar la página de error', 'Volver a la página de inicio'],
} as const;

export const ErrorPageFailure = () => {
  const lang = document.documentElement.lang;
  const [message, home] = TEXT[isLanguage(lang) ? lang : 'de'];
  return (
    <Box role="alert" sx={{ textAlign: 'center', mt: 6, px: 2 }} data-testid="error-page-failure">
      <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
        {message}
      </Typography>
      {/* A full page load: the router may be what failed. */}
      <Link href="/">{home}</Link>
    </Box>
  );
};

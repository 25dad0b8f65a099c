import { useState, type MouseEvent } from 'react';
import { Box, Button, Menu, MenuItem } from '@mui/material';
import TranslateIcon from '@mui/icons-material/Translate';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '../../core/languages';

/**
 * The language button and its menu, without react-admin: the app bar's and login card's `LanguageMenu` and the sign-in
 * shell (src/client/signin) show this one. Language names are shown in their own language.
 */
export const LanguagePicker = ({
  language,
  changeLabel,
  onChange,
}: {
  language: Language;
  /** "Change language", in the current language. */
  changeLabel: string;
  onChange: (language: Language) => void;
}) => {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const open = anchor !== null;

  return (
    <>
      <Button
        color="inherit"
        data-testid="language-menu"
        // The visible language name stays part of the accessible name (WCAG 2.5.3, label in name).
        aria-label={`${changeLabel}: ${LANGUAGE_NAMES[language]}`}
        aria-haspopup="menu"
        aria-controls={open ? 'kontor-language-menu' : undefined}
        aria-expanded={open}
        startIcon={<TranslateIcon />}
        endIcon={<ExpandMoreIcon />}
        onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
      >
        {/* On a phone the code: the name left the page title two letters (issue #35). */}
        <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
          {LANGUAGE_NAMES[language]}
        </Box>
        <Box component="span" sx={{ display: { xs: 'inline', sm: 'none' } }}>
          {language.toUpperCase()}
        </Box>
      </Button>
      <Menu id="kontor-language-menu" anchorEl={anchor} open={open} onClose={() => setAnchor(null)} disableScrollLock>
        {LANGUAGES.map((code) => (
          <MenuItem
            key={code}
            lang={code}
            data-testid={`language-option-${code}`}
            selected={code === language}
            onClick={() => {
              setAnchor(null);
              onChange(code);
            }}
          >
            {LANGUAGE_NAMES[code]}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
};

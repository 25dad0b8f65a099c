/** "New calculation": a menu of the templates (of the list's type) leading to /new/:template. */
import { Button, ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useLocaleState, useTranslate, useCanAccess } from 'react-admin';
import { TemplateIcon } from '../template-forms/TemplateIcon';
import type { TemplateRecord } from './types';
import { byLabel } from '../template-forms/useTemplate';

export const NewCalculationButton = ({ templates }: { templates: readonly TemplateRecord[] }) => {
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [locale = 'de'] = useLocaleState();
  const { canAccess } = useCanAccess({ action: 'create', resource: 'calculations' });
  if (templates.length === 0 || canAccess === false) return null;
  return (
    <>
      <Button
        startIcon={<AddIcon />}
        size="small"
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
      >
        {translate('calculations.new')}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {byLabel(templates, locale).map((template) => (
          <MenuItem key={template.id} component={Link} to={`/new/${template.id}`} onClick={() => setAnchor(null)}>
            <ListItemIcon>
              <TemplateIcon name={template.icon} fontSize="small" />
            </ListItemIcon>
            <ListItemText>{template.label}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
};

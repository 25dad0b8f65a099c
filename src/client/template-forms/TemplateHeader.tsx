import { Avatar, Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { localize } from '../../core/rules';
import type { Template } from '../../core/template';
import { TemplateIcon } from './TemplateIcon';
import { useLanguage } from '../i18n/useLanguage';

/** The template's name and icon above its form; `subtitle` carries e.g. the calculation's number. */
export const TemplateHeader = ({
  template,
  subtitle,
  actions,
}: {
  template: Template;
  subtitle?: ReactNode;
  actions?: ReactNode;
}) => {
  const lang = useLanguage();
  const description = template.description ? localize(template.description, lang) : undefined;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }} data-testid="template-header">
      <Avatar sx={{ bgcolor: 'primary.main', width: 48, height: 48 }}>
        <TemplateIcon name={template.icon} aria-hidden />
      </Avatar>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="h5" component="h1">
          {localize(template.label, lang, template.id)}
        </Typography>
        {subtitle ? (
          <Typography variant="body2" color="text.secondary">
            {subtitle}
          </Typography>
        ) : null}
        {description ? (
          <Typography variant="body2" color="text.secondary">
            {description}
          </Typography>
        ) : null}
      </Box>
      {actions}
    </Box>
  );
};

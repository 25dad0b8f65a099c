/** One project of the catalogue as a card: picture, name, type, standard, country, price per tonne, stock. */
import { Card, CardActionArea, CardContent, Chip, Stack, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import type { OffsetProjectRecord } from '../../core/api';
import { useLanguage } from '../i18n/useLanguage';
import { countryName, exclVat, formatMoney, formatTonnes } from './format';
import { ProjectImage } from './ProjectImage';

export const ProjectCard = ({ project, to }: { project: OffsetProjectRecord; to?: string }) => {
  const translate = useTranslate();
  const lang = useLanguage();
  return (
    <Card
      variant="outlined"
      data-testid={`project-card-${project.id}`}
      sx={{ height: '100%', opacity: project.active ? 1 : 0.6 }}
    >
      <CardActionArea
        component={Link}
        to={to ?? `/carbon-offset-projects/${project.id}`}
        sx={{ height: '100%', alignItems: 'stretch' }}
      >
        <ProjectImage project={project} />
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            {project.name[lang]}
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 1 }}>
            <Chip size="small" label={translate(`offsets.types.${project.project_type}`)} />
            <Chip size="small" variant="outlined" label={project.standard} />
            {!project.active && <Chip size="small" color="warning" label={translate('offsets.inactive')} />}
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {countryName(project.country, lang)} · {translate('offsets.fields.vintage')} {project.vintage}
          </Typography>
          <Typography variant="subtitle1" component="p" sx={{ mt: 1 }} data-testid="project-price">
            {exclVat(
              translate('offsets.price_per_tonne', {
                price: formatMoney(project.price_per_tonne_minor, project.currency, lang),
              }),
              translate,
            )}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {translate('offsets.available', { tonnes: formatTonnes(project.tonnes_available_kg, lang) })}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
};

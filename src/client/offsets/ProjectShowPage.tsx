/** `/carbon-offset-projects/:id`: one project in detail; provider admins can edit it. */
import {
  Alert,
  Box,
  Card,
  CardContent,
  Chip,
  Grid,
  Link as MuiLink,
  Stack,
  Table,
  TableBody,
  Typography,
} from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EditIcon from '@mui/icons-material/Edit';
import type { ComponentProps } from 'react';
import { Link } from 'react-router-dom';
import { Button, Loading, Title, useTranslate } from 'react-admin';
import { usePageRecord } from '../shell/errors/pageRecord';
import type { OffsetProjectRecord } from '../../core/api';
import { DetailRow } from '../layout/DetailRow';
import { RecordNotFound } from '../layout/RecordNotFound';
import { useCan } from '../providers/RoleGate';
import { exampleRegistryId } from '../../core/offset-projects';
import { useLanguage } from '../i18n/useLanguage';
import { countryName, exclVat, formatMoney, formatTonnes } from './format';
import { ProjectImage } from './ProjectImage';

const Row = (props: Omit<ComponentProps<typeof DetailRow>, 'labelWidth'>) => <DetailRow labelWidth="40%" {...props} />;

const ProjectShowPage = () => {
  const translate = useTranslate();
  const lang = useLanguage();
  const mayEdit = useCan('update', 'carbon-offset-projects');
  const page = usePageRecord<OffsetProjectRecord>('carbon-offset-projects', 'offsets.not_found');
  if (page.isPending) return <Loading />;
  const project = page.record;
  if (!project) return <RecordNotFound message={page.failure()} />;
  const example = exampleRegistryId(project.registry_id);
  const registryId = example === null ? project.registry_id : translate('offsets.example_registry_id', { id: example });
  return (
    <Box sx={{ p: 2 }}>
      <Title title={project.name[lang]} />
      <Stack direction="row" spacing={1} sx={{ mb: 2 }}>
        <Button component={Link} to="/carbon-offset-projects" label="offsets.back">
          <ArrowBackIcon />
        </Button>
        {mayEdit && (
          <Button component={Link} to={`/carbon-offset-projects/${project.id}/edit`} label="ra.action.edit">
            <EditIcon />
          </Button>
        )}
      </Stack>
      <Card variant="outlined">
        <ProjectImage project={project} height={200} />
        <CardContent>
          <Typography variant="h5" component="h1" gutterBottom>
            {project.name[lang]}
          </Typography>
          {!project.active && <Chip color="warning" label={translate('offsets.inactive')} sx={{ mb: 1 }} />}
          <Typography variant="body1" sx={{ mb: 2, whiteSpace: 'pre-line' }}>
            {project.description[lang]}
          </Typography>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, md: 8 }}>
              <Table size="small">
                <TableBody>
                  <Row label={translate('offsets.fields.project_type')}>
                    {translate(`offsets.types.${project.project_type}`)}
                  </Row>
                  <Row label={translate('offsets.fields.standard')}>{project.standard}</Row>
                  <Row label={translate('offsets.fields.country')}>{countryName(project.country, lang)}</Row>
                  <Row label={translate('offsets.fields.vintage')}>{project.vintage}</Row>
                  <Row label={translate('offsets.fields.registry_id')}>
                    {project.registry_url ? (
                      <MuiLink href={project.registry_url} target="_blank" rel="noopener noreferrer">
                        {registryId || project.registry_url}
                      </MuiLink>
                    ) : (
                      registryId || '—'
                    )}
                  </Row>
                  <Row label={translate('offsets.fields.price_per_tonne')}>
                    {exclVat(formatMoney(project.price_per_tonne_minor, project.currency, lang), translate)}
                  </Row>
                  <Row label={translate('offsets.fields.tonnes_available')}>
                    {formatTonnes(project.tonnes_available_kg, lang)}
                  </Row>
                  <Row label={translate('offsets.fields.sdgs')}>
                    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
                      {project.sdgs.map((sdg) => (
                        <Chip key={sdg} size="small" label={`SDG ${sdg}`} />
                      ))}
                    </Stack>
                  </Row>
                </TableBody>
              </Table>
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <Alert severity="info">{translate('offsets.order_hint')}</Alert>
            </Grid>
          </Grid>
        </CardContent>
      </Card>
    </Box>
  );
};

export default ProjectShowPage;

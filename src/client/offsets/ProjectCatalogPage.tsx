/**
 * `/carbon-offset-projects`: the catalogue as cards with filters (type, standard, country, price
 * range). Mandant users get the active projects only (the server decides); provider admins can add.
 */
import { useMemo, useState } from 'react';
import { Alert, Box, Grid, Stack, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { Link } from 'react-router-dom';
import { Button, Loading, Title, useGetList, useTranslate } from 'react-admin';
import { OFFSET_PROJECT_TYPES, type OffsetProjectRecord } from '../../core/api';
import { useCan } from '../providers/RoleGate';
import { useLanguage } from '../i18n/useLanguage';
import { distinct, filterProjects, NO_FILTERS, type ProjectFilters } from './filters';
import { FilterSelect } from './FilterSelect';
import { countryName, currencyDigits } from './format';
import { ProjectCard } from './ProjectCard';

const PRICE_SX = { flex: '0 0 150px' } as const;
/** The price range's two bounds, each a filter key with its label. */
const PRICE_BOUNDS = [
  ['minPrice', 'offsets.filters.min_price'],
  ['maxPrice', 'offsets.filters.max_price'],
] as const;

type Option = { value: string; label: string };

const majorOf = (p: OffsetProjectRecord) => p.price_per_tonne_minor / 10 ** currencyDigits(p.currency);

export const ProjectFilterBar = ({
  projects,
  filters,
  onChange,
}: {
  projects: readonly OffsetProjectRecord[];
  filters: ProjectFilters;
  onChange: (f: ProjectFilters) => void;
}) => {
  const translate = useTranslate();
  const lang = useLanguage();
  const set = (key: keyof ProjectFilters) => (event: { target: { value: string } }) =>
    onChange({ ...filters, [key]: event.target.value });
  const allLabel = translate('offsets.filters.all');
  // The choice filters: the types there are, the standards and countries the catalogue's projects have.
  const choices: { key: 'type' | 'standard' | 'country'; label: string; options: Option[]; testId?: string }[] = [
    {
      key: 'type',
      label: 'offsets.fields.project_type',
      options: OFFSET_PROJECT_TYPES.map((type) => ({ value: type, label: translate(`offsets.types.${type}`) })),
      testId: 'filter-type',
    },
    {
      key: 'standard',
      label: 'offsets.fields.standard',
      options: distinct(projects.map((p) => p.standard)).map((standard) => ({ value: standard, label: standard })),
    },
    {
      key: 'country',
      label: 'offsets.fields.country',
      options: distinct(projects.map((p) => p.country)).map((code) => ({
        value: code,
        label: countryName(code, lang),
      })),
    },
  ];
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      useFlexGap
      sx={{ mb: 2, flexWrap: 'wrap' }}
      data-testid="project-filters"
    >
      {choices.map((choice) => (
        <FilterSelect
          key={choice.key}
          label={translate(choice.label)}
          value={filters[choice.key]}
          onChange={set(choice.key)}
          allLabel={allLabel}
          options={choice.options}
          data-testid={choice.testId}
        />
      ))}
      {PRICE_BOUNDS.map(([key, label]) => (
        <TextField
          key={key}
          size="small"
          type="number"
          label={translate(label)}
          value={filters[key]}
          onChange={set(key)}
          sx={PRICE_SX}
        />
      ))}
    </Stack>
  );
};

const ProjectCatalogPage = () => {
  const translate = useTranslate();
  const mayAdd = useCan('create', 'carbon-offset-projects');
  const [filters, setFilters] = useState<ProjectFilters>(NO_FILTERS);
  const {
    data = [],
    isPending,
    error,
  } = useGetList<OffsetProjectRecord>('carbon-offset-projects', {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'id', order: 'ASC' },
  });
  const shown = useMemo(() => filterProjects(data, filters, majorOf), [data, filters]);
  return (
    <Box sx={{ p: 2 }}>
      <Title title={translate('offsets.title')} />
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography variant="h5" component="h1">
          {translate('offsets.title')}
        </Typography>
        {mayAdd && (
          <Button component={Link} to="/carbon-offset-projects/create" label="offsets.create" variant="contained">
            <AddIcon />
          </Button>
        )}
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('offsets.intro')}
      </Typography>
      <ProjectFilterBar projects={data} filters={filters} onChange={setFilters} />
      {isPending ? (
        <Loading />
      ) : error ? (
        <Alert severity="error">{translate('offsets.load_failed')}</Alert>
      ) : shown.length === 0 ? (
        <Alert severity="info">{translate('offsets.none')}</Alert>
      ) : (
        <Grid container spacing={2} data-testid="project-cards">
          {shown.map((project) => (
            <Grid key={project.id} size={{ xs: 12, sm: 6, md: 4, lg: 3 }}>
              <ProjectCard project={project} />
            </Grid>
          ))}
        </Grid>
      )}
    </Box>
  );
};

export default ProjectCatalogPage;

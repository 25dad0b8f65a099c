/** `/new` without a template: a calculation always starts from a template, so the user picks one first. */
import { Box, Card, CardActionArea, CardHeader, Grid, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { Title, useLocaleState, useTranslate } from 'react-admin';
import { TemplateIcon } from '../template-forms/TemplateIcon';
import { PageLoading } from './PageState';
import { byLabel, useTemplates } from '../template-forms/useTemplate';

const TemplatePickerPage = () => {
  const translate = useTranslate();
  const { data = [], isPending } = useTemplates();
  const [locale = 'de'] = useLocaleState();
  if (isPending) return <PageLoading />;
  return (
    <Box sx={{ p: 2 }}>
      <Title title={translate('calculations.pick_template')} />
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {translate('calculations.pick_template')}
      </Typography>
      <Grid container spacing={2}>
        {byLabel(data, locale).map((template) => (
          <Grid key={template.id} size={{ xs: 12, sm: 6, md: 4 }}>
            <Card variant="outlined">
              <CardActionArea component={Link} to={`/new/${template.id}`}>
                <CardHeader
                  avatar={<TemplateIcon name={template.icon} color="primary" />}
                  title={template.label}
                  subheader={
                    template.description ?? translate(`calculations.types.${template.type}`, { _: template.type })
                  }
                />
              </CardActionArea>
            </Card>
          </Grid>
        ))}
      </Grid>
    </Box>
  );
};

export default TemplatePickerPage;

/**
 * `/orders/:id`: one order. A draft is the review step (place or cancel it); later states show the
 * transitions the role allows and the documents (confirmation; certificate once completed).
 */
import type { ComponentProps } from 'react';
import { Alert, Box, Card, CardContent, Grid, Stack, Table, TableBody, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Link } from 'react-router-dom';
import { Button, Loading, Title, useGetOne, useTranslate } from 'react-admin';
import type { MandantRecord, OffsetProjectRecord, OrderRecord } from '../../core/api';
import { DetailRow } from '../layout/DetailRow';
import { RecordNotFound } from '../layout/RecordNotFound';
import { usePageRecord } from '../shell/errors/pageRecord';
import { GridPanel } from '../layout/GridPanel';
import { useCan } from '../providers/RoleGate';
import { exclVat, formatDate, formatKg, formatMoney, formatTonnes } from '../offsets/format';
import { ProjectImage } from '../offsets/ProjectImage';
import { useLanguage } from '../i18n/useLanguage';
import { OrderActions } from './OrderActions';
import { ReportControls } from '../reports/ReportControls';
import { OrderStatusChip } from './OrderStatusChip';
import { CO2E } from '../../core/template/units';
import { useChannelText } from '../storefronts/ChannelText';
import { useBranding } from '../layout/branding';

const Row = (props: Omit<ComponentProps<typeof DetailRow>, 'labelWidth'>) => <DetailRow labelWidth="45%" {...props} />;

/** The order's facts, one row each; the mandant only when the reader sees every mandant's orders. */
const OrderFacts = ({
  order,
  project,
  mandant,
}: {
  order: OrderRecord;
  project: OffsetProjectRecord | undefined;
  mandant: MandantRecord | undefined;
}) => {
  const translate = useTranslate();
  const lang = useLanguage();
  const channelText = useChannelText();
  const money = (minor: number) => exclVat(formatMoney(minor, order.currency, lang), translate);
  return (
    <Table size="small">
      <TableBody>
        {mandant && (
          <Row label={translate('orders.fields.mandant')} testId="order-mandant">
            {mandant.name}
          </Row>
        )}
        <Row label={translate('orders.fields.subject')}>
          {order.collection_id !== null ? (
            <Link to={`/collections/${order.collection_id}`}>
              {translate('orders.collection_with', { count: order.calculation_ids.length })}
            </Link>
          ) : order.calculation_id !== null ? (
            <Link to={`/edit/${order.calculation_id}`}>
              {translate('orders.calculation_link', { id: order.calculation_id })}
            </Link>
          ) : (
            translate('orders.calculations_count', { count: order.calculation_ids.length })
          )}
        </Row>
        <Row label={translate('orders.fields.project')}>
          {project ? (
            <Link to={`/carbon-offset-projects/${project.id}`}>{project.name[lang]}</Link>
          ) : (
            `#${order.project_id}`
          )}
        </Row>
        <Row label={translate('orders.fields.co2e')}>
          {formatKg(order.co2e_kg, lang)} {CO2E}
        </Row>
        <Row label={translate('orders.fields.tonnes')} testId="order-tonnes">
          {formatTonnes(order.tonnes_kg, lang)} {CO2E}
        </Row>
        <Row label={translate('orders.fields.price_per_tonne')}>{money(order.price_per_tonne_minor)}</Row>
        <Row label={translate('orders.fields.total')} testId="order-total">
          <strong>{money(order.total_minor)}</strong>
        </Row>
        <Row label={translate('orders.fields.issued_to')}>{order.issued_to}</Row>
        <Row label={translate('storefronts.channel.label')} testId="order-channel">
          {channelText(order.channel, order.channel_reference, order.channel_name)}
        </Row>
        <Row label={translate('orders.fields.created_at')}>{formatDate(order.created_at, lang)}</Row>
        {order.placed_at && <Row label={translate('orders.fields.placed_at')}>{formatDate(order.placed_at, lang)}</Row>}
        {order.completed_at && (
          <Row label={translate('orders.fields.completed_at')}>{formatDate(order.completed_at, lang)}</Row>
        )}
        {order.certificate_number && (
          <Row label={translate('orders.fields.certificate_number')} testId="certificate-number">
            {order.certificate_number}
          </Row>
        )}
      </TableBody>
    </Table>
  );
};

const ProjectCard = ({ project }: { project: OffsetProjectRecord }) => {
  const translate = useTranslate();
  const lang = useLanguage();
  return (
    <Grid size={{ xs: 12, md: 5 }}>
      <Card variant="outlined">
        <ProjectImage project={project} height={120} />
        <CardContent>
          <Typography variant="subtitle1">{project.name[lang]}</Typography>
          <Typography variant="body2" color="text.secondary">
            {translate(`offsets.types.${project.project_type}`)} · {project.standard} ·{' '}
            {translate('offsets.fields.vintage')} {project.vintage}
          </Typography>
        </CardContent>
      </Card>
    </Grid>
  );
};

const OrderShowPage = () => {
  const translate = useTranslate();
  const { providerName } = useBranding();
  const page = usePageRecord<OrderRecord>('orders', 'orders.not_found');
  const order = page.record;
  const { data: project } = useGetOne<OffsetProjectRecord>(
    'carbon-offset-projects',
    { id: order?.project_id ?? 0 },
    { enabled: !!order },
  );
  // Provider admins see every mandant's orders, so the page names whose order it is.
  const showMandant = useCan('read_all', 'mandants');
  const { data: mandant } = useGetOne<MandantRecord>(
    'mandants',
    { id: order?.mandant_id ?? 0 },
    { enabled: !!order && showMandant },
  );
  if (page.isPending) return <Loading />;
  if (!order) return <RecordNotFound message={page.failure()} />;
  return (
    <Box sx={{ p: 2 }}>
      <Title title={translate('orders.show_title', { number: order.number })} />
      <Button component={Link} to="/orders" label="orders.back" sx={{ mb: 2 }}>
        <ArrowBackIcon />
      </Button>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="h5" component="h1" data-testid="order-number">
          {translate('orders.show_title', { number: order.number })}
        </Typography>
        <OrderStatusChip status={order.status} />
      </Stack>
      {order.status === 'draft' && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate('orders.review_intro')}
        </Alert>
      )}
      {/* After ordering: who completes the order, and when the certificate comes (issue #35). */}
      {(order.status === 'placed' || order.status === 'confirmed') && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="order-next-steps">
          {translate('orders.next_steps', { provider: providerName })}
        </Alert>
      )}
      <Grid container spacing={2}>
        <GridPanel md={7}>
          <OrderFacts order={order} project={project} mandant={showMandant ? mandant : undefined} />
          <Box sx={{ mt: 2 }}>
            <OrderActions order={order} />
          </Box>
          <ReportControls subject="orders" id={order.id} publishable={order.status === 'completed'} />
          <Typography variant="caption" component="p" color="text.secondary" sx={{ mt: 2 }}>
            {translate('orders.claim_notice')}
          </Typography>
        </GridPanel>
        {project && <ProjectCard project={project} />}
      </Grid>
    </Box>
  );
};

export default OrderShowPage;

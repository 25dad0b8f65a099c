/**
 * `/orders/new?calculation=ID` or `?collection=ID`: step 1 of ordering a CO2 offset contribution.
 * Pick a project and see the tonnes (rounded up by the mandant's rule) and the price in the user's
 * locale. "Review order" only shows what would be ordered (the server's quote, nothing saved); "Place order"
 * then creates the order and places it, so leaving the review creates nothing (issue #35).
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  Alert,
  Box,
  Card,
  CardActionArea,
  CardContent,
  Grid,
  Radio,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Button, Loading, Title, useCreate, useGetList, useGetOne, useNotify, useTranslate } from 'react-admin';
import type { CalculationRecord, CollectionRecord, OffsetProjectRecord, OrderQuote, OrderRecord } from '../../core/api';
import { countryName, exclVat, formatKg, formatMoney, formatTonnes } from '../offsets/format';
import { ProjectImage } from '../offsets/ProjectImage';
import { useKontorDataProvider, type OrderSubject } from '../providers/dataProvider';
import { useCan } from '../providers/RoleGate';
import { useLanguage } from '../i18n/useLanguage';
import { CO2E } from '../../core/template/units';

function subjectOf(params: URLSearchParams): OrderSubject | null {
  const calculation = Number(params.get('calculation'));
  const collection = Number(params.get('collection'));
  if (Number.isInteger(calculation) && calculation > 0) return { calculation_id: calculation };
  if (Number.isInteger(collection) && collection > 0) return { collection_id: collection };
  return null;
}

const SubjectLine = ({ subject }: { subject: OrderSubject }) => {
  const translate = useTranslate();
  const calculation = useGetOne<CalculationRecord>(
    'calculations',
    { id: subject.calculation_id ?? 0 },
    { enabled: subject.calculation_id !== undefined },
  );
  const collection = useGetOne<{ id: number; name: string }>(
    'collections',
    { id: subject.collection_id ?? 0 },
    { enabled: subject.collection_id !== undefined },
  );
  const text = subject.calculation_id
    ? translate('orders.for_calculation', {
        label: calculation.data
          ? `${calculation.data.number} · ${calculation.data.title}`
          : `#${subject.calculation_id}`,
      })
    : translate('orders.for_collection', { label: collection.data?.name ?? `#${subject.collection_id}` });
  return (
    <Typography variant="subtitle1" component="p" data-testid="order-subject">
      {text}
    </Typography>
  );
};

/** Why this subject cannot be ordered (translation key), known from the records before any project is picked. */
function useUnavailableReason(subject: OrderSubject | null): string | null {
  const calculation = useGetOne<CalculationRecord>(
    'calculations',
    { id: subject?.calculation_id ?? 0 },
    { enabled: subject?.calculation_id !== undefined },
  );
  const collection = useGetOne<CollectionRecord>(
    'collections',
    { id: subject?.collection_id ?? 0 },
    { enabled: subject?.collection_id !== undefined },
  );
  if (subject?.calculation_id !== undefined && calculation.data) {
    if (calculation.data.frozen) return 'orders.unavailable.frozen';
    if (!(calculation.data.total_co2e > 0)) return 'orders.unavailable.zero';
  }
  if (subject?.collection_id !== undefined && collection.data && !(collection.data.open_co2e > 0))
    return 'orders.unavailable.nothing_open';
  return null;
}

function useQuote(subject: OrderSubject | null, projectId: number | null) {
  const dataProvider = useKontorDataProvider();
  const { data, error, isFetching } = useQuery({
    queryKey: ['orders', 'quote', subject?.calculation_id, subject?.collection_id, projectId],
    queryFn: ({ signal }) => dataProvider.orderQuote(subject as OrderSubject, projectId as number, signal),
    enabled: subject !== null && projectId !== null,
    // A refused quote (nothing to offset, a project gone) is shown at once, not after retries.
    retry: false,
    // Asked once per pick, as the reader chose it: a refocused window does not blank the quote to ask again.
    refetchOnWindowFocus: false,
  });
  return {
    quote: isFetching ? null : (data ?? null),
    error: error && !isFetching ? error.message : null,
    loading: isFetching,
  };
}

export const QuoteTable = ({ quote }: { quote: OrderQuote }) => {
  const translate = useTranslate();
  const lang = useLanguage();
  return (
    <Table size="small" data-testid="order-quote">
      <TableBody>
        <TableRow>
          <TableCell component="th">{translate('orders.fields.co2e')}</TableCell>
          <TableCell align="right">
            {formatKg(quote.co2e_kg, lang)} {CO2E}
          </TableCell>
        </TableRow>
        <TableRow>
          <TableCell component="th">
            {translate('orders.fields.tonnes')}
            <Typography variant="caption" component="div" color="text.secondary">
              {translate('orders.rounding', { step: formatTonnes(quote.rounding_kg, lang) })}
            </Typography>
          </TableCell>
          <TableCell align="right" data-testid="quote-tonnes">
            {formatTonnes(quote.tonnes_kg, lang)} {CO2E}
          </TableCell>
        </TableRow>
        <TableRow>
          <TableCell component="th">{translate('orders.fields.price_per_tonne')}</TableCell>
          <TableCell align="right">
            {exclVat(formatMoney(quote.price_per_tonne_minor, quote.currency, lang), translate)}
          </TableCell>
        </TableRow>
        <TableRow>
          <TableCell component="th">
            <strong>{translate('orders.fields.total')}</strong>
          </TableCell>
          <TableCell align="right" data-testid="quote-total">
            <strong>{exclVat(formatMoney(quote.total_minor, quote.currency, lang), translate)}</strong>
          </TableCell>
        </TableRow>
      </TableBody>
    </Table>
  );
};

const ProjectChoice = ({
  project,
  selected,
  onSelect,
}: {
  project: OffsetProjectRecord;
  selected: boolean;
  onSelect: () => void;
}) => {
  const translate = useTranslate();
  const lang = useLanguage();
  return (
    <Card variant="outlined" sx={{ borderColor: selected ? 'primary.main' : undefined, borderWidth: selected ? 2 : 1 }}>
      <CardActionArea onClick={onSelect} data-testid={`choose-project-${project.id}`} aria-pressed={selected}>
        <ProjectImage project={project} height={72} />
        <CardContent>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Radio checked={selected} size="small" tabIndex={-1} inputProps={{ 'aria-label': project.name[lang] }} />
            <Typography variant="subtitle1">{project.name[lang]}</Typography>
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {translate(`offsets.types.${project.project_type}`)} · {project.standard} ·{' '}
            {countryName(project.country, lang)} · {project.vintage}
          </Typography>
          <Typography variant="body2">
            {exclVat(
              translate('offsets.price_per_tonne', {
                price: formatMoney(project.price_per_tonne_minor, project.currency, lang),
              }),
              translate,
            )}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
};

/** Creates the order and places it; a draft left by a failed place is opened, where it can be placed or cancelled. */
function usePlaceOrder(
  subject: OrderSubject | null,
  projectId: number | null,
  quote: OrderQuote | null,
  issuedTo: string | null,
) {
  const notify = useNotify();
  const navigate = useNavigate();
  const [create] = useCreate<OrderRecord>();
  const dataProvider = useKontorDataProvider();
  const [saving, setSaving] = useState(false);
  const place = async () => {
    if (!subject || projectId === null || !quote) return;
    setSaving(true);
    let order: OrderRecord | undefined;
    try {
      const created = await create(
        'orders',
        { data: { project_id: projectId, ...subject, issued_to: (issuedTo ?? quote.issued_to).trim() || undefined } },
        { returnPromise: true },
      );
      if (!created) return;
      order = created;
      await dataProvider.orderTransition(created.id, 'place');
      notify('orders.done.place', { type: 'success', messageArgs: { number: created.number } });
      navigate(`/orders/${created.id}`);
    } catch (e) {
      notify(e instanceof Error ? e.message : 'ra.notification.http_error', { type: 'error' });
      if (order) navigate(`/orders/${order.id}`);
    } finally {
      setSaving(false);
    }
  };
  return { place, saving };
}

const ProjectGrid = ({
  projects,
  projectId,
  onChoose,
}: {
  projects: OffsetProjectRecord[];
  projectId: number | null;
  onChoose: (id: number) => void;
}) => (
  <Grid container spacing={2}>
    {projects.map((project) => (
      <Grid key={project.id} size={{ xs: 12, sm: 6, md: 4 }}>
        <ProjectChoice project={project} selected={projectId === project.id} onSelect={() => onChoose(project.id)} />
      </Grid>
    ))}
  </Grid>
);

/** The quote for the picked project, with the name the certificate is issued to, before the review. */
const QuoteStep = ({
  quote,
  issuedTo,
  onIssuedTo,
  onReview,
}: {
  quote: OrderQuote;
  issuedTo: string | null;
  onIssuedTo: (value: string) => void;
  onReview: () => void;
}) => {
  const translate = useTranslate();
  return (
    <>
      <QuoteTable quote={quote} />
      <TextField
        label={translate('orders.fields.issued_to')}
        value={issuedTo ?? quote.issued_to}
        onChange={(e) => onIssuedTo(e.target.value)}
        fullWidth
        size="small"
        sx={{ mt: 2 }}
      />
      <Typography variant="caption" component="p" color="text.secondary" sx={{ mt: 1 }}>
        {translate('orders.claim_notice')}
      </Typography>
      <Button label="orders.review" variant="contained" onClick={onReview} sx={{ mt: 2 }} data-testid="order-review" />
    </>
  );
};

/** What would be ordered, as the server quoted it: placing it is the first call that saves anything. */
const ReviewStep = ({
  quote,
  projectName,
  issuedTo,
  saving,
  onPlace,
  onBack,
}: {
  quote: OrderQuote;
  projectName: string;
  issuedTo: string | null;
  saving: boolean;
  onPlace: () => void;
  onBack: () => void;
}) => {
  const translate = useTranslate();
  return (
    <Box data-testid="order-review-step">
      <Alert severity="info" sx={{ mb: 2 }}>
        {translate('orders.review_intro')}
      </Alert>
      <Table size="small">
        <TableBody>
          <TableRow>
            <TableCell component="th">{translate('orders.fields.project')}</TableCell>
            <TableCell align="right">{projectName}</TableCell>
          </TableRow>
          <TableRow>
            <TableCell component="th">{translate('orders.fields.issued_to')}</TableCell>
            <TableCell align="right" data-testid="review-issued-to">
              {(issuedTo ?? quote.issued_to).trim() || quote.issued_to}
            </TableCell>
          </TableRow>
        </TableBody>
      </Table>
      <QuoteTable quote={quote} />
      <Typography variant="caption" component="p" color="text.secondary" sx={{ mt: 1 }}>
        {translate('orders.claim_notice')}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
        <Button
          label="orders.actions.place"
          variant="contained"
          onClick={onPlace}
          disabled={saving}
          data-testid="order-place"
        />
        <Button label="orders.change" onClick={onBack} disabled={saving} data-testid="order-change" />
      </Stack>
    </Box>
  );
};

const OrderNewPage = () => {
  const translate = useTranslate();
  const [params] = useSearchParams();
  const subject = subjectOf(params);
  const [projectId, setProjectId] = useState<number | null>(null);
  const [issuedTo, setIssuedTo] = useState<string | null>(null);
  const { data: projects = [], isPending } = useGetList<OffsetProjectRecord>('carbon-offset-projects', {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'id', order: 'ASC' },
    filter: { active: true },
  });
  const { quote, error, loading } = useQuote(subject, projectId);
  // The review step is this page's own state: nothing is sent until the order is placed.
  const [reviewing, setReviewing] = useState(false);
  const { place, saving } = usePlaceOrder(subject, projectId, quote, issuedTo);
  const writer = useCan('create', 'orders');
  const lang = useLanguage();
  const unavailable = useUnavailableReason(subject);

  // A viewer is told at once that ordering is not theirs, rather than refused (403) after picking a project.
  if (!writer) {
    return (
      <Box sx={{ p: 2 }}>
        <Title title={translate('orders.new_title')} />
        <Alert severity="info" data-testid="order-not-allowed">
          {translate('orders.unavailable.role')}
        </Alert>
      </Box>
    );
  }

  if (!subject) {
    return (
      <Box sx={{ p: 2 }}>
        <Title title={translate('orders.new_title')} />
        <Alert severity="info">
          {translate('orders.choose_subject')} <Link to="/calculations">{translate('app.menu.calculations')}</Link> ·{' '}
          <Link to="/collections">{translate('app.menu.collections')}</Link>
        </Alert>
      </Box>
    );
  }

  const choose = (id: number) => {
    setProjectId(id);
    setReviewing(false);
  };
  const project = projects.find((p) => p.id === projectId);

  return (
    <Box sx={{ p: 2 }}>
      <Title title={translate('orders.new_title')} />
      <Typography variant="h5" component="h1">
        {translate('orders.new_title')}
      </Typography>
      <SubjectLine subject={subject} />
      {unavailable ? (
        <Alert severity="info" sx={{ mt: 2 }} data-testid="order-unavailable">
          {translate(unavailable)}
        </Alert>
      ) : null}
      {unavailable || reviewing ? null : (
        <Typography variant="h6" sx={{ mt: 2, mb: 1 }}>
          {translate('orders.step_project')}
        </Typography>
      )}
      {unavailable || reviewing ? null : isPending ? (
        <Loading />
      ) : (
        <ProjectGrid projects={projects} projectId={projectId} onChoose={choose} />
      )}
      {projectId !== null && (
        <Card variant="outlined" sx={{ mt: 3, maxWidth: 640 }}>
          <CardContent>
            <Typography variant="h6" gutterBottom>
              {translate(reviewing ? 'orders.step_review' : 'orders.step_quote')}
            </Typography>
            {loading && <Loading />}
            {error && (
              <Alert severity="error" data-testid="quote-error">
                {error}
              </Alert>
            )}
            {quote && !reviewing && (
              <QuoteStep
                quote={quote}
                issuedTo={issuedTo}
                onIssuedTo={setIssuedTo}
                onReview={() => setReviewing(true)}
              />
            )}
            {quote && reviewing && (
              <ReviewStep
                quote={quote}
                projectName={project ? project.name[lang] : `#${projectId}`}
                issuedTo={issuedTo}
                saving={saving}
                onPlace={() => void place()}
                onBack={() => setReviewing(false)}
              />
            )}
          </CardContent>
        </Card>
      )}
    </Box>
  );
};

export default OrderNewPage;

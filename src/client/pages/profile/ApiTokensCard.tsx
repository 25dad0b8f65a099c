import { useCallback, useEffect, useState } from 'react';
import {
  Box,
  Button,
  Card,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  Confirm,
  DataTable,
  Form,
  SaveButton,
  SelectInput,
  TextInput,
  required,
  useLocale,
  useNotify,
  useTranslate,
} from 'react-admin';
import { CreateApiTokenRequest, type ApiTokenRecord, type CreatedApiToken } from '../../../core/api';
import { useKontorAuthProvider } from '../../providers/authProvider';
import { submissionErrors } from './submissionErrors';
import { formatInstantDay } from '../../i18n/dates';
import { contractRules } from '../../providers/contractRules';
import { SecretShownOnce } from '../../layout/SecretShownOnce';
import { HeldRecordsTable } from '../../layout/HeldRecordsTable';

const nameRules = contractRules(CreateApiTokenRequest, 'name');

const LIFETIMES = [30, 90, 180, 365];
// Screen readers still announce the header of the action column. Sizes as strings: in `sx` a bare 1 means 100 %
// (width: 1 made this span as wide as the page and gave the profile a horizontal scroll bar) and -1 a spacing unit.
const VISUALLY_HIDDEN = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  width: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
} as const;

const CreatedTokenDialog = ({ created, onClose }: { created: CreatedApiToken | null; onClose: () => void }) => {
  const translate = useTranslate();
  return (
    <Dialog open={created !== null} onClose={onClose} aria-labelledby="created-token-title" maxWidth="sm" fullWidth>
      <DialogTitle id="created-token-title">{translate('profile.tokens.created_title')}</DialogTitle>
      <DialogContent>
        {created ? (
          <SecretShownOnce
            secret={created.token}
            label={created.name}
            warning="profile.tokens.created_hint"
            testId="created-token"
          />
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} variant="contained">
          {translate('profile.tokens.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

/** The token list and what changes it: create (the new token held for the once-only dialog) and revoke (after confirming). */
const useApiTokens = () => {
  const notify = useNotify();
  const [tokens, setTokens] = useState<ApiTokenRecord[] | null>(null);
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const [revoking, setRevoking] = useState<ApiTokenRecord | null>(null);
  // Remounting the form after a creation empties it.
  const [formKey, setFormKey] = useState(0);
  const authProvider = useKontorAuthProvider();

  const load = useCallback(async () => {
    try {
      setTokens(await authProvider.apiTokens());
    } catch (error) {
      notify((error as Error).message || 'app.common.server_error', { type: 'error' });
    }
  }, [authProvider, notify]);
  useEffect(() => {
    void load();
  }, [load]);

  const create = async (values: Record<string, unknown>) => {
    const request: CreateApiTokenRequest = {
      name: String(values.name ?? '').trim(),
      expires_in_days: Number(values.expires_in_days),
    };
    try {
      setCreated(await authProvider.createApiToken(request));
      setFormKey((key) => key + 1);
      await load();
      return undefined;
    } catch (error) {
      return submissionErrors(error, notify);
    }
  };

  const revoke = async () => {
    if (!revoking) return;
    try {
      await authProvider.revokeApiToken(revoking.id);
      notify('profile.tokens.revoked', { type: 'success', messageArgs: { name: revoking.name } });
      await load();
    } catch (error) {
      notify((error as Error).message || 'app.common.server_error', { type: 'error' });
    } finally {
      setRevoking(null);
    }
  };

  return { tokens, created, setCreated, revoking, setRevoking, formKey, create, revoke };
};

const CreateTokenForm = ({
  onSubmit,
}: {
  onSubmit: (values: Record<string, unknown>) => Promise<Record<string, string> | undefined>;
}) => {
  const translate = useTranslate();
  const lifetimeChoices = LIFETIMES.map((days) => ({
    id: days,
    name: translate('profile.tokens.days', { smart_count: days }),
  }));
  return (
    <Form onSubmit={onSubmit} defaultValues={{ expires_in_days: 90 }}>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <TextInput
          source="name"
          label="profile.tokens.name"
          validate={nameRules}
          helperText="profile.tokens.name_hint"
          sx={{ flex: 2, minWidth: 200 }}
        />
        <SelectInput
          source="expires_in_days"
          label="profile.tokens.expires_in"
          choices={lifetimeChoices}
          validate={required()}
          sx={{ flex: 1, minWidth: 140 }}
        />
        <SaveButton label="profile.tokens.create" alwaysEnable sx={{ mt: 1 }} />
      </Box>
    </Form>
  );
};

const TokenTable = ({ tokens, onRevoke }: { tokens: ApiTokenRecord[]; onRevoke: (token: ApiTokenRecord) => void }) => {
  const translate = useTranslate();
  const locale = useLocale();
  const now = Date.now();
  return (
    <HeldRecordsTable
      data={tokens}
      resource="api-tokens"
      sx={{ mt: 2 }}
      aria-label={translate('profile.tokens.title')}
      size="small"
      empty={
        <Typography color="text.secondary" sx={{ mt: 2 }}>
          {translate('profile.tokens.empty')}
        </Typography>
      }
    >
      <DataTable.Col source="name" label="profile.tokens.name" />
      <DataTable.Col
        source="created_at"
        label="profile.tokens.created_at"
        render={(token: ApiTokenRecord) => formatInstantDay(token.created_at, locale)}
      />
      <DataTable.Col
        source="expires_at"
        label="profile.tokens.expires_at"
        render={(token: ApiTokenRecord) =>
          Date.parse(token.expires_at) <= now
            ? translate('profile.tokens.expired')
            : formatInstantDay(token.expires_at, locale)
        }
      />
      <DataTable.Col
        source="last_used_at"
        label="profile.tokens.last_used_at"
        render={(token: ApiTokenRecord) =>
          token.last_used_at ? formatInstantDay(token.last_used_at, locale) : translate('profile.tokens.never_used')
        }
      />
      <DataTable.Col
        label={
          <Box component="span" sx={VISUALLY_HIDDEN}>
            {translate('profile.tokens.revoke')}
          </Box>
        }
        align="right"
        render={(token: ApiTokenRecord) => (
          <IconButton
            onClick={() => onRevoke(token)}
            color="error"
            aria-label={translate('profile.tokens.revoke_named', { name: token.name })}
          >
            <DeleteIcon />
          </IconButton>
        )}
      />
    </HeldRecordsTable>
  );
};

/** Personal API tokens for integrations: create (name, lifetime; shown once), list, revoke. */
export const ApiTokensCard = () => {
  const translate = useTranslate();
  const { tokens, created, setCreated, revoking, setRevoking, formKey, create, revoke } = useApiTokens();
  return (
    <Card sx={{ mt: 2, maxWidth: 720 }} data-testid="api-tokens">
      <CardContent>
        <Typography variant="h5" component="h2">
          {translate('profile.tokens.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {translate('profile.tokens.intro')}
        </Typography>
        <CreateTokenForm key={formKey} onSubmit={create} />
        {tokens ? <TokenTable tokens={tokens} onRevoke={setRevoking} /> : null}
      </CardContent>
      <CreatedTokenDialog created={created} onClose={() => setCreated(null)} />
      <Confirm
        isOpen={revoking !== null}
        title="profile.tokens.revoke_title"
        content="profile.tokens.revoke_content"
        translateOptions={{ name: revoking?.name ?? '' }}
        onConfirm={revoke}
        onClose={() => setRevoking(null)}
      />
    </Card>
  );
};

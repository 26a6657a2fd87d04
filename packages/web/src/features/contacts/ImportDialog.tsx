/**
 * An import from start to end: the sheet's preview (how its first numbers will be stored, how many
 * rows will be refused) until the admin confirms, a bar while rows are sent, then how many
 * contacts were created and each row that was not, with its name (or number) and the reason.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { isApiError } from '../../lib/api';
import { errorText } from '../../lib/toast';
import type { ImportPreview } from './importPreview';
import type { ImportError, ImportState } from './useContactImport';

/** "field.reason" (a refused cell) or an error code, in words. */
export function reasonText(t: TFunction, exists: (key: string) => boolean, error: string): string {
  if (error.startsWith('ERR_')) {
    return exists(`contacts.import.reasons.${error}`)
      ? t(`contacts.import.reasons.${error}`)
      : exists(`backendErrors.${error}`)
        ? t(`backendErrors.${error}`)
        : error;
  }
  const [field = '', reason = ''] = error.split('.');
  const fieldName = exists(`contacts.fields.${field}`) ? t(`contacts.fields.${field}`) : field;
  const why = exists(`validation.${reason}`) ? t(`validation.${reason}`) : t('validation.invalid');
  return `${fieldName}: ${why}`;
}

function ErrorRow({ error }: { error: ImportError }) {
  const { t, i18n } = useTranslation();
  const who = error.contact.name || error.contact.number || t('contacts.import.noName');
  return (
    <ListItem divider dense data-testid="import-error" data-name={error.contact.name} data-error={error.error}>
      <ListItemText
        primary={who}
        secondary={`${error.contact.name && error.contact.number ? `${error.contact.number} · ` : ''}${reasonText(
          t,
          (k) => i18n.exists(k),
          error.error,
        )}`}
        slotProps={{ primary: { sx: { wordBreak: 'break-word' } } }}
      />
    </ListItem>
  );
}

/** The sheet as it will be imported: counts, and its first rows with the numbers as stored. */
function PreviewPanel({ preview }: { preview: ImportPreview }) {
  const { t, i18n } = useTranslation();
  if (preview.total === 0) return <Alert severity="info">{t('contacts.import.emptyFile')}</Alert>;
  return (
    <Stack spacing={1.5} data-testid="import-preview" data-ready={preview.ready} data-refused={preview.refused}>
      <Alert severity={preview.refused === 0 ? 'info' : 'warning'}>
        {t('contacts.import.preview.read', { count: preview.total })}{' '}
        {t('contacts.import.preview.ready', { count: preview.ready })}
        {preview.refused > 0 && <> {t('contacts.import.preview.refused', { count: preview.refused })}</>}
      </Alert>
      <Typography variant="subtitle2">{t('contacts.import.preview.sample')}</Typography>
      <List dense disablePadding sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
        {preview.sample.map((row, i) => (
          <ListItem key={i} divider dense data-testid="import-preview-row" data-stored={row.stored ?? ''}>
            <ListItemText
              primary={row.name || t('contacts.import.noName')}
              secondary={
                row.stored !== null
                  ? t('contacts.import.preview.storedAs', { typed: row.typed, stored: `+${row.stored}` })
                  : `${row.typed ? `${row.typed} · ` : ''}${reasonText(t, (k) => i18n.exists(k), row.error ?? '')}`
              }
              slotProps={{
                primary: { sx: { wordBreak: 'break-word' } },
                secondary: { sx: { wordBreak: 'break-word', ...(row.stored === null && { color: 'error.main' }) } },
              }}
            />
          </ListItem>
        ))}
      </List>
    </Stack>
  );
}

/** Why an import stopped: the phone book of a Cloud API connection has its own words. */
function failureText(t: TFunction, failure: unknown): string {
  if (isApiError(failure) && failure.fields?.whatsappId === 'importUnsupported') {
    return t('contacts.import.phoneBookUnsupported');
  }
  return errorText(failure).text;
}

export function ImportDialog({
  state,
  onConfirm,
  onClose,
}: {
  state: ImportState;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const working = state.phase === 'reading' || state.phase === 'sending';
  const percent = state.total > 0 ? Math.round((state.sent / state.total) * 100) : 0;
  return (
    <Dialog open onClose={working ? undefined : onClose} fullWidth maxWidth="sm" data-testid="import-dialog">
      <DialogTitle>{t('contacts.import.title')}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          {working && (
            <Box data-testid="import-progress">
              <Typography variant="body2" sx={{ mb: 1 }}>
                {state.phase === 'reading' || state.total === 0
                  ? t('contacts.import.reading')
                  : t('contacts.import.sending', { sent: state.sent, total: state.total })}
              </Typography>
              <LinearProgress
                variant={state.total > 0 ? 'determinate' : 'indeterminate'}
                value={percent}
                aria-label={t('contacts.import.title')}
              />
            </Box>
          )}
          {state.phase === 'preview' && state.preview && <PreviewPanel preview={state.preview} />}
          {state.phase === 'failed' && (
            <Alert severity="error" data-testid="import-failed">
              {state.total > 0 && t('contacts.import.failed', { sent: state.sent, total: state.total })}{' '}
              {failureText(t, state.failure)}
            </Alert>
          )}
          {(state.phase === 'done' || (state.phase === 'failed' && state.sent > 0)) && (
            <Alert
              severity={state.errors.length === 0 ? 'success' : 'warning'}
              data-testid="import-summary"
              data-created={state.created}
              data-errors={state.errors.length}
            >
              {t('contacts.import.summary', { count: state.created })}{' '}
              {state.errors.length > 0 && t('contacts.import.notImported', { count: state.errors.length })}
            </Alert>
          )}
          {state.phase === 'done' && state.total === 0 && (
            <Alert severity="info">{t('contacts.import.emptyFile')}</Alert>
          )}
          {state.errors.length > 0 && (
            <List
              dense
              disablePadding
              sx={{ maxHeight: 320, overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}
              data-testid="import-errors"
            >
              {state.errors.map((e, i) => (
                <ErrorRow key={i} error={e} />
              ))}
            </List>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        {state.phase === 'preview' ? (
          <>
            <Button onClick={onClose} data-testid="import-cancel">
              {t('common.cancel')}
            </Button>
            <Button
              onClick={onConfirm}
              variant="contained"
              disabled={!state.preview?.ready}
              data-testid="import-confirm"
            >
              {t('contacts.import.preview.confirm', { count: state.total })}
            </Button>
          </>
        ) : (
          <Button onClick={onClose} disabled={working} variant="contained" data-testid="import-close">
            {t('common.close')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

/**
 * A webhook / n8n integration's signing secret, with a copy button and how a receiver checks a
 * delivery with it (contracts `WEBHOOK_HEADERS`): in the edit dialog, and in its own dialog right
 * after the integration is created.
 */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Trans, useTranslation } from 'react-i18next';
import { WEBHOOK_HEADERS, type QueueIntegration } from '@balcao/contracts';
import { CopyField } from '../connections/TokenField';

export function SigningSecret({ secret }: { secret: string }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={1}>
      <CopyField label={t('queueIntegrations.secret.label')} value={secret} testId="integration-signing-secret" />
      <Typography variant="body2" color="text.secondary" data-testid="integration-signing-hint">
        <Trans
          i18nKey="queueIntegrations.secret.hint"
          values={{ signature: WEBHOOK_HEADERS.signature, timestamp: WEBHOOK_HEADERS.timestamp }}
          components={{ code: <code /> }}
        />
      </Typography>
    </Stack>
  );
}

export default function SigningSecretDialog({
  integration,
  onClose,
}: {
  integration: QueueIntegration;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open
      onClose={onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby="signing-secret-title"
      data-testid="signing-secret-dialog"
    >
      <DialogTitle id="signing-secret-title">
        {t('queueIntegrations.secret.title', { name: integration.name })}
      </DialogTitle>
      <DialogContent dividers>
        <SigningSecret secret={integration.signingSecret} />
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {t('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

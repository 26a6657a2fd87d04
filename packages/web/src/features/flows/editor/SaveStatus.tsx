/** The autosave's state beside Salvar: saved, unsaved changes, saving, or not saved (with a retry). */
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CloudDoneIcon from '@mui/icons-material/CloudDoneOutlined';
import CloudOffIcon from '@mui/icons-material/CloudOffOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import { useTranslation } from 'react-i18next';
import type { SaveState } from './useFlowSave';

export function SaveStatus({ state, onRetry }: { state: SaveState; onRetry: () => void }) {
  const { t } = useTranslation();
  const icon = {
    saved: <CloudDoneIcon fontSize="small" color="success" />,
    pending: <EditIcon fontSize="small" color="action" />,
    saving: <CircularProgress size={16} />,
    failed: <CloudOffIcon fontSize="small" color="error" />,
  }[state];
  return (
    <Stack
      direction="row"
      spacing={0.75}
      sx={{ alignItems: 'center' }}
      data-testid="flow-save-state"
      data-state={state}
      aria-live="polite"
    >
      {icon}
      <Typography variant="body2" color={state === 'failed' ? 'error' : 'text.secondary'}>
        {t(`flows.editor.saveState.${state}`)}
      </Typography>
      {state === 'failed' && (
        <Button size="small" onClick={onRetry} data-testid="flow-save-retry">
          {t('common.retry')}
        </Button>
      )}
    </Stack>
  );
}

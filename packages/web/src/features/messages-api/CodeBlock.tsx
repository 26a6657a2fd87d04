import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useTranslation } from 'react-i18next';
import { toastError, toastSuccess } from '../../lib/toast';
import { copyText } from '../connections/TokenField';

/** A block of code that scrolls sideways on a phone, with a copy button. */
export function CodeBlock({ code, label, testId }: { code: string; label: string; testId?: string }) {
  const { t } = useTranslation();
  const copy = async () => {
    if (await copyText(code)) toastSuccess(t('messagesApi.copied'));
    else toastError(new Error(t('connections.token.copyFailed')));
  };
  return (
    <Box sx={{ position: 'relative' }}>
      <Box
        component="pre"
        aria-label={label}
        data-testid={testId}
        sx={{
          m: 0,
          p: 1.5,
          pr: 6,
          bgcolor: 'action.hover',
          borderRadius: 1,
          overflowX: 'auto',
          fontFamily: 'monospace',
          fontSize: 13,
          lineHeight: 1.5,
        }}
      >
        {code}
      </Box>
      <Tooltip title={t('messagesApi.copy')}>
        <IconButton
          aria-label={`${t('messagesApi.copy')}: ${label}`}
          onClick={() => void copy()}
          size="small"
          sx={{ position: 'absolute', top: 6, right: 6 }}
        >
          <ContentCopyIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </Box>
  );
}

/**
 * The import of a sheet into a list: the upload runs while the list's `progress` events tell how
 * far the server got; then the counts and the refused rows (row, name, number, reason).
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { ContactListUploadResult } from '@balcao/contracts';
import { useCompanyEvent } from '../../app/providers/SocketProvider';
import { errorText } from '../../lib/toast';

export interface ImportState {
  file: string;
  result?: ContactListUploadResult;
  error?: unknown;
}

export function ImportDialog({
  contactListId,
  state,
  onClose,
}: {
  contactListId: number;
  state: ImportState;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [progress, setProgress] = useState<{ rows: number; added: number; refused: number } | null>(null);
  useCompanyEvent('contactListItem', (e) => {
    if (e.action === 'progress' && e.contactListId === contactListId) setProgress(e);
  });
  const running = !state.result && !state.error;
  const reason = (error: string) => {
    const [field, key] = error.split('.');
    const fieldName = i18n.exists(`contactLists.items.fields.${field}`)
      ? t(`contactLists.items.fields.${field}`)
      : field;
    const why = i18n.exists(`validation.${key}`) ? t(`validation.${key}`) : error;
    return `${fieldName}: ${why}`;
  };
  const r = state.result;

  return (
    <Dialog
      open
      fullScreen={phone}
      fullWidth
      maxWidth="sm"
      onClose={running ? undefined : onClose}
      data-testid="contact-list-import"
    >
      <DialogTitle>{t('contactLists.import.title', { file: state.file })}</DialogTitle>
      <DialogContent>
        {running && (
          <>
            <LinearProgress sx={{ my: 2 }} aria-label={t('contactLists.import.running')} />
            <Typography data-testid="contact-list-import-progress">
              {progress ? t('contactLists.import.progress', progress) : t('contactLists.import.running')}
            </Typography>
          </>
        )}
        {state.error !== undefined && <Alert severity="error">{errorText(state.error).text}</Alert>}
        {r && (
          <>
            <Alert severity={r.refusedCount ? 'warning' : 'success'} data-testid="contact-list-import-summary">
              {t('contactLists.import.done', { ...r })}
            </Alert>
            {r.refused.length > 0 && (
              <>
                <Typography variant="subtitle2" sx={{ mt: 2 }}>
                  {t('contactLists.import.refusedTitle', { count: r.refusedCount })}
                </Typography>
                <Table size="small" data-testid="contact-list-import-refused">
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('contactLists.import.row')}</TableCell>
                      <TableCell>{t('contactLists.items.fields.name')}</TableCell>
                      <TableCell>{t('contactLists.items.fields.number')}</TableCell>
                      <TableCell>{t('contactLists.import.reason')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {r.refused.map((x) => (
                      <TableRow key={x.row} data-testid="contact-list-import-refused-row">
                        <TableCell>{x.row}</TableCell>
                        <TableCell sx={{ wordBreak: 'break-word' }}>{x.name}</TableCell>
                        <TableCell sx={{ wordBreak: 'break-all' }}>{x.number}</TableCell>
                        <TableCell>{reason(x.error)}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={running} data-testid="contact-list-import-close">
          {t('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The bar over the ticket list while tickets are ticked: how many, "select all that match" (every
 * page, up to the bulk route's limit), the actions that fit the list (accept on the waiting one,
 * reopen on the closed one, close, transfer, tag), a progress line while the call runs and its
 * result — how many changed, and each skipped ticket with its reason.
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { useTranslation } from 'react-i18next';
import i18n from '../../../app/providers/i18n';
import type { TicketBulkBody, TicketStatus } from '@balcao/contracts';
import { BulkTagDialog } from './BulkTagDialog';
import { BulkTransferDialog } from './BulkTransferDialog';
import type { BulkResult } from './useBulkActions';

/** A skip's reason in words: the bulk route's own, else the single route's error code. */
export function reasonText(reason: string): string {
  if (i18n.exists(`tickets.bulk.reasons.${reason}`)) return i18n.t(`tickets.bulk.reasons.${reason}`);
  if (i18n.exists(`backendErrors.${reason}`)) return i18n.t(`backendErrors.${reason}`);
  return reason;
}

interface Props {
  /** The list's status (undefined: the search tab, any status). */
  status?: TicketStatus;
  selected: ReadonlySet<number>;
  /** How many tickets match the list's filter (all pages). */
  total: number;
  busy: boolean;
  selecting: boolean;
  result: BulkResult | null;
  onSelectAll: () => void;
  onClear: () => void;
  onRun: (body: Omit<TicketBulkBody, 'ticketIds'>) => void;
  onDismissResult: () => void;
}

export function BulkActionBar(props: Props) {
  const { status, selected, total, busy, selecting, result, onSelectAll, onClear, onRun, onDismissResult } = props;
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<'transfer' | 'tag' | null>(null);
  const n = selected.size;
  const disabled = busy || n === 0;

  return (
    <Box sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'action.hover' }} data-testid="bulk-bar">
      {n > 0 && (
        <Stack direction="row" useFlexGap spacing={0.5} sx={{ p: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          <IconButton size="small" aria-label={t('tickets.bulk.clear')} onClick={onClear} data-testid="bulk-clear">
            <CloseIcon fontSize="small" />
          </IconButton>
          <Typography variant="body2" sx={{ mr: 1 }} data-testid="bulk-count" aria-live="polite">
            {t('tickets.bulk.selected', { count: n })}
          </Typography>
          {total > n && (
            <Button size="small" onClick={onSelectAll} disabled={selecting || busy} data-testid="bulk-select-all">
              {t('tickets.bulk.selectAll', { count: total })}
            </Button>
          )}
          <Box sx={{ flex: 1 }} />
          {status !== 'closed' && status !== 'open' && (
            <Button size="small" disabled={disabled} onClick={() => onRun({ action: 'accept' })} data-testid="bulk-accept">
              {t('tickets.actions.accept')}
            </Button>
          )}
          {status !== 'closed' && (
            <Button size="small" disabled={disabled} onClick={() => onRun({ action: 'close' })} data-testid="bulk-close">
              {t('tickets.bulk.close')}
            </Button>
          )}
          {status !== 'open' && status !== 'pending' && (
            <Button size="small" disabled={disabled} onClick={() => onRun({ action: 'reopen' })} data-testid="bulk-reopen">
              {t('tickets.bulk.reopen')}
            </Button>
          )}
          <Button size="small" disabled={disabled} onClick={() => setDialog('transfer')} data-testid="bulk-transfer">
            {t('tickets.bulk.transfer')}
          </Button>
          <Button size="small" disabled={disabled} onClick={() => setDialog('tag')} data-testid="bulk-tag">
            {t('tickets.bulk.tag')}
          </Button>
        </Stack>
      )}
      {(busy || selecting) && <LinearProgress aria-label={t('tickets.bulk.working')} data-testid="bulk-progress" />}
      {result && (
        <Alert
          severity={result.skipped.length > 0 ? 'warning' : 'success'}
          onClose={onDismissResult}
          sx={{ borderRadius: 0 }}
          data-testid="bulk-result"
        >
          <Box>{t('tickets.bulk.result', { updated: result.updated, skipped: result.skipped.length })}</Box>
          {result.skipped.length > 0 && (
            <Box component="ul" sx={{ m: 0, pl: 2, maxHeight: 120, overflowY: 'auto' }}>
              {result.skipped.map((s) => (
                <li key={s.id} data-testid="bulk-skipped">
                  #{s.id}: {reasonText(s.reason)}
                </li>
              ))}
            </Box>
          )}
        </Alert>
      )}
      {dialog === 'transfer' && (
        <BulkTransferDialog
          busy={busy}
          onClose={() => setDialog(null)}
          onTransfer={(choice) => {
            setDialog(null);
            onRun({ action: 'transfer', ...choice });
          }}
        />
      )}
      {dialog === 'tag' && (
        <BulkTagDialog
          busy={busy}
          onClose={() => setDialog(null)}
          onTag={(tagIds) => {
            setDialog(null);
            onRun({ action: 'tag', tagIds });
          }}
        />
      )}
    </Box>
  );
}


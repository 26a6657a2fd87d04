/**
 * Transfer (operations §4): a queue (required), optionally a user — searched from 3 characters —
 * and a connection. A queue without a user leaves the ticket pending in that queue; afterwards
 * the area goes back to /tickets.
 */
import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../../lib/ui/SelectField';
import { useConnectionList, useQueues, useUserList } from '../useReferenceData';
import type { Ticket, UserOption } from '../types';
import { MIN_SEARCH } from './ContactSearchField';

export interface TransferChoice {
  queueId: number;
  userId?: number | null;
  whatsappId?: number;
}

interface Props {
  ticket: Ticket;
  busy: boolean;
  onClose: () => void;
  onTransfer: (choice: TransferChoice) => void;
}

export function TransferTicketDialog({ ticket, busy, onClose, onTransfer }: Props) {
  const { t } = useTranslation();
  const fullScreen = useMediaQuery('(max-width:599.95px)');
  const { queues } = useQueues();
  const users = useUserList();
  const connections = useConnectionList();
  const [queueId, setQueueId] = useState('');
  const [user, setUser] = useState<UserOption | null>(null);
  const [input, setInput] = useState('');
  const [whatsappId, setWhatsappId] = useState(ticket.whatsappId ? String(ticket.whatsappId) : '');
  const [error, setError] = useState('');

  const term = input.trim().toLowerCase();
  const options = term.length >= MIN_SEARCH ? (users.data ?? []).filter((u) => u.name.toLowerCase().includes(term)) : [];

  const submit = () => {
    if (!queueId) {
      setError(t('tickets.transfer.queueRequired'));
      return;
    }
    const changedConnection = whatsappId && Number(whatsappId) !== ticket.whatsappId;
    onTransfer({
      queueId: Number(queueId),
      userId: user?.id ?? null,
      ...(changedConnection ? { whatsappId: Number(whatsappId) } : {}),
    });
  };

  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth fullScreen={fullScreen} data-testid="transfer-dialog">
      <DialogTitle>{t('tickets.transfer.title')}</DialogTitle>
      <DialogContent>
        <Stack
          component="form"
          id="transfer-form"
          spacing={2}
          sx={{ pt: 1 }}
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <SelectField
            name="queueId"
            label={t('tickets.transfer.queue')}
            value={queueId}
            onChange={(e) => {
              setQueueId(e.target.value);
              setError('');
            }}
            placeholder={t('tickets.transfer.selectQueue')}
            options={queues.map((q) => ({ value: String(q.id), label: q.name }))}
            error={Boolean(error)}
            helperText={error || (queues.length === 0 ? t('tickets.transfer.noQueues') : undefined)}
            fullWidth
            autoFocus
          />
          <Autocomplete
            value={user}
            onChange={(_e, u) => setUser(u)}
            inputValue={input}
            onInputChange={(_e, v) => setInput(v)}
            options={options}
            filterOptions={(x) => x}
            getOptionLabel={(u) => u.name}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            noOptionsText={term.length < MIN_SEARCH ? t('tickets.newTicket.typeMore') : t('tickets.transfer.noUsers')}
            renderInput={(params) => (
              <TextField
                {...params}
                label={t('tickets.transfer.user')}
                helperText={t('tickets.transfer.userHint')}
                slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'transfer-user' } }}
              />
            )}
          />
          {(connections.data?.length ?? 0) > 1 && (
            <SelectField
              name="whatsappId"
              label={t('tickets.transfer.connection')}
              value={whatsappId}
              onChange={(e) => setWhatsappId(e.target.value)}
              options={(connections.data ?? []).map((w) => ({ value: String(w.id), label: w.name }))}
              fullWidth
            />
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button type="submit" form="transfer-form" variant="contained" disabled={busy} data-testid="transfer-save">
          {t('tickets.transfer.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

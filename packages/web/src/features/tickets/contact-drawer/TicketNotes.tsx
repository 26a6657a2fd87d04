/**
 * Ticket notes (operations §2): the notes of this ticket and contact, newest first; adding needs
 * 2 or more characters; saving and deleting say so with a toast. Works only once the notes
 * module answers; until then the section says it is unavailable.
 */
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutlineOutlined';
import { useTranslation } from 'react-i18next';
import { api, isApiError } from '../../../lib/api';
import { formatDateTime } from '../../../lib/dates';
import { toastError, toastSuccess } from '../../../lib/toast';
import type { Ticket, TicketNote } from '@balcao/contracts';

export const NOTE_MIN = 2;

export function TicketNotes({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const key = ['ticket-notes', ticket.id, ticket.contactId];
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const notes = useQuery({
    queryKey: key,
    queryFn: () => api.get<TicketNote[]>('/ticket-notes/list', { ticketId: ticket.id, contactId: ticket.contactId }),
    retry: false,
  });
  const add = useMutation({
    mutationFn: (note: string) => api.post<TicketNote>('/ticket-notes', { note, ticketId: ticket.id, contactId: ticket.contactId }),
    onSuccess: () => qc.invalidateQueries({ queryKey: key }),
  });
  const remove = useMutation({
    mutationFn: (id: number) => api.delete(`/ticket-notes/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: key }),
  });
  const missing = notes.isError && isApiError(notes.error) && notes.error.status === 404;

  const save = async () => {
    const note = text.trim();
    if (note.length < NOTE_MIN) {
      setError(t('tickets.notes.tooShort'));
      return;
    }
    try {
      await add.mutateAsync(note);
      setText('');
      toastSuccess(t('tickets.notes.saved'));
    } catch (err) {
      toastError(err);
    }
  };

  const del = async (id: number) => {
    try {
      await remove.mutateAsync(id);
      toastSuccess(t('tickets.notes.deleted'));
    } catch (err) {
      toastError(err);
    }
  };

  if (missing) return <Alert severity="info">{t('tickets.notes.unavailable')}</Alert>;

  return (
    <Box data-testid="ticket-notes">
      <Stack
        component="form"
        spacing={1}
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <TextField
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setError('');
          }}
          label={t('tickets.notes.new')}
          multiline
          minRows={2}
          maxRows={6}
          size="small"
          error={Boolean(error)}
          helperText={error}
          slotProps={{ htmlInput: { 'data-testid': 'note-input' } }}
        />
        <Button type="submit" variant="outlined" size="small" disabled={add.isPending} sx={{ alignSelf: 'flex-end' }} data-testid="note-save">
          {t('tickets.notes.save')}
        </Button>
      </Stack>
      {notes.isLoading ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
          <CircularProgress size={20} />
        </Box>
      ) : notes.isError ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {t('common.loadError')}
        </Alert>
      ) : (notes.data ?? []).length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ py: 1.5 }}>
          {t('tickets.notes.empty')}
        </Typography>
      ) : (
        <List dense disablePadding>
          {(notes.data ?? []).map((n) => (
            <ListItem
              key={n.id}
              disableGutters
              divider
              data-testid="note"
              secondaryAction={
                <IconButton edge="end" aria-label={t('common.delete')} onClick={() => void del(n.id)} disabled={remove.isPending}>
                  <DeleteIcon fontSize="small" />
                </IconButton>
              }
            >
              <ListItemText
                primary={n.note}
                secondary={`${n.user?.name ?? ''} · ${formatDateTime(n.createdAt)}`}
                slotProps={{ primary: { sx: { whiteSpace: 'pre-wrap', wordBreak: 'break-word' } } }}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}

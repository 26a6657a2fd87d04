/**
 * The composer of a Cloud API ticket whose 24-hour window is closed: free text would be refused,
 * so the attendant picks one of the connection's approved templates (search by name), fills its
 * variables (typed, or a contact field by a click) watching the preview, and sends it. The
 * contacts page's "send a template" dialog uses it too (`send`, without the window's notice).
 */
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { MessageTemplate, SentMessages, TemplateList, TemplateSend } from '@balcao/contracts';
import { api } from '../../../lib/api';
import { toastError } from '../../../lib/toast';
import { putMessages } from '../threadCache';
import { approvedMatching, contactFields, previewOf } from './templates';

interface Props {
  whatsappId: number;
  contact: { name?: string; number?: string; email?: string };
  /** Sends the template filled (resolves once it is stored). */
  send: (template: TemplateSend) => Promise<unknown>;
  /** The closed window's notice above the picker (the ticket's composer). */
  notice?: boolean;
}

/** The ticket's composer when its window is closed: the picker, sending into the ticket. */
export function TicketTemplatePicker(props: { ticketId: number } & Omit<Props, 'send' | 'notice'>) {
  const qc = useQueryClient();
  const { ticketId, ...rest } = props;
  const send = async (template: TemplateSend) => {
    const answer = await api.post<SentMessages>(`/messages/${ticketId}`, { template });
    putMessages(qc, ticketId, answer.messages);
  };
  return <TemplatePicker {...rest} send={send} notice />;
}

export function TemplatePicker({ whatsappId, contact, send: deliver, notice }: Props) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<MessageTemplate | null>(null);
  const [values, setValues] = useState<string[]>([]);
  const templates = useQuery({
    queryKey: ['whatsapp', whatsappId, 'templates'],
    queryFn: () => api.get<TemplateList>(`/whatsapp/${whatsappId}/templates`),
    staleTime: 60_000,
  });
  const send = useMutation({
    mutationFn: (tpl: MessageTemplate) =>
      deliver({ name: tpl.name, language: tpl.language, variables: values.map((v) => v.trim()) }),
    onSuccess: () => {
      setChosen(null);
      setValues([]);
    },
    onError: toastError,
  });

  const choose = (tpl: MessageTemplate) => {
    setChosen(tpl);
    setValues(Array.from({ length: tpl.variables }, () => ''));
  };
  const setValue = (i: number, value: string) => setValues((vs) => vs.map((v, j) => (j === i ? value : v)));
  const fields = contactFields(contact);
  const ready = chosen !== null && values.every((v) => v.trim() !== '');

  return (
    <Paper square variant="outlined" sx={{ p: 1, borderLeft: 0, borderRight: 0 }} data-testid="template-picker">
      {notice && (
        <Typography variant="caption" color="error" sx={{ display: 'block', mb: 0.5 }}>
          {t('tickets.templates.windowClosed')}
        </Typography>
      )}
      {!chosen ? (
        <>
          <TextField
            size="small"
            fullWidth
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder={t('tickets.templates.search')}
            slotProps={{ htmlInput: { 'data-testid': 'template-search', 'aria-label': t('tickets.templates.search') } }}
          />
          <List dense sx={{ maxHeight: 180, overflow: 'auto' }}>
            {approvedMatching(templates.data?.templates ?? [], search).map((tpl) => (
              <ListItemButton
                key={`${tpl.name}-${tpl.language}`}
                onClick={() => choose(tpl)}
                data-testid="template-option"
                data-name={tpl.name}
              >
                <ListItemText
                  primary={`${tpl.name} (${tpl.language})`}
                  secondary={previewOf(tpl, [])}
                  slotProps={{ secondary: { noWrap: true } }}
                />
              </ListItemButton>
            ))}
          </List>
          {templates.isSuccess && approvedMatching(templates.data.templates, search).length === 0 && (
            <Typography variant="body2" color="text.secondary">
              {t('tickets.templates.none')}
            </Typography>
          )}
        </>
      ) : (
        <Stack spacing={1}>
          <Box
            sx={{ p: 1, bgcolor: 'action.hover', borderRadius: 1, whiteSpace: 'pre-wrap' }}
            data-testid="template-preview"
          >
            {previewOf(chosen, values)}
          </Box>
          {values.map((value, i) => (
            <Stack key={i} spacing={0.5}>
              <TextField
                size="small"
                label={`{{${i + 1}}}`}
                value={value}
                onChange={(e) => setValue(i, e.target.value)}
                slotProps={{ htmlInput: { 'data-testid': `template-variable-${i + 1}` } }}
              />
              <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap' }}>
                {fields.map((f) => (
                  <Chip
                    key={f.key}
                    size="small"
                    variant="outlined"
                    label={t(`tickets.templates.fields.${f.key}`)}
                    onClick={() => setValue(i, f.value)}
                  />
                ))}
              </Stack>
            </Stack>
          ))}
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button onClick={() => setChosen(null)}>{t('tickets.templates.back')}</Button>
            <Button
              variant="contained"
              disabled={!ready || send.isPending}
              onClick={() => send.mutate(chosen)}
              data-testid="template-send"
            >
              {t('tickets.templates.send')}
            </Button>
          </Stack>
        </Stack>
      )}
    </Paper>
  );
}

import { useEffect, useRef } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../lib/toast';
import { ErrorState } from '../../../lib/ui/ErrorState';
import { PageLoader } from '../../../lib/ui/PageLoader';
import { Composer } from './Composer';
import { MessageBubble } from './MessageBubble';
import type { SandboxConversation, SandboxCustomerEntry } from '@balcao/contracts';
import { useSimulatorActions } from './useSimulator';

interface Props {
  whatsappId: number;
  connected: boolean;
  customer: SandboxCustomerEntry | undefined;
  number: string | null;
  chat: UseQueryResult<SandboxConversation>;
}

/** The conversation of the selected customer, as their phone shows it, and what they send. */
export function ChatPanel({ whatsappId, connected, customer, number, chat }: Props) {
  const { t } = useTranslation();
  const { send, markRead } = useSimulatorActions(whatsappId);
  const bottom = useRef<HTMLDivElement>(null);
  const messages = chat.data?.messages ?? [];
  const unread = messages.filter((m) => !m.fromCustomer && m.ack >= 1 && m.ack < 4).length;
  const last = messages.at(-1);

  useEffect(() => {
    bottom.current?.scrollIntoView({ block: 'end' });
  }, [last?.id, last?.ack]);

  const read = async () => {
    if (!number) return;
    try {
      await markRead.mutateAsync(number);
    } catch (err) {
      toastError(err);
    }
  };

  if (!number) {
    return (
      <Paper
        variant="outlined"
        sx={{ p: 4, textAlign: 'center', color: 'text.secondary' }}
        data-testid="simulator-chat-empty"
      >
        <Typography>{t('simulator.chat.pick')}</Typography>
      </Paper>
    );
  }
  const name = customer?.name ?? chat.data?.customer?.name ?? number;
  return (
    <Paper
      variant="outlined"
      sx={{ display: 'flex', flexDirection: 'column', height: { xs: 520, md: 'calc(100vh - 190px)' }, minHeight: 420 }}
      data-testid="simulator-chat"
    >
      <Stack direction="row" spacing={1} sx={{ p: 1.5, alignItems: 'center', borderBottom: 1, borderColor: 'divider' }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography variant="subtitle1" noWrap>
            {name}
          </Typography>
          <Typography variant="caption" color="text.secondary">{`+${number}`}</Typography>
        </Box>
        <Button
          size="small"
          variant="outlined"
          startIcon={<DoneAllIcon />}
          disabled={!connected || unread === 0 || markRead.isPending}
          onClick={() => void read()}
          data-testid="simulator-mark-read"
        >
          {t('simulator.chat.markRead')}
        </Button>
      </Stack>
      <Box
        sx={{ flexGrow: 1, overflowY: 'auto', p: 1.5, bgcolor: 'action.hover' }}
        aria-live="polite"
        data-testid="simulator-messages"
      >
        {chat.isLoading ? (
          <PageLoader />
        ) : chat.isError && !chat.data ? (
          <ErrorState onRetry={() => void chat.refetch()} />
        ) : messages.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center', mt: 4 }}>
            {t('simulator.chat.empty')}
          </Typography>
        ) : (
          <Stack spacing={1}>
            {messages.map((m) => (
              <MessageBubble key={m.id} message={m} />
            ))}
          </Stack>
        )}
        <div ref={bottom} />
      </Box>
      <Composer
        disabled={!connected}
        onSend={async (body, media) => {
          await send.mutateAsync({ number, body, ...(media ? { media } : {}) });
        }}
      />
    </Paper>
  );
}

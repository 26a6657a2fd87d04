import { useEffect, useState } from 'react';
import { format } from 'date-fns';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DoneIcon from '@mui/icons-material/Done';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import InsertDriveFileIcon from '@mui/icons-material/InsertDriveFileOutlined';
import ScheduleIcon from '@mui/icons-material/Schedule';
import { useTranslation } from 'react-i18next';
import { session } from '../../../lib/session';
import { FormattedText } from '../../messages/format/FormattedText';
import type { SandboxPhoneMessage } from '@balcao/contracts';

const READ_BLUE = '#34b7f1';

/** The ticks of a message (foundation: 1 sent, 2–3 delivered, 4–5 read). */
function Ticks({ ack }: { ack: number }) {
  const { t } = useTranslation();
  const label = t(`simulator.ack.${Math.min(Math.max(ack, 0), 4)}`);
  const sx = { fontSize: 16 };
  const icon =
    ack <= 0 ? (
      <ScheduleIcon sx={sx} />
    ) : ack === 1 ? (
      <DoneIcon sx={sx} />
    ) : (
      <DoneAllIcon sx={{ ...sx, color: ack >= 4 ? READ_BLUE : undefined }} />
    );
  return (
    <Box
      component="span"
      role="img"
      aria-label={label}
      title={label}
      sx={{ display: 'inline-flex' }}
      data-testid="message-ticks"
      data-ack={ack}
    >
      {icon}
    </Box>
  );
}

/** An image of the conversation, fetched with the session's token (an <img> cannot send it). */
function MediaImage({ url, alt }: { url: string; alt: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let objectUrl: string | null = null;
    const controller = new AbortController();
    void fetch(url, { headers: { Authorization: `Bearer ${session.getToken() ?? ''}` }, signal: controller.signal })
      .then((res) => (res.ok ? res.blob() : null))
      .then((blob) => {
        if (!blob) return;
        objectUrl = URL.createObjectURL(blob);
        setSrc(objectUrl);
      })
      .catch(() => {});
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  if (!src) return <Box sx={{ width: 180, height: 120, bgcolor: 'action.hover', borderRadius: 1 }} />;
  return (
    <Box
      component="img"
      src={src}
      alt={alt}
      sx={{ display: 'block', maxWidth: '100%', maxHeight: 240, borderRadius: 1 }}
    />
  );
}

/** One message on the simulated phone: the customer's on the right, the business's on the left. */
export function MessageBubble({ message: m }: { message: SandboxPhoneMessage }) {
  const { t } = useTranslation();
  const mine = m.fromCustomer;
  const time = format(new Date(m.createdAt), 'HH:mm');
  return (
    <Stack
      sx={{ alignItems: mine ? 'flex-end' : 'flex-start' }}
      data-testid="phone-message"
      data-from={mine ? 'customer' : 'business'}
      data-ticket-id={m.ticketId}
      data-ticket-status={m.ticketStatus}
    >
      <Box
        sx={(theme) => ({
          maxWidth: { xs: '88%', sm: '75%' },
          px: 1.25,
          py: 0.75,
          borderRadius: 2,
          boxShadow: 1,
          bgcolor: mine ? (theme.palette.mode === 'dark' ? '#005c4b' : '#d9fdd3') : 'background.paper',
          color: 'text.primary',
          wordBreak: 'break-word',
        })}
      >
        {m.mediaType === 'image' && m.mediaUrl && (
          <MediaImage url={m.mediaUrl} alt={m.mediaName ?? t('simulator.chat.image')} />
        )}
        {m.mediaUrl && m.mediaType !== 'image' && (
          <Chip size="small" icon={<InsertDriveFileIcon />} label={m.mediaName ?? m.mediaType} sx={{ my: 0.5 }} />
        )}
        {m.isDeleted ? (
          <Typography variant="body2" sx={{ fontStyle: 'italic', color: 'text.secondary' }}>
            {t('simulator.chat.deleted')}
          </Typography>
        ) : (
          m.body && (
            <Typography
              variant="body2"
              sx={{ whiteSpace: 'pre-wrap', mt: m.mediaUrl ? 0.5 : 0 }}
              data-testid="phone-message-body"
            >
              <FormattedText text={m.body} />
            </Typography>
          )
        )}
        <Stack
          direction="row"
          spacing={0.5}
          sx={{ justifyContent: 'flex-end', alignItems: 'center', color: 'text.secondary', mt: 0.25 }}
        >
          {m.isEdited && <Typography variant="caption">{t('simulator.chat.edited')}</Typography>}
          <Typography variant="caption">{time}</Typography>
          <Ticks ack={mine ? (m.read ? 4 : 2) : m.ack} />
        </Stack>
      </Box>
      {mine && (
        <Typography variant="caption" color="text.secondary" sx={{ mt: 0.25 }}>
          {t('simulator.chat.ticket', {
            id: m.ticketId,
            status: t(`simulator.ticketStatus.${m.ticketStatus}`, { defaultValue: m.ticketStatus }),
          })}
        </Typography>
      )}
    </Stack>
  );
}

/**
 * One line of a ticket's activity trail between its messages: "transferido para Financeiro ·
 * 14:02", "aceito por Ana · 14:05". Names come from the lists the ticket area already holds.
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TicketActivityRecord } from '@balcao/contracts';
import { useQueues, useTags, useUserList } from '../../tickets/useReferenceData';

const pad = (n: number) => String(n).padStart(2, '0');
const hhmm = (iso: string) => {
  const d = new Date(iso);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

export function ActivityLine({ record: r }: { record: TicketActivityRecord }) {
  const { t } = useTranslation();
  const users = useUserList();
  const { queues } = useQueues();
  const tags = useTags();
  const userName = (id: number | null | undefined) =>
    id == null ? null : (users.data?.find((u) => u.id === id)?.name ?? `#${id}`);
  const queueName = (id: number | null | undefined) =>
    id == null ? t('tickets.noQueue') : (queues.find((q) => q.id === id)?.name ?? `#${id}`);
  const tagName = (id: number | null | undefined) =>
    id == null ? '' : (tags.data?.find((g) => g.id === id)?.name ?? `#${id}`);

  const by = userName(r.userId) ?? t('activity.system');
  const text = t(`activity.${r.action}`, {
    by,
    queue: queueName(r.toQueueId ?? r.queueId),
    user: userName(r.toUserId) ?? '',
    tag: tagName(r.tagId),
  });
  const toUser = r.action === 'transferred' && r.toUserId != null ? ` (${userName(r.toUserId)})` : '';

  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 0.5 }} data-testid="activity-line" data-action={r.action}>
      <Typography
        variant="caption"
        sx={{
          px: 1.5,
          py: 0.25,
          borderRadius: 2,
          bgcolor: 'background.paper',
          color: 'text.secondary',
          boxShadow: 1,
          textAlign: 'center',
        }}
      >
        {text}
        {toUser} · <time dateTime={r.at}>{hhmm(r.at)}</time>
      </Typography>
    </Box>
  );
}

/**
 * The kanban board (operations §2): an open lane for tickets without a lane tag, one lane per
 * kanban tag. Cards move by dragging or with their "move to" menu; the board follows live.
 */
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../app/providers/AuthProvider';
import { can } from '../../lib/permissions';
import { toastError, toastSuccess } from '../../lib/toast';
import { ErrorState } from '../../lib/ui/ErrorState';
import { PageContainer } from '../../lib/ui/PageContainer';
import { PageLoader } from '../../lib/ui/PageLoader';
import { KanbanCard } from './KanbanCard';
import { KanbanLane } from './KanbanLane';
import type { Ticket } from '@balcao/contracts';
import { groupByLane, laneOf, OPEN_LANE, type LaneId } from './lanes';
import { laneCount, useKanbanLanes, useKanbanTickets, useLiveKanban, useMoveTicket } from './useKanban';

export default function KanbanPage() {
  const { t } = useTranslation();
  const me = useCurrentUser();
  // Those who may see every ticket ask for all of them; the others for their queues' tickets.
  const showAll = can(me, 'tickets-manager:showall');
  const queueIds = useMemo(() => (showAll ? [] : (me.queues ?? []).map((q) => q.id)), [showAll, me.queues]);
  const lanes = useKanbanLanes();
  const tickets = useKanbanTickets(queueIds, showAll);
  useLiveKanban();
  const laneTags = useMemo(() => lanes.data ?? [], [lanes.data]);
  const move = useMoveTicket(laneTags);
  const all = useMemo(() => tickets.data?.pages.flatMap((p) => p.tickets) ?? [], [tickets.data]);
  const grouped = useMemo(() => groupByLane(all, laneTags), [all, laneTags]);

  const moveTo = async (ticket: Ticket, to: LaneId) => {
    const from = laneOf(ticket, laneTags);
    if (from === to) return;
    try {
      await move.mutateAsync({ ticket, to });
      if (from !== OPEN_LANE) toastSuccess(t('kanban.toasts.removed'));
      if (to !== OPEN_LANE) toastSuccess(t('kanban.toasts.added'));
    } catch (err) {
      toastError(err);
    }
  };
  const onDrop = (ticketId: number, to: LaneId) => {
    const ticket = all.find((x) => x.id === ticketId);
    if (ticket) void moveTo(ticket, to);
  };

  const failed = (lanes.isError && !lanes.data) || (tickets.isError && !tickets.data);
  const columns = [
    { id: OPEN_LANE as LaneId, title: t('kanban.openLane'), color: undefined as string | undefined },
    ...laneTags.map((l) => ({ id: l.id as LaneId, title: l.name, color: l.color })),
  ];

  return (
    <PageContainer title={t('kanban.title')}>
      {lanes.isLoading || tickets.isLoading ? (
        <PageLoader />
      ) : failed ? (
        <ErrorState
          onRetry={() => {
            void lanes.refetch();
            void tickets.refetch();
          }}
        />
      ) : (
        <>
          {laneTags.length === 0 && (
            <Alert severity="info" variant="outlined" data-testid="kanban-no-lanes">
              {t('kanban.noLanes')}{' '}
              <Link component={RouterLink} to="/tags">
                {t('kanban.goToTags')}
              </Link>
            </Alert>
          )}
          <Box
            data-testid="kanban-board"
            sx={{
              display: 'flex',
              gap: 2,
              overflowX: 'auto',
              pb: 1,
              alignItems: 'flex-start',
              scrollSnapType: { xs: 'x mandatory', sm: 'none' },
            }}
          >
            {columns.map((c) => {
              const cards = grouped.get(c.id) ?? [];
              return (
                <KanbanLane
                  key={c.id}
                  id={c.id}
                  title={c.title}
                  color={c.color}
                  count={Math.max(laneCount(tickets.data, c.id), cards.length)}
                  onDropTicket={onDrop}
                >
                  {cards.map((ticket) => (
                    <KanbanCard
                      key={ticket.id}
                      ticket={ticket}
                      lane={c.id}
                      laneTags={laneTags}
                      onMove={(x, to) => void moveTo(x, to)}
                    />
                  ))}
                </KanbanLane>
              );
            })}
          </Box>
          {tickets.hasNextPage && (
            <Box sx={{ textAlign: 'center' }}>
              <Button onClick={() => void tickets.fetchNextPage()} disabled={tickets.isFetchingNextPage}>
                {t('kanban.loadMore')}
              </Button>
            </Box>
          )}
        </>
      )}
    </PageContainer>
  );
}

/**
 * The ticket manager (operations §2): tabs open (assigned / pending, each with its count),
 * closed and search; the queue filter, the show-all switch (tickets-manager:showall, remembered
 * per user), the new-ticket button, and the peek dialog for admins. Each list is its own live
 * query. An accepted ticket brings the list to the "open" tab, where it now is.
 */
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import useMediaQuery from '@mui/material/useMediaQuery';
import AddIcon from '@mui/icons-material/Add';
import CheckBoxIcon from '@mui/icons-material/CheckBoxOutlined';
import InboxIcon from '@mui/icons-material/MoveToInboxOutlined';
import SearchIcon from '@mui/icons-material/Search';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../../app/providers/AuthProvider';
import { can } from '../../../lib/permissions';
import { toastError } from '../../../lib/toast';
import { BulkActionBar } from '../bulk/BulkActionBar';
import { allMatchingIds } from '../bulk/selectAllMatching';
import { useBulkActions } from '../bulk/useBulkActions';
import { useBulkSelection } from '../bulk/useBulkSelection';
import { NewTicketDialog } from '../dialogs/NewTicketDialog';
import { OtherOpenTicketDialog } from '../dialogs/OtherOpenTicketDialog';
import { PeekTicketDialog } from '../dialogs/PeekTicketDialog';
import { useMyQueues } from '../useReferenceData';
import { useTicketActions } from '../useTicketActions';
import { useTicketList } from '../useTicketLists';
import { ticketPath, useTicketNavState } from '../ticketNavigation';
import type { Ticket, TicketBulkBody, TicketStatus } from '@balcao/contracts';
import type { TicketFilters } from '../ticketCache';
import { MultiSelect } from './MultiSelect';
import { PendingHint } from './PendingHint';
import { SearchFilters } from './SearchFilters';
import { FiltersButton, ListFilters, NO_FILTERS, type ListView } from './ListFilters';
import { TicketsList } from './TicketsList';
import { useShowAll } from './useShowAll';

type TopTab = 'open' | 'closed' | 'search';
type OpenTab = 'open' | 'pending';

const countBadge = (label: string, count: number, testId: string) => (
  <Badge badgeContent={count} color="primary" max={999} sx={{ pr: 1.5 }} data-testid={testId} data-count={count}>
    {label}
  </Badge>
);

export function TicketsManager({ selectedRef, narrow = false }: { selectedRef?: string; narrow?: boolean }) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const navigate = useNavigate();
  const small = useMediaQuery('(max-width:899.95px)', { noSsr: true }) || narrow;
  const admin = me.profile === 'admin';
  const canShowAll = can(me, 'tickets-manager:showall');

  const [tab, setTab] = useState<TopTab>('open');
  const [openTab, setOpenTab] = useState<OpenTab>('open');
  const [showAll, setShowAll] = useShowAll(me.id);
  const [queueIds, setQueueIds] = useState<number[]>([]);
  const [search, setSearch] = useState('');
  const [view, setView] = useState<ListView>(NO_FILTERS);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [creating, setCreating] = useState(false);
  const [peeking, setPeeking] = useState<Ticket | null>(null);
  const { queues } = useMyQueues();
  const actions = useTicketActions();
  // The list whose first ticket takes the focus (asked from the keyboard, via the pending hint).
  const [focusOn, setFocusOn] = useState<OpenTab | null>(null);

  const nav = useTicketNavState();
  useEffect(() => {
    if (!nav.accepted) return;
    setTab('open');
    setOpenTab('open');
  }, [nav.key, nav.accepted]);

  // Query keys are compared by value: new objects each render are fine.
  const base: TicketFilters = {
    queueIds,
    showAll: canShowAll && showAll,
    whatsappIds: view.whatsappIds,
    tags: view.tags,
    users: admin ? view.users : [],
    withUnread: view.withUnread,
    orderBy: view.orderBy,
  };
  const filters: Record<'open' | 'pending' | 'closed' | 'search', TicketFilters> = {
    open: { ...base, status: 'open' },
    pending: { ...base, status: 'pending' },
    closed: { ...base, status: 'closed' },
    search: { ...base, searchParam: search },
  };
  const searching =
    tab === 'search' &&
    (search !== '' || view.tags.length > 0 || view.users.length > 0 || view.whatsappIds.length > 0 || view.withUnread);
  const lists = {
    open: useTicketList(filters.open, tab === 'open'),
    pending: useTicketList(filters.pending, tab === 'open'),
    closed: useTicketList(filters.closed, tab === 'closed'),
    search: useTicketList(filters.search, searching),
  };

  const openTicket = (tk: Ticket, how: { byKeyboard: boolean }) =>
    navigate(ticketPath(tk.uuid), { state: how.byKeyboard ? { focusComposer: true } : undefined });
  const accept = (tk: Ticket) => void actions.run(tk, 'accept');
  const shown = tab === 'open' ? openTab : tab;

  // Bulk actions act on the shown list's ticked tickets; another list starts with none ticked.
  const selection = useBulkSelection();
  const bulk = useBulkActions();
  const [selecting, setSelecting] = useState(false);
  const { clear: clearSelection } = selection;
  const { clearResult } = bulk;
  useEffect(() => {
    clearSelection();
    clearResult();
  }, [shown, clearSelection, clearResult]);
  const selectAll = async () => {
    setSelecting(true);
    try {
      selection.replace(await allMatchingIds(filters[shown]));
    } catch (err) {
      toastError(err);
    } finally {
      setSelecting(false);
    }
  };
  const runBulk = async (body: Omit<TicketBulkBody, 'ticketIds'>) => {
    const ids = [...selection.selected];
    const before = lists[shown].tickets.filter((tk) => selection.selected.has(tk.id));
    if (await bulk.run({ ...body, ticketIds: ids } as TicketBulkBody, before)) selection.clear();
  };
  const listStatus: Record<typeof shown, TicketStatus | undefined> = {
    open: 'open',
    pending: 'pending',
    closed: 'closed',
    search: undefined,
  };

  const emptyText = {
    open: t('tickets.empty.open'),
    pending: t('tickets.empty.pending'),
    closed: t('tickets.empty.closed'),
    search: searching ? t('tickets.empty.search') : t('tickets.empty.searchHint'),
  }[shown];

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }} data-testid="tickets-manager">
      <Tabs
        value={tab}
        onChange={(_e, v: TopTab) => {
          setTab(v);
          setFocusOn(null);
        }}
        variant="fullWidth"
        sx={{ borderBottom: 1, borderColor: 'divider', minHeight: 56 }}
      >
        <Tab
          value="open"
          icon={<InboxIcon fontSize="small" />}
          label={t('tickets.tabs.open')}
          sx={{ minHeight: 56, py: 0.5 }}
          data-testid="tab-open"
        />
        <Tab
          value="closed"
          icon={<CheckBoxIcon fontSize="small" />}
          label={t('tickets.tabs.closed')}
          sx={{ minHeight: 56, py: 0.5 }}
          data-testid="tab-closed"
        />
        <Tab
          value="search"
          icon={<SearchIcon fontSize="small" />}
          label={t('tickets.tabs.search')}
          sx={{ minHeight: 56, py: 0.5 }}
          data-testid="tab-search"
        />
      </Tabs>

      <Stack spacing={1} sx={{ p: 1.25, borderBottom: 1, borderColor: 'divider' }}>
        {tab === 'search' && <SearchFilters value={search} onChange={setSearch} onCleared={() => setTab('open')} />}
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Button
            variant="contained"
            size="small"
            startIcon={<AddIcon />}
            onClick={() => setCreating(true)}
            sx={{ flexShrink: 0 }}
            data-testid="new-ticket"
          >
            {t('tickets.buttons.new')}
          </Button>
          {canShowAll && (
            <FormControlLabel
              sx={{ mr: 0, flexShrink: 0 }}
              control={
                <Switch
                  size="small"
                  checked={showAll}
                  onChange={(e) => setShowAll(e.target.checked)}
                  data-testid="show-all"
                />
              }
              label={t('tickets.buttons.showAll')}
              slotProps={{ typography: { variant: 'body2' } }}
            />
          )}
          <MultiSelect
            id="tickets-queues"
            label={t('tickets.filters.queues')}
            allLabel={t('tickets.filters.allQueues')}
            options={queues}
            value={queueIds}
            onChange={setQueueIds}
            testId="queue-filter"
          />
          <FiltersButton view={view} open={filtersOpen} onToggle={() => setFiltersOpen((o) => !o)} />
        </Stack>
        <Collapse in={filtersOpen} unmountOnExit>
          <ListFilters value={view} onChange={setView} showUsers={admin} />
        </Collapse>
      </Stack>

      {tab === 'open' && (
        <Tabs
          value={openTab}
          onChange={(_e, v: OpenTab) => {
            setOpenTab(v);
            setFocusOn(null);
          }}
          variant="fullWidth"
          sx={{ borderBottom: 1, borderColor: 'divider', minHeight: 40 }}
        >
          <Tab
            value="open"
            label={countBadge(t('tickets.tabs.assigned'), lists.open.count, 'count-open')}
            sx={{ minHeight: 40 }}
            data-testid="tab-assigned"
          />
          <Tab
            value="pending"
            label={countBadge(t('tickets.tabs.pending'), lists.pending.count, 'count-pending')}
            sx={{ minHeight: 40 }}
            data-testid="tab-pending"
          />
        </Tabs>
      )}

      {(selection.selected.size > 0 || bulk.result || selecting) && (
        <BulkActionBar
          status={listStatus[shown]}
          selected={selection.selected}
          total={lists[shown].count}
          busy={bulk.busy}
          selecting={selecting}
          result={bulk.result}
          onSelectAll={() => void selectAll()}
          onClear={selection.clear}
          onRun={(body) => void runBulk(body)}
          onDismissResult={bulk.clearResult}
        />
      )}

      {tab === 'search' && !searching ? (
        <Box sx={{ flex: 1, overflowY: 'auto' }}>
          <Box sx={{ p: 4, textAlign: 'center', color: 'text.secondary' }} data-testid="search-hint">
            {emptyText}
          </Box>
        </Box>
      ) : (
        <TicketsList
          key={shown}
          list={lists[shown]}
          selectedRef={selectedRef}
          small={small}
          canPeek={admin}
          busy={actions.busy}
          emptyText={emptyText}
          emptyExtra={
            shown === 'open' && lists.pending.count > 0 ? (
              <PendingHint
                count={lists.pending.count}
                onShow={() => {
                  setOpenTab('pending');
                  setFocusOn('pending');
                }}
              />
            ) : undefined
          }
          focusFirst={focusOn === shown}
          onOpen={openTicket}
          onAccept={accept}
          onPeek={setPeeking}
          checked={selection.selected}
          onCheck={(ids, tk, shift) => selection.toggle(ids, tk.id, shift)}
          highlight={shown === 'search' ? search : undefined}
          testId={`tickets-list-${shown}`}
        />
      )}

      {creating && <NewTicketDialog onClose={() => setCreating(false)} />}
      <PeekTicketDialog ticket={peeking} onClose={() => setPeeking(null)} />
      <OtherOpenTicketDialog ticket={actions.otherOpen.other} onClose={actions.otherOpen.close} />
    </Box>
  );
}

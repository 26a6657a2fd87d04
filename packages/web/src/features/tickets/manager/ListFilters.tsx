/**
 * The inbox's filters (issue 36), applied to every tab: connection, tag, attendant (admins),
 * unread only, and the order (newest change, or the customer waiting longest first). Kept in
 * the manager's state like the queue filter; a button shows how many are on and opens them.
 */
import Badge from '@mui/material/Badge';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import FilterListIcon from '@mui/icons-material/FilterList';
import { useTranslation } from 'react-i18next';
import { TICKET_LIST_ORDERS, type TicketListOrder } from '@balcao/contracts';
import { useConnectionList, useTags, useUserList } from '../useReferenceData';
import { MultiSelect } from './MultiSelect';

export interface ListView {
  whatsappIds: number[];
  tags: number[];
  users: number[];
  withUnread: boolean;
  orderBy: TicketListOrder;
}

export const NO_FILTERS: ListView = { whatsappIds: [], tags: [], users: [], withUnread: false, orderBy: 'recent' };

/** How many filters differ from none (the order counts when it is not the default). */
export const activeFilters = (v: ListView) =>
  [v.whatsappIds.length > 0, v.tags.length > 0, v.users.length > 0, v.withUnread, v.orderBy !== 'recent'].filter(
    Boolean,
  ).length;

export function FiltersButton({ view, open, onToggle }: { view: ListView; open: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  const active = activeFilters(view);
  return (
    <Tooltip title={t('tickets.filters.button')}>
      <IconButton
        size="small"
        onClick={onToggle}
        aria-expanded={open}
        aria-controls="ticket-filters"
        aria-label={t('tickets.filters.buttonActive', { count: active })}
        color={active > 0 ? 'primary' : 'default'}
        data-testid="filters-toggle"
      >
        <Badge badgeContent={active} color="primary">
          <FilterListIcon fontSize="small" />
        </Badge>
      </IconButton>
    </Tooltip>
  );
}

interface Props {
  value: ListView;
  onChange: (next: ListView) => void;
  showUsers: boolean;
}

export function ListFilters({ value, onChange, showUsers }: Props) {
  const { t } = useTranslation();
  const connections = useConnectionList();
  const tags = useTags();
  const users = useUserList(showUsers);
  const set = (patch: Partial<ListView>) => onChange({ ...value, ...patch });
  return (
    <Stack spacing={1} id="ticket-filters" data-testid="ticket-filters">
      <Stack direction="row" spacing={1}>
        <MultiSelect
          id="tickets-connections"
          label={t('tickets.filters.connections')}
          allLabel={t('tickets.filters.allConnections')}
          options={(connections.data ?? []).map((c) => ({ id: c.id, name: c.name }))}
          value={value.whatsappIds}
          onChange={(ids) => set({ whatsappIds: ids })}
          testId="connection-filter"
        />
        <MultiSelect
          id="tickets-tags"
          label={t('tickets.filters.tags')}
          allLabel={tags.data && tags.data.length === 0 ? t('tickets.filters.noTags') : t('tickets.filters.allTags')}
          options={tags.data ?? []}
          value={value.tags}
          onChange={(ids) => set({ tags: ids })}
          testId="tag-filter"
        />
      </Stack>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        {showUsers && (
          <MultiSelect
            id="tickets-users"
            label={t('tickets.filters.users')}
            allLabel={t('tickets.filters.allUsers')}
            options={(users.data ?? []).map((u) => ({ id: u.id, name: u.name }))}
            value={value.users}
            onChange={(ids) => set({ users: ids })}
            testId="user-filter"
          />
        )}
        <FormControl size="small" sx={{ minWidth: 0, flex: 1 }}>
          <InputLabel id="tickets-order-label">{t('tickets.filters.order')}</InputLabel>
          <Select
            labelId="tickets-order-label"
            id="tickets-order"
            label={t('tickets.filters.order')}
            value={value.orderBy}
            onChange={(e) => set({ orderBy: e.target.value as TicketListOrder })}
            data-testid="order-filter"
          >
            {TICKET_LIST_ORDERS.map((o) => (
              <MenuItem key={o} value={o} dense>
                {t(`tickets.filters.orders.${o}`)}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
      </Stack>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <FormControlLabel
          sx={{ mr: 0 }}
          control={
            <Switch
              size="small"
              checked={value.withUnread}
              onChange={(e) => set({ withUnread: e.target.checked })}
              data-testid="unread-filter"
            />
          }
          label={t('tickets.filters.unreadOnly')}
          slotProps={{ typography: { variant: 'body2' } }}
        />
        <Button size="small" onClick={() => onChange(NO_FILTERS)} disabled={activeFilters(value) === 0}>
          {t('tickets.filters.clear')}
        </Button>
      </Stack>
    </Stack>
  );
}

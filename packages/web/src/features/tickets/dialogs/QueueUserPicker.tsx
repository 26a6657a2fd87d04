/**
 * Where a ticket goes, as the new-ticket and transfer dialogs ask it: a queue (a native select
 * named `queueId`) and, for a transfer, a user — the list opens at once with each one's presence,
 * the chosen queue's members first; typing filters it.
 */
import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { QueueRef, UserOption } from '@balcao/contracts';
import { SelectField } from '../../../lib/ui/SelectField';
import { useUserList } from '../useReferenceData';
import { PresenceDot, usePresenceOf } from '../../../lib/ui/PresenceDot';

interface Props {
  queues: QueueRef[];
  queueId: string;
  onQueueChange: (queueId: string) => void;
  /** "No queue" is a choice (an admin's new ticket); otherwise the select asks for one. */
  allowNoQueue?: boolean;
  queueError?: string;
  /** Shown under the queue when there is no error. */
  queueHint?: string;
  autoFocus?: boolean;
  /** Given, a user field follows the queue (optional: none leaves the ticket waiting in the queue). */
  user?: { value: UserOption | null; onChange: (user: UserOption | null) => void };
}

export function QueueUserPicker({
  queues,
  queueId,
  onQueueChange,
  allowNoQueue,
  queueError,
  queueHint,
  autoFocus,
  user,
}: Props) {
  const { t } = useTranslation();
  return (
    <>
      <SelectField
        name="queueId"
        label={t('tickets.newTicket.queue')}
        value={queueId}
        onChange={(e) => onQueueChange(e.target.value)}
        placeholder={allowNoQueue ? t('tickets.noQueue') : t('tickets.newTicket.selectQueue')}
        options={queues.map((q) => ({ value: String(q.id), label: q.name }))}
        error={Boolean(queueError)}
        helperText={queueError || queueHint}
        fullWidth
        autoFocus={autoFocus}
      />
      {user && <UserField value={user.value} onChange={user.onChange} queueId={Number(queueId) || null} />}
    </>
  );
}

const RANK = { online: 0, away: 1, offline: 2 } as const;

/** The company's users (`/users/list`): the queue's members first, then who is online; typing filters by name. */
function UserField({ value, onChange, queueId }: NonNullable<Props['user']> & { queueId: number | null }) {
  const { t } = useTranslation();
  const users = useUserList();
  const presenceOf = usePresenceOf();
  const [input, setInput] = useState('');
  const member = (u: UserOption) => (queueId !== null && u.queueIds.includes(queueId) ? 0 : 1);
  const options = [...(users.data ?? [])].sort(
    (a, b) => member(a) - member(b) || RANK[presenceOf(a)] - RANK[presenceOf(b)] || a.name.localeCompare(b.name),
  );

  return (
    <Autocomplete
      value={value}
      onChange={(_e, u) => onChange(u)}
      inputValue={input}
      onInputChange={(_e, v) => setInput(v)}
      options={options}
      openOnFocus
      getOptionLabel={(u) => u.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={users.isLoading}
      noOptionsText={t('tickets.transfer.noUsers')}
      renderOption={({ key, ...rest }, u) => (
        <Box component="li" key={key} {...rest} sx={{ gap: 1 }} data-testid="transfer-user-option">
          <PresenceDot presence={presenceOf(u)} />
          <Box component="span" sx={{ flex: 1 }}>
            {u.name}
          </Box>
          <Box component="span" aria-hidden sx={{ fontSize: 12, color: 'text.secondary' }}>
            {t(`presence.${presenceOf(u)}`)}
          </Box>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('tickets.transfer.user')}
          helperText={t('tickets.transfer.userHint')}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'transfer-user' },
          }}
        />
      )}
    />
  );
}

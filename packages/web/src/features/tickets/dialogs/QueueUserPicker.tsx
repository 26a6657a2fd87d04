/**
 * Where a ticket goes, as the new-ticket and transfer dialogs ask it: a queue (a native select
 * named `queueId`) and, for a transfer, a user searched by name from 3 characters.
 */
import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { QueueRef, UserOption } from '@balcao/contracts';
import { SelectField } from '../../../lib/ui/SelectField';
import { useUserList } from '../useReferenceData';
import { MIN_SEARCH } from '../../contacts/ContactSearchField';

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
      {user && <UserField value={user.value} onChange={user.onChange} />}
    </>
  );
}

/** The company's users (`/users/list`), filtered here by name once 3 characters are typed. */
function UserField({ value, onChange }: NonNullable<Props['user']>) {
  const { t } = useTranslation();
  const users = useUserList();
  const [input, setInput] = useState('');
  const term = input.trim().toLowerCase();
  const options =
    term.length >= MIN_SEARCH ? (users.data ?? []).filter((u) => u.name.toLowerCase().includes(term)) : [];

  return (
    <Autocomplete
      value={value}
      onChange={(_e, u) => onChange(u)}
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
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'transfer-user' },
          }}
        />
      )}
    />
  );
}

/** The schedule's contact, picked by name or number; the search starts at 3 characters (operations §5). */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { ContactPage, Schedule } from '@balcao/contracts';
import { api } from '../../lib/api';
import { useDebounce } from '../../lib/useDebounce';

const MIN_SEARCH = 3;

export type ScheduleContact = Schedule['contact'];

interface Props {
  value: ScheduleContact | null;
  onChange: (c: ScheduleContact | null) => void;
  error?: string;
  autoFocus?: boolean;
}

export function ContactPicker({ value, onChange, error, autoFocus }: Props) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const term = useDebounce(input.trim().toLowerCase());
  const enabled = term.length >= MIN_SEARCH && term !== label(value).toLowerCase();
  const found = useQuery({
    queryKey: ['contacts', 'search', term],
    queryFn: ({ signal }) => api.get<ContactPage>('/contacts', { searchParam: term, pageNumber: 1 }, { signal }),
    enabled,
    staleTime: 30_000,
  });
  const options: ScheduleContact[] = enabled ? (found.data?.contacts ?? []) : value ? [value] : [];

  return (
    <Autocomplete
      value={value}
      onChange={(_e, c) => onChange(c)}
      inputValue={input}
      onInputChange={(_e, v) => setInput(v)}
      options={options}
      filterOptions={(x) => x}
      getOptionLabel={label}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={enabled && found.isFetching}
      noOptionsText={input.trim().length < MIN_SEARCH ? t('schedules.contactTypeMore') : t('schedules.noContacts')}
      loadingText={t('common.loading')}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('schedules.fields.contact')}
          required
          autoFocus={autoFocus}
          error={Boolean(error)}
          helperText={error}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'schedule-contact-search' },
          }}
        />
      )}
    />
  );
}

const label = (c: ScheduleContact | null) => (c ? `${c.name} (+${c.number})` : '');

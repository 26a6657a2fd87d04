/** A contact picked by name or number; the search starts at 3 characters (operations §5). */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { Contact, ContactPage } from '@balcao/contracts';
import { api } from '../../../lib/api';
import { useDebounce } from '../../../lib/useDebounce';

export const MIN_SEARCH = 3;

interface Props {
  value: Contact | null;
  onChange: (c: Contact | null) => void;
  error?: string;
}

export function ContactSearchField({ value, onChange, error }: Props) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const term = useDebounce(input.trim().toLowerCase());
  const enabled = term.length >= MIN_SEARCH;
  const found = useQuery({
    queryKey: ['contacts', 'search', term],
    queryFn: ({ signal }) =>
      api.get<ContactPage>('/contacts', { searchParam: term, pageNumber: 1 }, { signal }),
    enabled,
    staleTime: 30_000,
  });
  const options = enabled ? (found.data?.contacts ?? []) : [];

  return (
    <Autocomplete
      value={value}
      onChange={(_e, c) => onChange(c)}
      inputValue={input}
      onInputChange={(_e, v) => setInput(v)}
      options={options}
      filterOptions={(x) => x}
      getOptionLabel={(c) => `${c.name} (+${c.number})`}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={enabled && found.isFetching}
      noOptionsText={input.trim().length < MIN_SEARCH ? t('tickets.newTicket.typeMore') : t('tickets.newTicket.noContacts')}
      loadingText={t('common.loading')}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('tickets.newTicket.contact')}
          autoFocus
          error={Boolean(error)}
          helperText={error}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'contact-search' } }}
        />
      )}
    />
  );
}

/** A contact picked by name or number; the search starts at 3 characters (operations §5). */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { ContactPage } from '@balcao/contracts';
import { api } from '../../lib/api';
import { useDebounce } from '../../lib/useDebounce';

export const MIN_SEARCH = 3;

/** What the field shows of a contact; a contact page's rows carry more. */
export interface PickedContact {
  id: number;
  name: string;
  number: string;
}

interface Props<C extends PickedContact> {
  value: C | null;
  onChange: (c: C | null) => void;
  error?: string;
  label: string;
  /** Shown while fewer than MIN_SEARCH characters are typed, and when nothing matches. */
  typeMoreText: string;
  noneText: string;
  testId: string;
  required?: boolean;
  autoFocus?: boolean;
}

export function ContactSearchField<C extends PickedContact>(props: Props<C>) {
  const { value, onChange, error } = props;
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const term = useDebounce(input.trim().toLowerCase());
  // The chosen contact's own label in the box is not a new search.
  const enabled = term.length >= MIN_SEARCH && term !== labelOf(value).toLowerCase();
  const found = useQuery({
    queryKey: ['contacts', 'search', term],
    queryFn: ({ signal }) => api.get<ContactPage>('/contacts', { searchParam: term, pageNumber: 1 }, { signal }),
    enabled,
    staleTime: 30_000,
  });
  // A page's rows are contacts; the caller's C is what it keeps of one.
  const options = (enabled ? (found.data?.contacts ?? []) : value ? [value] : []) as C[];

  return (
    <Autocomplete
      value={value}
      onChange={(_e, c) => onChange(c)}
      inputValue={input}
      onInputChange={(_e, v) => setInput(v)}
      options={options}
      filterOptions={(x) => x}
      getOptionLabel={labelOf}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={enabled && found.isFetching}
      noOptionsText={input.trim().length < MIN_SEARCH ? props.typeMoreText : props.noneText}
      loadingText={t('common.loading')}
      renderInput={(params) => (
        <TextField
          {...params}
          label={props.label}
          required={props.required}
          autoFocus={props.autoFocus}
          error={Boolean(error)}
          helperText={error}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': props.testId } }}
        />
      )}
    />
  );
}

const labelOf = (c: PickedContact | null) => (c ? `${c.name} (+${c.number})` : '');

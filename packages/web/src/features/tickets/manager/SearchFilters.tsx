/**
 * The search tab's inputs (operations §2): the text (lower-cased, debounced 500 ms; clearing it
 * returns to the open tab), the tag filter and, for admins, the user filter.
 */
import { useEffect, useRef, useState } from 'react';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';
import { useTranslation } from 'react-i18next';
import { useDebounce } from '../../../lib/useDebounce';
import { useTags, useUserList } from '../useReferenceData';
import { MultiSelect } from './MultiSelect';

export interface SearchState {
  text: string;
  tags: number[];
  users: number[];
}

interface Props {
  value: SearchState;
  onChange: (next: SearchState) => void;
  showUsers: boolean;
  onCleared: () => void;
}

export function SearchFilters({ value, onChange, showUsers, onCleared }: Props) {
  const { t } = useTranslation();
  const [text, setText] = useState(value.text);
  const debounced = useDebounce(text.trim().toLowerCase());
  const tags = useTags();
  const users = useUserList(showUsers);
  const latest = useRef({ value, onChange, onCleared });
  useEffect(() => {
    latest.current = { value, onChange, onCleared };
  });
  const typed = useRef(false);

  useEffect(() => {
    const { value: v, onChange: change, onCleared: cleared } = latest.current;
    if (debounced === v.text) return;
    change({ ...v, text: debounced });
    if (debounced === '' && typed.current) cleared();
  }, [debounced]);

  return (
    <Stack spacing={1}>
      <TextField
        size="small"
        autoFocus
        value={text}
        onChange={(e) => {
          typed.current = true;
          setText(e.target.value);
        }}
        placeholder={t('tickets.search.placeholder')}
        slotProps={{
          htmlInput: { 'aria-label': t('tickets.search.label'), 'data-testid': 'ticket-search' },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      <Stack direction="row" spacing={1}>
        <MultiSelect
          id="tickets-tags"
          label={t('tickets.filters.tags')}
          allLabel={tags.data && tags.data.length === 0 ? t('tickets.filters.noTags') : t('tickets.filters.allTags')}
          options={tags.data ?? []}
          value={value.tags}
          onChange={(ids) => onChange({ ...value, tags: ids })}
          testId="tag-filter"
        />
        {showUsers && (
          <MultiSelect
            id="tickets-users"
            label={t('tickets.filters.users')}
            allLabel={t('tickets.filters.allUsers')}
            options={(users.data ?? []).map((u) => ({ id: u.id, name: u.name }))}
            value={value.users}
            onChange={(ids) => onChange({ ...value, users: ids })}
            testId="user-filter"
          />
        )}
      </Stack>
    </Stack>
  );
}

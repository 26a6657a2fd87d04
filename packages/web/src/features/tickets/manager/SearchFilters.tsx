/**
 * The search tab's text (operations §2): lower-cased, debounced 500 ms; clearing it returns to
 * the open tab. The tag and user filters are the list's, for every tab (ListFilters.tsx).
 */
import { useEffect, useRef, useState } from 'react';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';
import { useTranslation } from 'react-i18next';
import { useDebounce } from '../../../lib/useDebounce';

interface Props {
  value: string;
  onChange: (next: string) => void;
  onCleared: () => void;
}

export function SearchFilters({ value, onChange, onCleared }: Props) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const debounced = useDebounce(text.trim().toLowerCase());
  const latest = useRef({ value, onChange, onCleared });
  useEffect(() => {
    latest.current = { value, onChange, onCleared };
  });
  const typed = useRef(false);

  useEffect(() => {
    const { value: v, onChange: change, onCleared: cleared } = latest.current;
    if (debounced === v) return;
    change(debounced);
    if (debounced === '' && typed.current) cleared();
  }, [debounced]);

  return (
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
  );
}

import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';
import { useTranslation } from 'react-i18next';

/**
 * The search box of a list page's title row (`name="searchParam"`, as the API calls it). The
 * test id is on the field's root: `getByTestId(id).locator('input')` reaches the input.
 */
export function SearchField({
  value,
  onChange,
  testId,
}: {
  value: string;
  onChange: (v: string) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      size="small"
      type="search"
      name="searchParam"
      placeholder={t('common.search')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      sx={{ flexGrow: 1, minWidth: 180 }}
      data-testid={testId}
      slotProps={{
        htmlInput: { 'aria-label': t('common.search') },
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

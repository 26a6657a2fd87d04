import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';
import { useTranslation } from 'react-i18next';

/** The search box of a list page's title row. */
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
      slotProps={{
        htmlInput: { 'aria-label': t('common.search'), 'data-testid': testId },
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

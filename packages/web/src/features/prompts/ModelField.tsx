/**
 * The model: the two the spec offers, or any other name the endpoint accepts (typed freely).
 * Suggestions show their label beside the model's name.
 */
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { PROMPT_MODELS } from '@balcao/contracts';

const OFFERED = PROMPT_MODELS.map((m) => m.value as string);
const labelOf = (value: string) => PROMPT_MODELS.find((m) => m.value === value)?.label;

interface Props {
  value: string;
  onChange: (value: string) => void;
  label: string;
  error?: boolean;
  helperText?: string;
}

export function ModelField({ value, onChange, label, error, helperText }: Props) {
  return (
    <Autocomplete
      freeSolo
      options={OFFERED}
      value={value}
      inputValue={value}
      onInputChange={(_e, v) => onChange(v)}
      onChange={(_e, v) => onChange(v ?? '')}
      // Every offered model stays in the list whatever is typed (it filters by name otherwise).
      filterOptions={(options) => options}
      renderOption={({ key, ...props }, option) => (
        <Box component="li" key={key} {...props} sx={{ display: 'flex', gap: 1 }}>
          <span>{labelOf(option)}</span>
          <Box component="span" sx={{ color: 'text.secondary', fontFamily: 'monospace', fontSize: 13 }}>
            {option}
          </Box>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          name="model"
          label={label}
          error={error}
          helperText={helperText ?? labelOf(value)}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'prompt-model' },
          }}
        />
      )}
    />
  );
}

/**
 * A compact multi-select of coloured options (queues, tags, users). Nothing chosen means "all":
 * the label then says so.
 */
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import OutlinedInput from '@mui/material/OutlinedInput';
import Select from '@mui/material/Select';

export interface ColouredOption {
  id: number;
  name: string;
  color?: string;
}

interface Props {
  id: string;
  label: string;
  allLabel: string;
  options: ColouredOption[];
  value: number[];
  onChange: (ids: number[]) => void;
  testId: string;
}

export function MultiSelect({ id, label, allLabel, options, value, onChange, testId }: Props) {
  const byId = new Map(options.map((o) => [o.id, o]));
  return (
    <FormControl size="small" sx={{ minWidth: 0, flex: 1 }}>
      <InputLabel id={`${id}-label`} shrink>
        {label}
      </InputLabel>
      <Select
        labelId={`${id}-label`}
        id={id}
        multiple
        displayEmpty
        value={value}
        onChange={(e) => {
          const v = e.target.value;
          onChange(typeof v === 'string' ? v.split(',').map(Number) : v.map(Number));
        }}
        input={<OutlinedInput label={label} notched />}
        renderValue={(selected) =>
          selected.length === 0 ? (
            <Box component="span" sx={{ color: 'text.secondary' }}>
              {allLabel}
            </Box>
          ) : (
            selected.map((s) => byId.get(s)?.name ?? `#${s}`).join(', ')
          )
        }
        data-testid={testId}
        MenuProps={{ slotProps: { paper: { sx: { maxHeight: 360 } } } }}
      >
        {options.map((o) => (
          <MenuItem key={o.id} value={o.id} dense>
            <Checkbox size="small" checked={value.includes(o.id)} sx={{ p: 0.5, mr: 1 }} />
            {o.color && (
              <Box
                component="span"
                sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: o.color, mr: 1, flexShrink: 0 }}
              />
            )}
            <ListItemText primary={o.name} />
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}

import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import OutlinedInput from '@mui/material/OutlinedInput';
import Select from '@mui/material/Select';
import { useTranslation } from 'react-i18next';
import { useQueueOptions } from './useUserOptions';

/** Multi-select of the company's queues (`GET /queue`; an empty list when it is unavailable). */
export function QueuesSelect({ value, onChange }: { value: number[]; onChange: (ids: number[]) => void }) {
  const { t } = useTranslation();
  const queues = useQueueOptions(true);
  const options = queues.data ?? [];
  const byId = new Map(options.map((q) => [q.id, q]));
  return (
    <FormControl fullWidth>
      <InputLabel id="user-queues-label">{t('users.fields.queues')}</InputLabel>
      <Select
        labelId="user-queues-label"
        multiple
        name="queueIds"
        value={value}
        onChange={(e) => {
          const v = e.target.value;
          onChange(typeof v === 'string' ? v.split(',').map(Number) : v.map(Number));
        }}
        input={<OutlinedInput label={t('users.fields.queues')} />}
        renderValue={(selected) => (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
            {selected.map((id) => {
              const q = byId.get(id);
              return (
                <Chip
                  key={id}
                  size="small"
                  label={q?.name ?? `#${id}`}
                  sx={q?.color ? { bgcolor: q.color, color: '#fff' } : undefined}
                />
              );
            })}
          </Box>
        )}
        data-testid="user-queues"
      >
        {options.map((q) => (
          <MenuItem key={q.id} value={q.id}>
            {q.name}
          </MenuItem>
        ))}
      </Select>
      {!queues.isLoading && options.length === 0 && <FormHelperText>{t('users.dialog.noQueues')}</FormHelperText>}
    </FormControl>
  );
}

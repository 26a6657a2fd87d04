import { useState, type FormEvent } from 'react';
import Badge from '@mui/material/Badge';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import PersonAddIcon from '@mui/icons-material/PersonAddAlt';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api';
import { useFieldError } from '../../../lib/forms';
import { toastError } from '../../../lib/toast';
import { ErrorState } from '../../../lib/ui/ErrorState';
import type { SandboxCustomerEntry } from '@balcao/contracts';
import { useSimulatorActions } from './useSimulator';

interface Props {
  whatsappId: number;
  customers: UseQueryResult<SandboxCustomerEntry[]>;
  selected: string | null;
  onSelect: (number: string) => void;
}

/** The phones the admin plays: pick one, or add one (number and name). */
export function CustomerList({ whatsappId, customers, selected, onSelect }: Props) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const { saveCustomer } = useSimulatorActions(whatsappId);
  const [number, setNumber] = useState('');
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const add = async (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    try {
      const saved = await saveCustomer.mutateAsync({ number, name });
      setNumber('');
      setName('');
      onSelect(saved.number);
    } catch (err) {
      if (isApiError(err) && err.fields) setErrors(err.fields);
      else toastError(err);
    }
  };

  const list = customers.data ?? [];
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="simulator-customers">
      <Typography variant="subtitle2" sx={{ mb: 1.5 }}>
        {t('simulator.customers.title')}
      </Typography>
      <Stack component="form" spacing={1.5} onSubmit={(e) => void add(e)} noValidate>
        <TextField
          size="small"
          label={t('simulator.customers.number')}
          placeholder="5511988887777"
          value={number}
          onChange={(e) => setNumber(e.target.value)}
          error={Boolean(errors.number)}
          helperText={fieldError(errors.number ? { message: errors.number } : undefined)}
          slotProps={{ htmlInput: { inputMode: 'tel', autoComplete: 'off' } }}
        />
        <TextField
          size="small"
          label={t('simulator.customers.name')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={Boolean(errors.name)}
          helperText={fieldError(errors.name ? { message: errors.name } : undefined)}
        />
        <Button
          type="submit"
          variant="outlined"
          startIcon={<PersonAddIcon />}
          disabled={saveCustomer.isPending}
          data-testid="simulator-add-customer"
        >
          {t('simulator.customers.add')}
        </Button>
      </Stack>
      {customers.isError && !customers.data ? (
        <ErrorState onRetry={() => void customers.refetch()} />
      ) : customers.isLoading ? (
        <CircularProgress size={20} sx={{ display: 'block', mx: 'auto', mt: 2 }} />
      ) : list.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }} data-testid="empty-state">
          {t('simulator.customers.empty')}
        </Typography>
      ) : (
        <List dense sx={{ mt: 1, maxHeight: 320, overflowY: 'auto' }}>
          {list.map((c) => (
            <ListItemButton
              key={c.number}
              selected={c.number === selected}
              onClick={() => onSelect(c.number)}
              data-testid="simulator-customer"
              data-number={c.number}
            >
              <ListItemText primary={c.name} secondary={`+${c.number}`} />
              <Badge
                color="success"
                badgeContent={c.unread}
                aria-label={t('simulator.customers.unread', { count: c.unread })}
                sx={{ mr: 1 }}
              />
            </ListItemButton>
          ))}
        </List>
      )}
    </Paper>
  );
}

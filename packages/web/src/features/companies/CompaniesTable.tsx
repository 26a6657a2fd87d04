import IconButton from '@mui/material/IconButton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import { alpha, useTheme } from '@mui/material/styles';
import RenewIcon from '@mui/icons-material/AutorenewOutlined';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/dates';
import type { Company } from '../../lib/types';
import { EditDeleteCell } from '../../lib/ui/EditDeleteCell';
import { DataTable } from '../../lib/ui/DataTable';
import { DUE_COLOURS, dueDateColour } from './dueDate';

interface Props {
  query: UseQueryResult<Company[]>;
  editingId?: number;
  onEdit: (c: Company) => void;
  onRenew: (c: Company) => void;
  onDelete: (c: Company) => void;
}

export function CompaniesTable({ query, editingId, onEdit, onRenew, onDelete }: Props) {
  const { t } = useTranslation();
  const theme = useTheme();
  const dark = theme.palette.mode === 'dark';
  const campaignsOn = (c: Company) =>
    c.campaignsEnabled ?? ['enabled', 'true'].includes(c.settings?.find((s) => s.key === 'campaignsEnabled')?.value ?? '');

  return (
    <DataTable
      testId="companies-table"
      query={query}
      emptyText={t('companies.empty')}
      head={[
        t('companies.fields.id'),
        t('companies.fields.name'),
        t('companies.fields.email'),
        t('companies.fields.plan'),
        t('companies.fields.campaignsEnabled'),
        t('companies.fields.status'),
        t('companies.fields.dueDate'),
        t('companies.fields.recurrence'),
        t('common.actions'),
      ]}
      renderRow={(c) => {
        const colour = dueDateColour(c.dueDate);
        const bg = colour ? (dark ? alpha(DUE_COLOURS[colour], 0.3) : DUE_COLOURS[colour]) : undefined;
        return (
          <TableRow
            key={c.id}
            hover
            selected={editingId === c.id}
            data-testid="company-row"
            data-due={colour ?? 'none'}
            sx={bg ? { bgcolor: bg } : undefined}
          >
            <TableCell>{c.id}</TableCell>
            <TableCell>{c.name}</TableCell>
            <TableCell>{c.email}</TableCell>
            <TableCell>{c.plan?.name ?? ''}</TableCell>
            <TableCell>{campaignsOn(c) ? t('common.enabled') : t('common.disabled')}</TableCell>
            <TableCell>{c.status === false ? t('common.no') : t('common.yes')}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(c.dueDate)}</TableCell>
            <TableCell>{c.recurrence ? t(`companies.recurrences.${c.recurrence}`, { defaultValue: c.recurrence }) : ''}</TableCell>
            <EditDeleteCell onEdit={() => onEdit(c)} onDelete={() => onDelete(c)}>
              <Tooltip title={t('companies.renew')}>
                <IconButton size="small" aria-label={t('companies.renew')} onClick={() => onRenew(c)} data-testid="company-renew">
                  <RenewIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </EditDeleteCell>
          </TableRow>
        );
      }}
    />
  );
}

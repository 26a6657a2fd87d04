import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { alpha, useTheme } from '@mui/material/styles';
import RenewIcon from '@mui/icons-material/AutorenewOutlined';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/dates';
import { queryRows } from '../../lib/list/queryRows';
import type { Company } from '@balcao/contracts';
import { EditDeleteButtons } from '../../lib/ui/EditDeleteButtons';
import { InfiniteTable } from '../../lib/ui/InfiniteTable';
import { DUE_COLOURS, dueDateColour } from './dueDate';

interface Props {
  query: UseQueryResult<Company[]>;
  editingId?: number;
  onEdit: (c: Company) => void;
  onRenew: (c: Company) => void;
  onDelete: (c: Company) => void;
}

const campaignsOn = (c: Company) =>
  c.campaignsEnabled ??
  ['enabled', 'true'].includes(c.settings?.find((s) => s.key === 'campaignsEnabled')?.value ?? '');

/** The companies, each row coloured by how near its due date is. */
export function CompaniesTable({ query, editingId, onEdit, onRenew, onDelete }: Props) {
  const { t } = useTranslation();
  const dark = useTheme().palette.mode === 'dark';

  return (
    <InfiniteTable
      {...queryRows(query)}
      testId="companies-table"
      emptyText={t('companies.empty')}
      rowProps={(c) => {
        const colour = dueDateColour(c.dueDate);
        const bg = colour ? (dark ? alpha(DUE_COLOURS[colour], 0.3) : DUE_COLOURS[colour]) : undefined;
        return {
          selected: editingId === c.id,
          'data-testid': 'company-row',
          'data-due': colour ?? 'none',
          sx: bg ? { bgcolor: bg } : undefined,
        };
      }}
      columns={[
        { label: t('companies.fields.id'), cell: (c) => c.id },
        { label: t('companies.fields.name'), cell: (c) => c.name },
        { label: t('companies.fields.email'), cell: (c) => c.email },
        { label: t('companies.fields.plan'), cell: (c) => c.plan?.name ?? '' },
        {
          label: t('companies.fields.campaignsEnabled'),
          cell: (c) => (campaignsOn(c) ? t('common.enabled') : t('common.disabled')),
        },
        { label: t('companies.fields.status'), cell: (c) => (c.status === false ? t('common.no') : t('common.yes')) },
        { label: t('companies.fields.dueDate'), sx: { whiteSpace: 'nowrap' }, cell: (c) => formatDate(c.dueDate) },
        {
          label: t('companies.fields.recurrence'),
          cell: (c) => (c.recurrence ? t(`companies.recurrences.${c.recurrence}`, { defaultValue: c.recurrence }) : ''),
        },
        {
          label: t('common.actions'),
          cell: (c) => (
            <EditDeleteButtons onEdit={() => onEdit(c)} onDelete={() => onDelete(c)}>
              <Tooltip title={t('companies.renew')}>
                <IconButton
                  size="small"
                  aria-label={t('companies.renew')}
                  onClick={() => onRenew(c)}
                  data-testid="company-renew"
                >
                  <RenewIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </EditDeleteButtons>
          ),
        },
      ]}
    />
  );
}

import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { PLAN_FEATURES } from '@balcao/contracts';
import { queryRows } from '../../lib/list/queryRows';
import { formatBRL } from '../../lib/money';
import { ConfirmDialog } from '../../lib/ui/ConfirmDialog';
import { EditDeleteButtons } from '../../lib/ui/EditDeleteButtons';
import { InfiniteTable } from '../../lib/ui/InfiniteTable';
import { PlanForm } from './PlanForm';
import { plansCrud } from './usePlans';

/** Operators manage the plans (settings, plans tab): the form above, the table below. */
export default function PlansTab() {
  const { t } = useTranslation();
  const plans = plansCrud.useList();
  const { editing, setEditing, del } = plansCrud.useEditAndDelete(t('plans.toasts.deleted'));

  return (
    <Stack spacing={3}>
      <PlanForm editing={editing} onDone={() => setEditing(null)} />
      <Divider />
      <InfiniteTable
        {...queryRows(plans)}
        testId="plans-table"
        emptyText={t('plans.empty')}
        rowProps={(p) => ({ selected: editing?.id === p.id, 'data-testid': 'plan-row' })}
        columns={[
          { label: t('plans.fields.name'), cell: (p) => p.name },
          { label: t('plans.fields.users'), cell: (p) => p.users },
          { label: t('plans.fields.connections'), cell: (p) => p.connections },
          { label: t('plans.fields.queues'), cell: (p) => p.queues },
          { label: t('plans.fields.value'), sx: { whiteSpace: 'nowrap' }, cell: (p) => formatBRL(p.value) },
          {
            label: t('plans.fields.features'),
            // One column for the seven flags keeps the table inside the page.
            cell: (p) => (
              <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 0.5 }}>
                {PLAN_FEATURES.filter((f) => p[f]).map((f) => (
                  <Chip key={f} size="small" label={t(`plans.fields.${f}`)} />
                ))}
              </Stack>
            ),
          },
          {
            label: t('common.actions'),
            cell: (p) => <EditDeleteButtons onEdit={() => setEditing(p)} onDelete={() => del.ask(p)} />,
          },
        ]}
      />
      <ConfirmDialog {...del.dialog} title={t('plans.confirmDelete', { name: del.row?.name ?? '' })} />
    </Stack>
  );
}

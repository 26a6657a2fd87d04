import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import Chip from '@mui/material/Chip';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { PLAN_FEATURES } from '@balcao/contracts';
import { formatBRL } from '../../lib/money';
import { EditDeleteCell } from '../../lib/ui/EditDeleteCell';
import { ConfirmDialog } from '../../lib/ui/ConfirmDialog';
import { DataTable } from '../../lib/ui/DataTable';
import { PlanForm } from './PlanForm';
import { plansCrud } from './usePlans';

export default function PlansTab() {
  const { t } = useTranslation();
  const plans = plansCrud.useList();
  const { editing, setEditing, deleting, setDeleting, confirmDelete, deletePending } = plansCrud.useEditAndDelete(
    t('plans.toasts.deleted'),
  );

  return (
    <Stack spacing={3}>
      <PlanForm editing={editing} onDone={() => setEditing(null)} />
      <Divider />
      <DataTable
        testId="plans-table"
        query={plans}
        emptyText={t('plans.empty')}
        head={[
          t('plans.fields.name'),
          t('plans.fields.users'),
          t('plans.fields.connections'),
          t('plans.fields.queues'),
          t('plans.fields.value'),
          t('plans.fields.features'),
          t('common.actions'),
        ]}
        renderRow={(p) => (
          <TableRow key={p.id} hover selected={editing?.id === p.id} data-testid="plan-row">
            <TableCell>{p.name}</TableCell>
            <TableCell>{p.users}</TableCell>
            <TableCell>{p.connections}</TableCell>
            <TableCell>{p.queues}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatBRL(p.value)}</TableCell>
            <TableCell>
              {/* One column for the seven flags keeps the table inside the page. */}
              <Stack direction="row" useFlexGap sx={{ flexWrap: "wrap", gap: 0.5 }}>
                {PLAN_FEATURES.filter((f) => p[f]).map((f) => (
                  <Chip key={f} size="small" label={t(`plans.fields.${f}`)} />
                ))}
              </Stack>
            </TableCell>
            <EditDeleteCell onEdit={() => setEditing(p)} onDelete={() => setDeleting(p)} />
          </TableRow>
        )}
      />
      <ConfirmDialog
        open={Boolean(deleting)}
        title={t('plans.confirmDelete', { name: deleting?.name ?? '' })}
        confirmLabel={t('common.delete')}
        busy={deletePending}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}

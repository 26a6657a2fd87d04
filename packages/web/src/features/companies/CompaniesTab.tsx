import { useState } from 'react';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/dates';
import { toastError, toastSuccess } from '../../lib/toast';
import type { Company } from '@balcao/contracts';
import { ConfirmDialog } from '../../lib/ui/ConfirmDialog';
import { plansCrud } from '../plans/usePlans';
import { CompaniesTable } from './CompaniesTable';
import { CompanyForm } from './CompanyForm';
import { renewedDueDate } from './dueDate';
import { companiesCrud } from './useCompanies';

/** Operators manage companies (settings, companies tab). */
export default function CompaniesTab() {
  const { t } = useTranslation();
  const companies = companiesCrud.useList();
  const plans = plansCrud.useList();
  const save = companiesCrud.useSave();
  const { editing, setEditing, del } = companiesCrud.useEditAndDelete(t('companies.toasts.deleted'));
  const [renewing, setRenewing] = useState<Company | null>(null);

  const confirmRenew = async () => {
    if (!renewing) return;
    const dueDate = renewedDueDate(renewing.dueDate, renewing.recurrence);
    try {
      await save.mutateAsync({ id: renewing.id, body: { dueDate } });
      toastSuccess(t('companies.toasts.renewed', { date: formatDate(dueDate) }));
    } catch (err) {
      toastError(err);
    }
    setRenewing(null);
  };

  return (
    <Stack spacing={3}>
      <CompanyForm editing={editing} plans={plans.data ?? []} onDone={() => setEditing(null)} />
      <Divider />
      <CompaniesTable
        query={companies}
        editingId={editing?.id}
        onEdit={setEditing}
        onRenew={setRenewing}
        onDelete={del.ask}
      />
      <ConfirmDialog
        {...del.dialog}
        title={t('companies.confirmDelete', { name: del.row?.name ?? '' })}
        text={t('companies.confirmDeleteText')}
      />
      <ConfirmDialog
        open={Boolean(renewing)}
        title={t('companies.renewTitle', { name: renewing?.name ?? '' })}
        text={
          renewing
            ? t('companies.renewText', {
                from: formatDate(renewing.dueDate) || '—',
                to: formatDate(renewedDueDate(renewing.dueDate, renewing.recurrence)),
              })
            : ''
        }
        confirmLabel={t('companies.renew')}
        destructive={false}
        busy={save.isPending}
        onConfirm={() => void confirmRenew()}
        onClose={() => setRenewing(null)}
      />
    </Stack>
  );
}

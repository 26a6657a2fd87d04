import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { EditDeleteCell } from '../../lib/ui/EditDeleteCell';
import { ConfirmDialog } from '../../lib/ui/ConfirmDialog';
import { DataTable } from '../../lib/ui/DataTable';
import { HelpForm } from './HelpForm';
import { helpsCrud } from './useHelps';

/** Operators manage the help videos (settings, helps tab). */
export default function HelpsAdminTab() {
  const { t } = useTranslation();
  const helps = helpsCrud.useList();
  const { editing, setEditing, deleting, setDeleting, confirmDelete, deletePending } = helpsCrud.useEditAndDelete(
    t('helps.toasts.deleted'),
  );

  return (
    <Stack spacing={3}>
      <HelpForm editing={editing} onDone={() => setEditing(null)} />
      <Divider />
      <DataTable
        testId="helps-table"
        query={helps}
        emptyText={t('helps.empty')}
        head={[t('helps.fields.title'), t('helps.fields.video'), t('helps.fields.description'), t('common.actions')]}
        renderRow={(h) => (
          <TableRow key={h.id} hover selected={editing?.id === h.id} data-testid="help-row">
            <TableCell>{h.title}</TableCell>
            <TableCell>{h.video}</TableCell>
            <TableCell sx={{ maxWidth: 360, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
              {h.description}
            </TableCell>
            <EditDeleteCell onEdit={() => setEditing(h)} onDelete={() => setDeleting(h)} />
          </TableRow>
        )}
      />
      <ConfirmDialog
        open={Boolean(deleting)}
        title={t('helps.confirmDelete', { title: deleting?.title ?? '' })}
        confirmLabel={t('common.delete')}
        busy={deletePending}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}

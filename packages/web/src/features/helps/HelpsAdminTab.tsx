import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { queryRows } from '../../lib/list/queryRows';
import { ConfirmDialog } from '../../lib/ui/ConfirmDialog';
import { EditDeleteButtons } from '../../lib/ui/EditDeleteButtons';
import { InfiniteTable } from '../../lib/ui/InfiniteTable';
import { HelpForm } from './HelpForm';
import { helpsCrud } from './useHelps';

/** Operators manage the help videos (settings, helps tab): the form above, the table below. */
export default function HelpsAdminTab() {
  const { t } = useTranslation();
  const helps = helpsCrud.useList();
  const { editing, setEditing, del } = helpsCrud.useEditAndDelete(t('helps.toasts.deleted'));

  return (
    <Stack spacing={3}>
      <HelpForm editing={editing} onDone={() => setEditing(null)} />
      <Divider />
      <InfiniteTable
        {...queryRows(helps)}
        testId="helps-table"
        emptyText={t('helps.empty')}
        rowProps={(h) => ({ selected: editing?.id === h.id, 'data-testid': 'help-row' })}
        columns={[
          { label: t('helps.fields.title'), cell: (h) => h.title },
          { label: t('helps.fields.video'), cell: (h) => h.video },
          {
            label: t('helps.fields.description'),
            sx: { maxWidth: 360, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
            cell: (h) => h.description,
          },
          {
            label: t('common.actions'),
            cell: (h) => <EditDeleteButtons onEdit={() => setEditing(h)} onDelete={() => del.ask(h)} />,
          },
        ]}
      />
      <ConfirmDialog {...del.dialog} title={t('helps.confirmDelete', { title: del.row?.title ?? '' })} />
    </Stack>
  );
}

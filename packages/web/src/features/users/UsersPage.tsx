/** Users (operations §2): search, infinite scroll, profile, presence (live), edit, delete. */
import { useState } from 'react';
import Button from '@mui/material/Button';
import useMediaQuery from '@mui/material/useMediaQuery';
import AddIcon from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import { usePagedList } from '../../lib/list/usePagedList';
import type { User } from '@balcao/contracts';
import { ConfirmDialog } from '../../lib/ui/ConfirmDialog';
import { EditDeleteButtons } from '../../lib/ui/EditDeleteButtons';
import { InfiniteTable } from '../../lib/ui/InfiniteTable';
import { PageContainer } from '../../lib/ui/PageContainer';
import { SearchField } from '../../lib/ui/SearchField';
import { PresenceDot, usePresenceOf } from '../../lib/ui/PresenceDot';
import { useConfirmedDelete } from '../../lib/ui/useConfirmedDelete';
import UserDialog from './UserDialog';
import { useDeleteUser, usersList } from './useUsers';

export default function UsersPage() {
  const { t } = useTranslation();
  const presenceOf = usePresenceOf();
  // A phone has no room for a presence column: the dot goes before the name (its word for screen readers).
  const wide = useMediaQuery('(min-width:600px)');
  const list = usePagedList(usersList);
  const del = useConfirmedDelete<User>(useDeleteUser(), t('users.toasts.deleted'));
  const [dialog, setDialog] = useState<{ userId?: number } | null>(null);

  return (
    <PageContainer
      title={t('users.title')}
      actions={
        <>
          <SearchField value={list.search} onChange={list.setSearch} testId="users-search" />
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({})} data-testid="user-add">
            {t('users.add')}
          </Button>
        </>
      }
    >
      {/* A phone does without the id and the e-mail. */}
      <InfiniteTable
        {...list.table}
        testId="users-table"
        emptyText={t('users.empty')}
        rowProps={(u) => ({ 'data-testid': 'user-row', 'data-user-id': u.id })}
        columns={[
          { label: t('users.table.id'), hideBelow: 'sm', cell: (u) => u.id },
          {
            label: t('users.table.name'),
            sx: { wordBreak: 'break-word' },
            cell: (u) =>
              wide ? (
                u.name
              ) : (
                <>
                  <PresenceDot presence={presenceOf(u)} /> {u.name}
                </>
              ),
          },
          { label: t('users.table.email'), hideBelow: 'sm', sx: { wordBreak: 'break-all' }, cell: (u) => u.email },
          {
            label: t('users.table.profile'),
            cell: (u) => t(`users.profiles.${u.profile}`, { defaultValue: u.profile }),
          },
          {
            label: t('users.table.presence'),
            hideBelow: 'sm',
            sx: { whiteSpace: 'nowrap' },
            cell: (u) => <PresenceDot presence={presenceOf(u)} withText />,
          },
          {
            label: t('users.table.actions'),
            align: 'right',
            cell: (u) => (
              <EditDeleteButtons testId="user" onEdit={() => setDialog({ userId: u.id })} onDelete={() => del.ask(u)} />
            ),
          },
        ]}
      />
      {dialog && <UserDialog userId={dialog.userId} onClose={() => setDialog(null)} />}
      <ConfirmDialog
        {...del.dialog}
        title={t('users.confirmDelete.title', { name: del.row?.name ?? '' })}
        text={t('users.confirmDelete.text')}
      />
    </PageContainer>
  );
}

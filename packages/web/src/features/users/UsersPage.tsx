import { useState } from 'react';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import AddIcon from '@mui/icons-material/Add';
import SearchIcon from '@mui/icons-material/Search';
import { useTranslation } from 'react-i18next';
import { useDebounce } from '../../lib/useDebounce';
import { ConfirmDialog } from '../../lib/ui/ConfirmDialog';
import { ErrorState } from '../../lib/ui/ErrorState';
import { PageContainer } from '../../lib/ui/PageContainer';
import { toastError, toastSuccess } from '../../lib/toast';
import type { User } from '../../lib/types';
import UserDialog from './UserDialog';
import { UsersTable } from './UsersTable';
import { useDeleteUser, useLiveUsers, useUsersList } from './useUsers';

export default function UsersPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const searchParam = useDebounce(search.trim().toLowerCase());
  const list = useUsersList(searchParam);
  useLiveUsers();
  const del = useDeleteUser();
  const [dialog, setDialog] = useState<{ userId?: number } | null>(null);
  const [deleting, setDeleting] = useState<User | null>(null);

  const users = list.data?.pages.flatMap((p) => p.users) ?? [];

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await del.mutateAsync(deleting.id);
      toastSuccess(t('users.toasts.deleted'));
    } catch (err) {
      toastError(err);
    }
    setDeleting(null);
  };

  return (
    <PageContainer
      title={t('users.title')}
      actions={
        <>
          <TextField
            size="small"
            type="search"
            name="searchParam"
            placeholder={t('common.search')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            data-testid="users-search"
            sx={{ flexGrow: 1, minWidth: 180 }}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({})} data-testid="user-add">
            {t('users.add')}
          </Button>
        </>
      }
    >
      {list.isError && !list.data ? (
        <ErrorState onRetry={() => void list.refetch()} />
      ) : (
        <UsersTable
          users={users}
          loading={list.isLoading || list.isFetchingNextPage}
          hasMore={Boolean(list.hasNextPage)}
          onLoadMore={() => void list.fetchNextPage()}
          onEdit={(u) => setDialog({ userId: u.id })}
          onDelete={setDeleting}
        />
      )}
      {dialog && <UserDialog open userId={dialog.userId} onClose={() => setDialog(null)} />}
      <ConfirmDialog
        open={Boolean(deleting)}
        title={t('users.confirmDelete.title', { name: deleting?.name ?? '' })}
        text={t('users.confirmDelete.text')}
        confirmLabel={t('common.delete')}
        busy={del.isPending}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      />
    </PageContainer>
  );
}

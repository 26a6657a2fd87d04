/**
 * Announcements (operations §2, super users only): search, the table (title, priority, image,
 * status), the modal. Anyone else is told so and goes to / after 1 s.
 */
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import { useTranslation } from 'react-i18next';
import type { Announcement } from '@balcao/contracts';
import { useAuth } from '../../app/providers/AuthProvider';
import { access } from '../../app/routing/access';
import { usePagedList } from '../../lib/list/usePagedList';
import { toastErrorText } from '../../lib/toast';
import { ConfirmDialog } from '../../lib/ui/ConfirmDialog';
import { EditDeleteButtons } from '../../lib/ui/EditDeleteButtons';
import { InfiniteTable } from '../../lib/ui/InfiniteTable';
import { PageContainer } from '../../lib/ui/PageContainer';
import { PageLoader } from '../../lib/ui/PageLoader';
import { SearchField } from '../../lib/ui/SearchField';
import { useConfirmedDelete } from '../../lib/ui/useConfirmedDelete';
import AnnouncementDialog from './AnnouncementDialog';
import { AnnouncementCard, PriorityLabel, StatusChip } from './AnnouncementParts';
import { announcementsList, useDeleteAnnouncement } from './announcementsApi';

/** Operations §2: a non-super user goes to / after 1 s. */
const DENIED_REDIRECT_MS = 1000;

export default function AnnouncementsPage() {
  const { user } = useAuth();
  return access.announcements(user) ? <AnnouncementsTable /> : <Denied />;
}

function Denied() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    toastErrorText(t('announcements.toasts.info'));
    const timer = setTimeout(() => void navigate('/', { replace: true }), DENIED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [t, navigate]);
  return <PageLoader />;
}

function AnnouncementsTable() {
  const { t } = useTranslation();
  const list = usePagedList(announcementsList);
  const del = useConfirmedDelete<Announcement>(useDeleteAnnouncement(), t('announcements.toasts.deleted'));
  const [dialog, setDialog] = useState<{ record?: Announcement } | null>(null);

  return (
    <PageContainer
      title={t('announcements.title')}
      actions={
        <>
          <SearchField value={list.search} onChange={list.setSearch} testId="announcements-search" />
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setDialog({})}
            data-testid="announcement-add"
          >
            {t('announcements.add')}
          </Button>
        </>
      }
    >
      <InfiniteTable
        {...list.table}
        testId="announcements-table"
        emptyText={list.search ? t('announcements.noMatch') : t('announcements.empty')}
        rowProps={(r) => ({ 'data-testid': 'announcement-row', 'data-record-id': r.id })}
        renderCard={(r) => (
          <AnnouncementCard record={r} onEdit={() => setDialog({ record: r })} onDelete={() => del.ask(r)} />
        )}
        columns={[
          {
            label: t('announcements.table.title'),
            sx: { fontWeight: 500, overflowWrap: 'anywhere', minWidth: 120 },
            cell: (r) => r.title,
          },
          {
            label: t('announcements.table.priority'),
            cell: (r) => <PriorityLabel priority={r.priority} />,
          },
          {
            label: t('announcements.table.attachment'),
            testId: 'announcement-media',
            cell: (r) =>
              r.mediaName && (
                <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }} title={r.mediaName}>
                  <AttachFileIcon fontSize="inherit" color="action" />
                  <Typography variant="body2" noWrap sx={{ maxWidth: 220 }}>
                    {r.mediaName}
                  </Typography>
                </Stack>
              ),
          },
          {
            label: t('announcements.table.status'),
            testId: 'announcement-status',
            cell: (r) => <StatusChip active={r.status} />,
          },
          {
            label: t('common.actions'),
            align: 'right',
            cell: (r) => (
              <EditDeleteButtons
                testId="announcement"
                onEdit={() => setDialog({ record: r })}
                onDelete={() => del.ask(r)}
              />
            ),
          },
        ]}
      />
      {dialog && <AnnouncementDialog record={dialog.record} onClose={() => setDialog(null)} />}
      <ConfirmDialog
        {...del.dialog}
        title={t('announcements.confirmDelete.title', { title: del.row?.title ?? '' })}
        text={t('announcements.confirmDelete.text')}
      />
    </PageContainer>
  );
}

/**
 * Schedules (operations §2): a calendar of the messages to send, the title with their count, a
 * search, a new-schedule dialog (prefilled by `?contactId=`), edit and delete on each event.
 */
import { useCallback, useState } from 'react';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import type { Schedule } from '@balcao/contracts';
import { ConfirmDialog } from '../../lib/ui/ConfirmDialog';
import { ErrorState } from '../../lib/ui/ErrorState';
import { PageContainer } from '../../lib/ui/PageContainer';
import { PageLoader } from '../../lib/ui/PageLoader';
import { SearchField } from '../../lib/ui/SearchField';
import { useConfirmedDelete } from '../../lib/ui/useConfirmedDelete';
import type { ScheduleContact } from './scheduleContact';
import { ScheduleCalendar } from './ScheduleCalendar';
import ScheduleDialog from './ScheduleDialog';
import { slotSendAt } from './sendAt';
import { useCurrentUser } from '../../app/providers/AuthProvider';
import { useAllSchedules, useDeleteSchedule } from './useSchedules';
import { usePrefilledContact } from './usePrefilledContact';

type DialogState = { record?: Schedule; contact?: ScheduleContact; sendAt?: string };

export default function SchedulesPage() {
  const { t } = useTranslation();
  const timeZone = useCurrentUser().company.timezone;
  const list = useAllSchedules();
  const del = useConfirmedDelete<Schedule>(useDeleteSchedule(), t('schedules.toasts.deleted'));
  const [dialog, setDialog] = useState<DialogState | null>(null);
  usePrefilledContact(useCallback((contact?: ScheduleContact) => setDialog({ contact }), []));
  const { rows, failed, onRetry } = list.table;

  return (
    <PageContainer
      title={t('schedules.title', { count: list.count ?? rows.length })}
      actions={
        <>
          <SearchField value={list.search} onChange={list.setSearch} testId="schedules-search" />
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({})} data-testid="schedule-add">
            {t('schedules.add')}
          </Button>
        </>
      }
    >
      {failed ? (
        <ErrorState onRetry={onRetry} />
      ) : list.query.isLoading ? (
        <PageLoader />
      ) : (
        <>
          {rows.length === 0 && (
            <Typography color="text.secondary" data-testid="empty-state">
              {list.search ? t('schedules.noMatch') : t('schedules.empty')}
            </Typography>
          )}
          <ScheduleCalendar
            schedules={rows}
            timeZone={timeZone}
            onNew={(at, withTime) => setDialog({ sendAt: slotSendAt(at, withTime, timeZone) })}
            onEdit={(record) => setDialog({ record })}
            onDelete={del.ask}
          />
        </>
      )}
      {dialog && <ScheduleDialog {...dialog} onClose={() => setDialog(null)} />}
      <ConfirmDialog
        {...del.dialog}
        title={t('schedules.confirmDelete.title', { name: del.row?.contact.name ?? '' })}
        text={del.row?.sentAt ? t('schedules.confirmDelete.sentText') : t('schedules.confirmDelete.text')}
      />
    </PageContainer>
  );
}

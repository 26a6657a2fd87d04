/**
 * One schedule on the calendar (operations §2): the contact's name, its state (sent, waiting, or
 * a send error with its reason), edit — hidden once sent — and delete.
 */
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import EditIcon from '@mui/icons-material/EditOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlineOutlined';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import ScheduleIcon from '@mui/icons-material/Schedule';
import ErrorIcon from '@mui/icons-material/ErrorOutlineOutlined';
import { useTranslation } from 'react-i18next';
import type { Schedule } from '@balcao/contracts';
import { formatZoned } from '../../lib/zonedTime';
import { useCurrentUser } from '../../app/providers/AuthProvider';

export interface ScheduleActions {
  onEdit(schedule: Schedule): void;
  onDelete(schedule: Schedule): void;
}

/** What a send error says: a server code translated, else the provider's words. */
export function useSendError() {
  const { t, i18n } = useTranslation();
  return (error: string | null) => {
    const reason = error && i18n.exists(`backendErrors.${error}`) ? t(`backendErrors.${error}`) : (error ?? '');
    return t('schedules.sendError', { reason });
  };
}

export function ScheduleEvent({ schedule, onEdit, onDelete }: { schedule: Schedule } & ScheduleActions) {
  const { t } = useTranslation();
  const timeZone = useCurrentUser().company.timezone;
  const sendError = useSendError();
  const state =
    schedule.status === 'ERRO'
      ? { icon: <ErrorIcon fontSize="inherit" />, text: sendError(schedule.error) }
      : schedule.sentAt
        ? {
            icon: <DoneAllIcon fontSize="inherit" />,
            text: t('schedules.sentAt', { date: formatZoned(schedule.sentAt, timeZone) }),
          }
        : { icon: <ScheduleIcon fontSize="inherit" />, text: t('schedules.status.PENDENTE') };
  // The calendar selects an event on click and key press: the buttons keep theirs to themselves.
  const own = (fn: () => void) => ({
    onClick: (e: React.MouseEvent) => {
      e.stopPropagation();
      fn();
    },
    onKeyDown: (e: React.KeyboardEvent) => e.stopPropagation(),
  });
  return (
    <Box
      data-testid="schedule-event"
      data-schedule-id={schedule.id}
      data-status={schedule.status}
      sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}
    >
      <Tooltip title={state.text}>
        <Box
          component="span"
          role="img"
          aria-label={state.text}
          data-testid="schedule-state"
          sx={{ display: 'inline-flex', fontSize: 16, flexShrink: 0 }}
        >
          {state.icon}
        </Box>
      </Tooltip>
      <Box
        component="span"
        data-testid="schedule-contact"
        sx={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
      >
        {schedule.contact.name}
      </Box>
      {!schedule.sentAt && (
        <IconButton
          size="small"
          color="inherit"
          aria-label={t('schedules.actions.edit', { name: schedule.contact.name })}
          data-testid="schedule-edit"
          sx={{ p: 0.25 }}
          {...own(() => onEdit(schedule))}
        >
          <EditIcon sx={{ fontSize: 16 }} />
        </IconButton>
      )}
      <IconButton
        size="small"
        color="inherit"
        aria-label={t('schedules.actions.delete', { name: schedule.contact.name })}
        data-testid="schedule-delete"
        sx={{ p: 0.25 }}
        {...own(() => onDelete(schedule))}
      >
        <DeleteIcon sx={{ fontSize: 16 }} />
      </IconButton>
    </Box>
  );
}

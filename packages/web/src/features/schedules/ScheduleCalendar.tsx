/**
 * The schedules on a calendar (react-big-calendar, date-fns localizer): month, week, day and
 * agenda views — agenda on phones —, events at `sendAt` on the company's clock (the calendar
 * knows only the browser's, so it is handed the company's wall clock: `zonedWallDate`, "today"
 * included), a click on a free slot starts a new schedule there. Colours follow the theme (light and dark).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Calendar, type Event, type View } from 'react-big-calendar';
import 'react-big-calendar/lib/css/react-big-calendar.css';
import Box from '@mui/material/Box';
import { alpha, type Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import type { Schedule } from '@balcao/contracts';
import { cultureOf, formats, localizer } from './calendarLocale';
import { ScheduleEvent, type ScheduleActions } from './ScheduleEvent';
import { zonedWallDate } from '../../lib/zonedTime';

interface ScheduleOnCalendar extends Event {
  resource: Schedule;
}

/** How long an event looks on the week and day views: a message is an instant. */
const SHOWN_MS = 30 * 60 * 1000;

const calendarSx = (theme: Theme) => ({
  height: { xs: 'calc(100dvh - 220px)', sm: 'calc(100dvh - 190px)' },
  minHeight: 480,
  '& .rbc-toolbar': { gap: 1, flexWrap: 'wrap', justifyContent: 'center' },
  '& .rbc-toolbar button': { color: 'text.primary', borderColor: 'divider' },
  '& .rbc-toolbar button:hover, & .rbc-toolbar button:focus': { backgroundColor: 'action.hover' },
  '& .rbc-toolbar button.rbc-active, & .rbc-toolbar button:active': {
    backgroundColor: 'action.selected',
    boxShadow: 'none',
    color: 'text.primary',
  },
  '& .rbc-toolbar button:focus-visible, & .rbc-event:focus-visible': {
    outline: `2px solid ${theme.palette.primary.main}`,
    outlineOffset: 1,
  },
  '& .rbc-month-view, & .rbc-time-view, & .rbc-agenda-view table.rbc-agenda-table, & .rbc-header, & .rbc-day-bg + .rbc-day-bg, & .rbc-month-row + .rbc-month-row, & .rbc-time-content, & .rbc-timeslot-group, & .rbc-time-header-content, & .rbc-day-slot .rbc-time-slot, & .rbc-agenda-view table.rbc-agenda-table tbody > tr > td, & .rbc-agenda-view table.rbc-agenda-table thead > tr > th, & .rbc-agenda-view table.rbc-agenda-table tbody > tr + tr':
    { borderColor: theme.palette.divider },
  '& .rbc-off-range-bg': { backgroundColor: theme.palette.action.hover },
  '& .rbc-off-range': { color: 'text.disabled' },
  '& .rbc-today': { backgroundColor: alpha(theme.palette.primary.main, 0.08) },
  '& .rbc-event, & .rbc-day-slot .rbc-background-event': {
    backgroundColor: theme.palette.primary.main,
    color: theme.palette.primary.contrastText,
  },
  '& .rbc-event.schedule-ERRO': { backgroundColor: theme.palette.error.main, color: theme.palette.error.contrastText },
  '& .rbc-event.schedule-sent': {
    backgroundColor: theme.palette.success.main,
    color: theme.palette.success.contrastText,
  },
  // The agenda lists events on the page's colours; the state shows by its icon's colour.
  '& .rbc-agenda-view .rbc-agenda-event-cell': { color: 'text.primary' },
  '& .rbc-agenda-view [data-status="ERRO"] [data-testid="schedule-state"]': { color: 'error.main' },
  '& .rbc-agenda-view [data-status="ENVIADA"] [data-testid="schedule-state"]': { color: 'success.main' },
  '& .rbc-show-more': { backgroundColor: 'transparent', color: 'primary.main' },
  '& .rbc-overlay': { backgroundColor: 'background.paper', borderColor: 'divider' },
  '& .rbc-agenda-empty': { p: 2, color: 'text.secondary' },
});

export function ScheduleCalendar({
  schedules,
  timeZone,
  onNew,
  ...actions
}: {
  schedules: Schedule[];
  timeZone: string;
  /** A free slot was picked: its start, and whether it names a time (week and day views) or only a day. */
  onNew(at: Date, withTime: boolean): void;
} & ScheduleActions) {
  const { t, i18n } = useTranslation();
  const phone = useMediaQuery('(max-width:599.95px)');
  const [view, setView] = useState<View>(phone ? 'agenda' : 'month');
  const [date, setDate] = useState(() => zonedWallDate(new Date(), timeZone));

  const events = useMemo(
    (): ScheduleOnCalendar[] =>
      schedules.map((s) => {
        const start = zonedWallDate(s.sendAt, timeZone);
        return { title: s.contact.name, start, end: new Date(start.getTime() + SHOWN_MS), resource: s };
      }),
    [schedules, timeZone],
  );
  const messages = useMemo(
    () => ({
      today: t('schedules.calendar.today'),
      previous: t('schedules.calendar.previous'),
      next: t('schedules.calendar.next'),
      month: t('schedules.calendar.month'),
      week: t('schedules.calendar.week'),
      day: t('schedules.calendar.day'),
      agenda: t('schedules.calendar.agenda'),
      date: t('schedules.calendar.date'),
      time: t('schedules.calendar.time'),
      event: t('schedules.calendar.event'),
      allDay: t('schedules.calendar.allDay'),
      noEventsInRange: t('schedules.calendar.noEventsInRange'),
      showMore: (count: number) => t('schedules.calendar.showMore', { count }),
    }),
    [t],
  );
  // The event component stays the same across renders (a new one would remount every event);
  // it reaches the page's current handlers through a ref.
  const latest = useRef(actions);
  useEffect(() => {
    latest.current = actions;
  });
  const components = useMemo(
    () => ({
      event: ({ event }: { event: ScheduleOnCalendar }) => (
        <ScheduleEvent
          schedule={event.resource}
          onEdit={(s) => latest.current.onEdit(s)}
          onDelete={(s) => latest.current.onDelete(s)}
        />
      ),
    }),
    [],
  );

  return (
    <Box sx={calendarSx} data-testid="schedules-calendar" data-view={view}>
      <Calendar<ScheduleOnCalendar>
        localizer={localizer}
        culture={cultureOf(i18n.language)}
        formats={formats}
        messages={messages}
        events={events}
        views={['month', 'week', 'day', 'agenda']}
        view={view}
        onView={setView}
        date={date}
        getNow={() => zonedWallDate(new Date(), timeZone)}
        onNavigate={setDate}
        popup
        selectable
        onSelectSlot={(slot) => onNew(slot.start, view !== 'month')}
        onSelectEvent={(event) => (event.resource.sentAt ? undefined : actions.onEdit(event.resource))}
        eventPropGetter={(event) => ({
          className:
            event.resource.status === 'ERRO' ? 'schedule-ERRO' : event.resource.sentAt ? 'schedule-sent' : undefined,
        })}
        components={components}
      />
    </Box>
  );
}

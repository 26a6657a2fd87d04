import { domainEvent } from '../../platform/domain-event.js';
import type { ScheduleView } from './schedule-view.js';

/** The `schedule` topic. Schedules are the company's: everyone of it hears `company-{id}-schedule`. */
export const scheduleEvents = {
  saved: (companyId: number, action: 'create' | 'update', schedule: ScheduleView) =>
    domainEvent(companyId, 'schedule', { action, schedule }, { to: 'company' }),
  deleted: (companyId: number, scheduleId: number) =>
    domainEvent(companyId, 'schedule', { action: 'delete', scheduleId }, { to: 'company' }),
};

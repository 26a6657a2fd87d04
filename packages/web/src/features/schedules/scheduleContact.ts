import type { Schedule } from '@balcao/contracts';

/** The contact a schedule names, as the dialog holds it. */
export type ScheduleContact = Schedule['contact'];

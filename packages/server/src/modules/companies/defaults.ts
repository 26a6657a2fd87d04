import { SETTING_DEFAULTS, WEEKDAYS, type ScheduleDay } from '@balcao/contracts';

/** A new company's week: Monday to Friday 08:00–18:00, Saturday 08:00–12:00, Sunday closed. */
export function defaultSchedules(): ScheduleDay[] {
  return WEEKDAYS.map(({ weekday, weekdayEn }) => {
    if (weekdayEn === 'saturday') return { weekday, weekdayEn, startTime: '08:00', endTime: '12:00' };
    if (weekdayEn === 'sunday') return { weekday, weekdayEn, startTime: '00:00', endTime: '00:00' };
    return { weekday, weekdayEn, startTime: '08:00', endTime: '18:00' };
  });
}

export function defaultSettings(companyId: number) {
  return Object.entries(SETTING_DEFAULTS).map(([key, value]) => ({ companyId, key, value }));
}

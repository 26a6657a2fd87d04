import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AttendanceReport } from '@balcao/contracts';
import { api, download } from '../../lib/api';
import { saveFile } from '../../lib/saveFile';
import { askedQuery, isAskable, type AttendanceFilter } from './attendanceFilter';

/** `GET /reports/attendance` for the filter, asked only once the filter is complete. */
export function useAttendanceReport(filter: AttendanceFilter) {
  const query = askedQuery(filter);
  return useQuery({
    queryKey: ['reports', 'attendance', query],
    queryFn: ({ signal }) => api.get<AttendanceReport>('/reports/attendance', query, { signal }),
    enabled: isAskable(filter),
    placeholderData: keepPreviousData,
  });
}

/** The same figures as the server's CSV file (`GET /reports/attendance.csv`). */
export async function exportAttendance(filter: AttendanceFilter): Promise<void> {
  const { blob, fileName } = await download('/reports/attendance.csv', askedQuery(filter));
  saveFile(blob, fileName ?? 'attendance.csv');
}

import { download } from '../../lib/api';
import { saveFile } from '../../lib/saveFile';
import { askedQuery, type DashboardFilter } from './dashboardFilter';

/** The counters and attendants of the filter's period as the server's CSV file (`GET /dashboard/export`). */
export async function exportDashboard(filter: DashboardFilter): Promise<void> {
  const { blob, fileName } = await download('/dashboard/export', askedQuery(filter));
  saveFile(blob, fileName ?? 'dashboard.csv');
}

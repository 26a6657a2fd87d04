import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { AttendanceReport } from '@balcao/contracts';
import { EmptyState } from '../../lib/ui/EmptyState';
import { formatSeconds } from './attendanceFilter';

type Row = { key: string; testId: string } & (AttendanceReport['byUser'][number] | AttendanceReport['byQueue'][number]);

/** The figures per attendant or per queue: tickets resolved, median first response and resolution, CSAT. */
export function AttendanceTable({ title, rows }: { title: string; rows: Row[] }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  return (
    <Paper variant="outlined" sx={{ minWidth: 0 }}>
      <Typography variant="subtitle1" component="h2" sx={{ px: 2, pt: 1.5, fontWeight: 600 }}>
        {title}
      </Typography>
      {rows.length === 0 ? (
        <EmptyState text={t('attendance.empty')} />
      ) : (
        <TableContainer sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <TableHead sx={{ '& th': { whiteSpace: 'nowrap' } }}>
              <TableRow>
                <TableCell>{t('attendance.table.name')}</TableCell>
                <TableCell align="right">{t('attendance.table.tickets')}</TableCell>
                <TableCell align="right">{t('attendance.charts.firstResponseP50')}</TableCell>
                <TableCell align="right">{t('attendance.charts.resolutionP50')}</TableCell>
                <TableCell align="right">{t('attendance.csat')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody sx={{ '& td': { whiteSpace: 'nowrap' } }}>
              {rows.map((r) => (
                <TableRow key={r.key} data-testid={r.testId}>
                  <TableCell sx={{ minWidth: 120, maxWidth: 240, whiteSpace: 'normal !important' }}>{r.name}</TableCell>
                  <TableCell align="right">{number.format(r.tickets)}</TableCell>
                  <TableCell align="right">{formatSeconds(r.firstResponseP50Seconds)}</TableCell>
                  <TableCell align="right">{formatSeconds(r.resolutionP50Seconds)}</TableCell>
                  <TableCell align="right">{r.csatAverage === null ? '—' : number.format(r.csatAverage)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Paper>
  );
}

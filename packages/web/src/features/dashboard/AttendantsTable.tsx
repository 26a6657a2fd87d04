import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Rating from '@mui/material/Rating';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { DashboardAttendant } from '@balcao/contracts';
import { EmptyState } from '../../lib/ui/EmptyState';
import { PresenceDot, usePresenceOf } from '../../lib/ui/PresenceDot';
import { formatMinutes } from './dashboardFilter';

/** Rating 1–3 as stars (a fraction shown as part of a star) and the figure; none: a dash. */
function RatingCell({ rating }: { rating: number | null }) {
  const { t, i18n } = useTranslation();
  if (rating === null) return <>—</>;
  const text = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 }).format(rating);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
      <Rating
        value={rating}
        max={3}
        precision={0.1}
        readOnly
        size="small"
        aria-label={t('dashboard.attendants.ratingOf', { value: text })}
      />
      <Typography variant="body2" component="span">
        {text}
      </Typography>
    </Box>
  );
}

/** Every user of the company: rating, average support time, presence now, kept live (operations §2). */
export function AttendantsTable({ attendants }: { attendants: DashboardAttendant[] }) {
  const { t } = useTranslation();
  const presenceOf = usePresenceOf();
  return (
    <Paper variant="outlined" sx={{ minWidth: 0 }}>
      <Typography variant="subtitle1" component="h2" sx={{ px: 2, pt: 1.5, fontWeight: 600 }}>
        {t('dashboard.attendants.title')}
      </Typography>
      {attendants.length === 0 ? (
        <EmptyState text={t('dashboard.attendants.empty')} />
      ) : (
        <TableContainer sx={{ overflowX: 'auto' }}>
          <Table size="small" data-testid="attendants-table">
            <TableHead sx={{ '& th': { whiteSpace: 'nowrap' } }}>
              <TableRow>
                <TableCell>{t('dashboard.attendants.name')}</TableCell>
                <TableCell>{t('dashboard.attendants.rating')}</TableCell>
                <TableCell>{t('dashboard.attendants.avgSupportTime')}</TableCell>
                <TableCell>{t('dashboard.attendants.status')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {attendants.map((a) => (
                <TableRow key={a.id} data-testid={`attendant-${a.id}`}>
                  <TableCell sx={{ minWidth: 120, maxWidth: 240 }}>{a.name}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <RatingCell rating={a.rating} />
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatMinutes(a.avgSupportTime)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <PresenceDot presence={presenceOf(a)} withText />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Paper>
  );
}

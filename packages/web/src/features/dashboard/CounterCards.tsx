import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ForumIcon from '@mui/icons-material/ForumOutlined';
import HourglassIcon from '@mui/icons-material/HourglassEmptyOutlined';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import PersonAddIcon from '@mui/icons-material/PersonAddAltOutlined';
import TimerIcon from '@mui/icons-material/TimerOutlined';
import AlarmIcon from '@mui/icons-material/AlarmOutlined';
import InfoIcon from '@mui/icons-material/InfoOutlined';
import { useTranslation } from 'react-i18next';
import type { DashboardCounters } from '@balcao/contracts';
import { formatMinutes } from './dashboardFilter';

/** The six counters in the spec's order, each with its icon; averages are minutes. */
const COUNTERS: ReadonlyArray<{ key: keyof DashboardCounters; icon: ReactNode; minutes?: boolean }> = [
  { key: 'supportHappening', icon: <ForumIcon /> },
  { key: 'supportPending', icon: <HourglassIcon /> },
  { key: 'supportFinished', icon: <DoneAllIcon /> },
  { key: 'leads', icon: <PersonAddIcon /> },
  { key: 'avgSupportTime', icon: <TimerIcon />, minutes: true },
  { key: 'avgWaitTime', icon: <AlarmIcon />, minutes: true },
];

/**
 * The six figures (operations §2), each with its definition in a tooltip (hover, focus or a tap
 * on the card's info icon). Two columns on a phone, three on a tablet, six on a wide screen.
 */
export function CounterCards({ counters }: { counters: DashboardCounters | undefined }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <Box
      sx={{
        display: 'grid',
        gap: { xs: 1, sm: 2 },
        gridTemplateColumns: {
          xs: 'repeat(2, minmax(0, 1fr))',
          sm: 'repeat(3, minmax(0, 1fr))',
          lg: 'repeat(6, minmax(0, 1fr))',
        },
      }}
    >
      {COUNTERS.map(({ key, icon, minutes }) => {
        const value = counters?.[key];
        return (
          <Paper
            key={key}
            variant="outlined"
            sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0 }}
            data-testid={`counter-${key}`}
          >
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'primary.main' }}>
              <Box aria-hidden sx={{ display: 'flex' }}>
                {icon}
              </Box>
              <Typography variant="body2" color="text.secondary" sx={{ flex: 1, minWidth: 0, lineHeight: 1.2 }}>
                {t(`dashboard.counters.${key}`)}
              </Typography>
              <Tooltip title={t(`dashboard.definitions.${key}`)} enterTouchDelay={0} arrow>
                <InfoIcon
                  fontSize="small"
                  tabIndex={0}
                  role="img"
                  aria-label={t(`dashboard.definitions.${key}`)}
                  sx={{ color: 'text.disabled', cursor: 'help' }}
                  data-testid={`counter-${key}-info`}
                />
              </Tooltip>
            </Box>
            <Typography
              variant="h5"
              component="p"
              sx={{ mt: 1, fontWeight: 600, fontSize: { xs: '1.3rem', sm: '1.5rem' } }}
              data-testid={`counter-${key}-value`}
            >
              {value === undefined ? (
                <Skeleton width="60%" />
              ) : minutes ? (
                formatMinutes(value)
              ) : (
                number.format(value ?? 0)
              )}
            </Typography>
          </Paper>
        );
      })}
    </Box>
  );
}

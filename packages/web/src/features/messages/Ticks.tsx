/**
 * The ticks of an outgoing message (operations §4): 0 queued (clock), 1 sent (single tick),
 * 2–3 delivered (double tick), 4–5 read or played (coloured double tick); a failed send shows
 * its error instead.
 */
import Box from '@mui/material/Box';
import DoneIcon from '@mui/icons-material/Done';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import ErrorIcon from '@mui/icons-material/ErrorOutlineOutlined';
import ScheduleIcon from '@mui/icons-material/Schedule';
import { useTranslation } from 'react-i18next';

export const READ_BLUE = '#34b7f1';

export function Ticks({ ack, error }: { ack: number; error?: string | null }) {
  const { t } = useTranslation();
  const level = Math.min(Math.max(ack, 0), 5);
  const label = error ? t('tickets.ack.failed', { error }) : t(`tickets.ack.${level}`);
  const sx = { fontSize: 16 };
  const icon = error ? (
    <ErrorIcon color="error" sx={sx} />
  ) : level === 0 ? (
    <ScheduleIcon sx={sx} />
  ) : level === 1 ? (
    <DoneIcon sx={sx} />
  ) : (
    <DoneAllIcon sx={{ ...sx, color: level >= 4 ? READ_BLUE : undefined }} />
  );
  return (
    <Box
      component="span"
      role="img"
      aria-label={label}
      title={label}
      sx={{ display: 'inline-flex' }}
      data-testid="message-ticks"
      data-ack={ack}
    >
      {icon}
    </Box>
  );
}

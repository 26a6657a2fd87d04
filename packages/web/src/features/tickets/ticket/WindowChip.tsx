/**
 * The Cloud API's 24-hour window of a ticket (`windowExpiresAt`): the time left to answer with free
 * text, or closed (only a template goes; also when the customer never wrote). Shown for Cloud API
 * tickets only. Re-rendered every minute.
 */
import { useEffect, useState } from 'react';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

/** "5h 20m" / "12m" left; null once closed. */
export function windowLeft(expiresAt: string, now: number): string | null {
  const ms = new Date(expiresAt).getTime() - now;
  if (!(ms > 0)) return null;
  const minutes = Math.max(1, Math.floor(ms / 60_000));
  const h = Math.floor(minutes / 60);
  return h > 0 ? `${h}h ${minutes % 60}m` : `${minutes}m`;
}

export function WindowChip({ expiresAt }: { expiresAt: string | null }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  const left = expiresAt ? windowLeft(expiresAt, now) : null;
  return (
    <Chip
      size="small"
      variant="outlined"
      color={left ? 'success' : 'error'}
      label={left ? t('tickets.header.windowLeft', { time: left }) : t('tickets.header.windowClosed')}
      sx={{ height: 18, fontSize: 11 }}
      data-testid="ticket-window"
      data-open={left ? 'true' : 'false'}
    />
  );
}

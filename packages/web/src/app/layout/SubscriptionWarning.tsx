/**
 * The subscription warning (foundation §4: fewer than 5 days left). A chip in the top bar for as
 * long as it applies, rather than a toast at every login: it informs from a place where it covers
 * nothing (a login toast used to sit on the composer's send button), and stays readable after.
 * Phones show the days only; the whole sentence is the chip's name and tooltip. Whoever may pay
 * lands on the invoices with the open one's PIX checkout already open (`?pay=open`); others on the
 * subscription page (days of trial left, the billing email).
 */
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import HourglassIcon from '@mui/icons-material/HourglassBottom';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '../providers/AuthProvider';
import { expiryWarningDays } from './expiryWarning';
import { access } from '../routing/access';

export function SubscriptionWarning() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const navigate = useNavigate();
  const days = expiryWarningDays(user.company?.dueDate);
  if (days === null) return null;
  const today = days === 0;
  const sentence = today ? t('topbar.expiry.textToday') : t('topbar.expiry.text', { count: days });
  return (
    <Tooltip title={sentence}>
      <Chip
        aria-label={sentence}
        data-testid="subscription-warning"
        color="warning"
        size="small"
        clickable
        onClick={() => navigate(access.billing(user) ? '/financeiro?pay=open' : '/subscription')}
        icon={<HourglassIcon />}
        sx={{ flexShrink: 0, fontWeight: 500 }}
        label={
          <>
            <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
              {today ? t('topbar.expiry.labelToday') : t('topbar.expiry.label', { count: days })}
            </Box>
            <Box component="span" sx={{ display: { sm: 'none' } }}>
              {today ? t('topbar.expiry.shortToday') : t('topbar.expiry.short', { count: days })}
            </Box>
          </>
        }
      />
    </Tooltip>
  );
}

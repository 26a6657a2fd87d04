/**
 * The first-day checklist (issue 35): a new company's next steps, ticked from what it did (the
 * server reads its rows), each a link to the page that does it. Admins see it until every step
 * is done or one of them closes it.
 */
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CircleIcon from '@mui/icons-material/RadioButtonUncheckedOutlined';
import CloseIcon from '@mui/icons-material/Close';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../app/providers/AuthProvider';
import { access } from '../../app/routing/access';
import { toastError } from '../../lib/toast';
import { STEP_PAGES } from './steps';
import { useDismissOnboarding, useOnboarding } from './useOnboarding';

export function OnboardingChecklist() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const admin = access.settings(user);
  const onboarding = useOnboarding(admin);
  const dismiss = useDismissOnboarding();
  if (!admin || !onboarding.data || onboarding.data.dismissed) return null;
  const items = onboarding.data.items.filter((i) => STEP_PAGES[i.key].shown(user));
  const done = items.filter((i) => i.done).length;
  if (done === items.length) return null;

  return (
    <Card variant="outlined" sx={{ width: '100%', maxWidth: 480, textAlign: 'left' }} data-testid="onboarding">
      <CardContent sx={{ pb: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
          <Box sx={{ flex: 1 }}>
            <Typography variant="h6" component="h2">
              {t('onboarding.title')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('onboarding.progress', { done, total: items.length })}
            </Typography>
          </Box>
          <IconButton
            aria-label={t('onboarding.dismiss')}
            title={t('onboarding.dismiss')}
            onClick={() => dismiss.mutate({ dismissed: true }, { onError: toastError })}
            data-testid="onboarding-dismiss"
          >
            <CloseIcon />
          </IconButton>
        </Box>
        <LinearProgress
          variant="determinate"
          value={(done / items.length) * 100}
          sx={{ my: 1, borderRadius: 1 }}
          aria-hidden
        />
        <List dense disablePadding>
          {items.map((item) => (
            <ListItemButton
              key={item.key}
              component={RouterLink}
              to={STEP_PAGES[item.key].to}
              data-testid={`onboarding-${item.key}`}
              data-done={item.done}
              sx={{ borderRadius: 1 }}
            >
              <ListItemIcon sx={{ minWidth: 36 }}>
                {item.done ? (
                  <CheckCircleIcon color="success" titleAccess={t('onboarding.done')} />
                ) : (
                  <CircleIcon color="action" />
                )}
              </ListItemIcon>
              <ListItemText
                primary={t(`onboarding.steps.${item.key}.title`)}
                secondary={t(`onboarding.steps.${item.key}.text`)}
                slotProps={{
                  primary: { sx: item.done ? { textDecoration: 'line-through', color: 'text.secondary' } : undefined },
                }}
              />
            </ListItemButton>
          ))}
        </List>
      </CardContent>
    </Card>
  );
}

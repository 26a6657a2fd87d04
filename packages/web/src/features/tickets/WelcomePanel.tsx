/** What the conversation side shows before a ticket is chosen (operations §2, the welcome image). */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { OnboardingChecklist } from '../onboarding/OnboardingChecklist';

/** Two speech bubbles over a counter: drawn here, in the theme's colours. */
function WelcomeImage() {
  const theme = useTheme();
  const main = theme.palette.primary.main;
  const accent = theme.palette.secondary.main;
  const soft = theme.palette.action.hover;
  const paper = theme.palette.background.paper;
  return (
    <svg viewBox="0 0 240 180" width="220" height="165" role="img" aria-hidden="true">
      <rect x="20" y="140" width="200" height="14" rx="7" fill={soft} />
      <rect x="40" y="118" width="160" height="24" rx="6" fill={main} opacity="0.85" />
      <rect x="30" y="24" width="110" height="64" rx="16" fill={main} />
      <path d="M52 86 L48 106 L72 88 Z" fill={main} />
      <rect x="46" y="42" width="70" height="8" rx="4" fill={paper} opacity="0.9" />
      <rect x="46" y="58" width="50" height="8" rx="4" fill={paper} opacity="0.7" />
      <rect x="110" y="56" width="100" height="52" rx="16" fill={accent} />
      <path d="M186 106 L194 122 L170 108 Z" fill={accent} />
      <circle cx="138" cy="82" r="6" fill={paper} />
      <circle cx="160" cy="82" r="6" fill={paper} />
      <circle cx="182" cy="82" r="6" fill={paper} />
    </svg>
  );
}

export function WelcomePanel({ onPick }: { onPick?: () => void }) {
  const { t } = useTranslation();
  return (
    <Box
      sx={{
        flex: 1,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        // 'safe': a tall checklist scrolls instead of being cut at the top.
        justifyContent: 'safe center',
        overflowY: 'auto',
        gap: 1.5,
        p: 3,
        textAlign: 'center',
      }}
      data-testid="tickets-welcome"
    >
      <OnboardingChecklist />
      <WelcomeImage />
      <Typography variant="h6">{t('tickets.welcome.title')}</Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 360 }}>
        {t('tickets.welcome.text')}
      </Typography>
      {onPick && (
        <Button variant="contained" onClick={onPick} data-testid="pick-ticket">
          {t('tickets.welcome.pick')}
        </Button>
      )}
    </Box>
  );
}

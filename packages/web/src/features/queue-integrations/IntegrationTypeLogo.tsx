/**
 * A type's mark in the table and the type picker: a coloured tile with the type's symbol (drawn
 * here, nothing fetched), named for screen readers.
 */
import type { ComponentType } from 'react';
import Box from '@mui/material/Box';
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import ForumIcon from '@mui/icons-material/Forum';
import HubIcon from '@mui/icons-material/Hub';
import SmartToyIcon from '@mui/icons-material/SmartToy';
import WebhookIcon from '@mui/icons-material/Webhook';
import { useTranslation } from 'react-i18next';
import type { QueueIntegrationType } from '@balcao/contracts';

const LOOK: Record<QueueIntegrationType, { color: string; Icon: ComponentType<{ sx?: object }> }> = {
  dialogflow: { color: '#E8710A', Icon: ForumIcon },
  n8n: { color: '#EA4B71', Icon: HubIcon },
  webhook: { color: '#5E35B1', Icon: WebhookIcon },
  typebot: { color: '#0042DA', Icon: SmartToyIcon },
  flowbuilder: { color: '#2E7D32', Icon: AccountTreeIcon },
};

export function IntegrationTypeLogo({ type, size = 32 }: { type: QueueIntegrationType; size?: number }) {
  const { t } = useTranslation();
  const { color, Icon } = LOOK[type];
  return (
    <Box
      role="img"
      aria-label={t(`queueIntegrations.types.${type}`)}
      data-testid="integration-type-logo"
      data-type={type}
      sx={{
        width: size,
        height: size,
        borderRadius: 1.5,
        bgcolor: color,
        color: '#fff',
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        flexShrink: 0,
      }}
    >
      <Icon sx={{ fontSize: size * 0.6 }} />
    </Box>
  );
}

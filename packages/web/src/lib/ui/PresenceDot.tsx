/**
 * An attendant's presence (issue 36): a coloured dot (online green, away amber, offline grey) and
 * the word for screen readers (and as the dot's tooltip). `online: boolean` answers of older
 * servers read as online/offline.
 */
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import type { Presence } from '@balcao/contracts';
import { useAuth } from '../../app/providers/AuthProvider';

export const presenceOf = (u: { presence?: Presence; online?: boolean }): Presence =>
  u.presence ?? (u.online ? 'online' : 'offline');

/**
 * `presenceOf` as this tab shows it: the signed-in user is online (their tab is open and in use;
 * the server does not tell a user their own presence, so a list read while their socket was
 * reconnecting would otherwise stay stale for them).
 */
export function usePresenceOf() {
  const me = useAuth().user?.id;
  return (u: { id: number; presence?: Presence; online?: boolean }): Presence =>
    u.id === me ? 'online' : presenceOf(u);
}

/** Read by screen readers, not shown. */
const srOnly = { position: 'absolute', width: 1, height: 1, p: 0, m: -1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap', border: 0 } as const;

const COLOR: Record<Presence, string> = { online: 'success.main', away: 'warning.main', offline: 'text.disabled' };

export function PresenceDot({ presence, withText = false }: { presence: Presence; withText?: boolean }) {
  const { t } = useTranslation();
  const word = t(`presence.${presence}`);
  return (
    <Box
      component="span"
      // Relative: the screen readers' word is placed within the dot, not against the page (a
      // table scrolled sideways would otherwise widen the page by it).
      sx={{ position: 'relative', display: 'inline-flex', alignItems: 'center', gap: 0.75 }}
      data-testid="presence"
      data-presence={presence}
    >
      <Box component="span" aria-hidden title={word} sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: COLOR[presence], flexShrink: 0 }} />
      {withText ? (
        <Box component="span" sx={{ fontSize: 12, color: 'text.secondary' }}>
          {word}
        </Box>
      ) : (
        <Box component="span" sx={srOnly}>
          {word}
        </Box>
      )}
    </Box>
  );
}

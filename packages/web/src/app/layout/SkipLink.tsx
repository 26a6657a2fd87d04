/**
 * The page's first Tab stop: "skip to content", shown only while focused. It lands on the
 * page's skip target (an element marked `data-skip-target`, e.g. the ticket list) — on its first
 * focusable element, so one Enter reaches a ticket — else on <main>.
 */
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';

export const MAIN_ID = 'main-content';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), textarea:not([disabled]), select:not([disabled]), [tabindex="0"]';

const visible = (el: Element) => el.getClientRects().length > 0;

function skip(e: MouseEvent) {
  e.preventDefault();
  const main = document.getElementById(MAIN_ID);
  if (!main) return;
  const target = [...main.querySelectorAll<HTMLElement>('[data-skip-target]')].find(visible);
  const first = target ? [...target.querySelectorAll<HTMLElement>(FOCUSABLE)].find(visible) : undefined;
  (first ?? target ?? main).focus();
}

export function SkipLink() {
  const { t } = useTranslation();
  return (
    <Box
      component="a"
      href={`#${MAIN_ID}`}
      onClick={skip}
      data-testid="skip-link"
      sx={{
        position: 'fixed',
        top: 8,
        left: 8,
        zIndex: 'tooltip',
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: 'background.paper',
        color: 'primary.main',
        boxShadow: 3,
        fontWeight: 600,
        // Out of sight until focused (still read and reached by the keyboard).
        transform: 'translateY(-200%)',
        '&:focus': { transform: 'none', outline: 2, outlineColor: 'primary.main' },
      }}
    >
      {t('common.skipToContent')}
    </Box>
  );
}

/**
 * Where toasts show and how they leave (issue 12). Top centre, inside the top bar's height: what
 * they sit on is the bar's greeting, never a page's controls (dialog buttons and the composer
 * are at the bottom, page actions and tabs right under the bar). One at a time (the next waits
 * its turn), so a second toast never hangs below the bar. They leave on their own: no pause under
 * the mouse or when the window loses focus. On phones a toast takes the bar's place for its few
 * seconds (a tap closes it).
 */
import { ToastContainer } from 'react-toastify';
import GlobalStyles from '@mui/material/GlobalStyles';
import { TOAST_MS } from '@balcao/contracts';
import { useColorMode } from '../../app/providers/ColorModeProvider';

/** Two lines of text still fit a 56 px bar (phones); one fits between 8 px and 56 px elsewhere. */
const placement = (fontFamily: string) => ({
  ':root': {
    '--toastify-toast-top': '8px',
    '--toastify-toast-width': '360px',
    '--toastify-toast-min-height': '48px',
    // Room on the right for the close button.
    '--toastify-toast-padding': '6px 28px 6px 12px',
    '--toastify-font-family': fontFamily,
  },
  '.Toastify .Toastify__toast': { fontSize: 14, lineHeight: '20px', marginBottom: 0 },
  // react-toastify's phone layout (full width, from the very top): as tall as the bar.
  '@media only screen and (max-width: 480px)': { '.Toastify .Toastify__toast': { minHeight: 56 } },
});

export function Toasts() {
  const { mode } = useColorMode();
  return (
    <>
      <GlobalStyles styles={(theme) => placement(String(theme.typography.fontFamily))} />
      <ToastContainer
        position="top-center"
        autoClose={TOAST_MS}
        theme={mode}
        limit={1}
        pauseOnHover={false}
        pauseOnFocusLoss={false}
        closeOnClick
      />
    </>
  );
}

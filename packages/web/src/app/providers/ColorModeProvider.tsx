/** Light/dark theme, remembered as `preferredTheme`; the default follows the system. */
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider, createTheme } from '@mui/material/styles';
import { ptBR, enUS, esES } from '@mui/material/locale';
import { useTranslation } from 'react-i18next';

type Mode = 'light' | 'dark';
const KEY = 'preferredTheme';

interface ColorMode {
  mode: Mode;
  toggle: () => void;
}
const ColorModeContext = createContext<ColorMode>({ mode: 'light', toggle: () => undefined });
export const useColorMode = () => useContext(ColorModeContext);

function initialMode(): Mode {
  const saved = localStorage.getItem(KEY);
  if (saved === 'light' || saved === 'dark') return saved;
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

const muiLocales = { pt: ptBR, en: enUS, es: esES } as const;

export function ColorModeProvider({ children }: { children: ReactNode }) {
  const [mode, setMode] = useState<Mode>(initialMode);
  const { i18n } = useTranslation();
  const lang = (i18n.language?.slice(0, 2) ?? 'pt') as keyof typeof muiLocales;

  const toggle = useCallback(() => {
    setMode((m) => {
      const next = m === 'light' ? 'dark' : 'light';
      localStorage.setItem(KEY, next);
      return next;
    });
  }, []);

  const theme = useMemo(
    () =>
      createTheme(
        {
          palette: {
            mode,
            primary: { main: mode === 'light' ? '#0b6e4f' : '#4fc3a1' },
            secondary: { main: mode === 'light' ? '#f57c00' : '#ffb74d' },
            background: mode === 'light' ? { default: '#f4f6f8', paper: '#ffffff' } : {},
          },
          shape: { borderRadius: 8 },
          components: {
            MuiButton: { defaultProps: { disableElevation: true } },
          },
        },
        muiLocales[lang] ?? ptBR,
      ),
    [mode, lang],
  );
  const value = useMemo(() => ({ mode, toggle }), [mode, toggle]);

  return (
    <ColorModeContext.Provider value={value}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
      </ThemeProvider>
    </ColorModeContext.Provider>
  );
}

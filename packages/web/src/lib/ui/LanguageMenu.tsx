import { useState } from 'react';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TranslateIcon from '@mui/icons-material/Translate';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@balcao/contracts';
import { currentLanguage } from '../../app/providers/i18n';

/** Language menu (pt, en, es) of the login page and the top bar. */
export function LanguageMenu({
  onChange,
  color = 'primary',
}: {
  onChange?: (lang: Language) => void;
  color?: 'inherit' | 'primary';
}) {
  const { t, i18n } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const current = currentLanguage();

  const choose = (lang: Language) => {
    setAnchor(null);
    if (lang === current) return;
    void i18n.changeLanguage(lang);
    onChange?.(lang);
  };

  return (
    <>
      <Button
        color={color}
        startIcon={<TranslateIcon />}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-label={t('language.label')}
        aria-haspopup="menu"
        data-testid="language-menu"
        sx={{ minWidth: 0 }}
      >
        {current.toUpperCase()}
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {LANGUAGES.map((lang) => (
          <MenuItem
            key={lang}
            selected={lang === current}
            onClick={() => choose(lang)}
            data-testid={`language-${lang}`}
            lang={lang}
          >
            {t(`language.${lang}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

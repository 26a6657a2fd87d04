/**
 * The emoji picker (emoji-picker-react, native glyphs: nothing is fetched from elsewhere). This
 * module and the emoji names of the current language load only when the picker first opens.
 */
import Picker, { EmojiStyle, Theme, type EmojiData } from 'emoji-picker-react';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../app/providers/i18n';

type Loaded = EmojiData | { default: EmojiData };
/** Emoji names for the search, per language (English ships with the picker itself). */
const DATA: Record<'pt' | 'en' | 'es', (() => Promise<Loaded>) | undefined> = {
  pt: () => import('emoji-picker-react/data/emojis-pt'),
  en: undefined,
  es: () => import('emoji-picker-react/data/emojis-es'),
};

export default function EmojiPicker({ onPick, width }: { onPick: (emoji: string) => void; width: number }) {
  const { t } = useTranslation();
  const theme = useTheme();
  return (
    <Picker
      emojiData={DATA[currentLanguage()]}
      emojiStyle={EmojiStyle.NATIVE}
      theme={theme.palette.mode === 'dark' ? Theme.DARK : Theme.LIGHT}
      onEmojiClick={(e) => onPick(e.emoji)}
      autoFocusSearch
      lazyLoadEmojis
      width={width}
      height={400}
      previewConfig={{ showPreview: false }}
      labels={{
        searchPlaceholder: t('quickMessages.emoji.search'),
        searchLabel: t('quickMessages.emoji.search'),
        searchClear: t('common.clear'),
        searchResultsNone: t('quickMessages.emoji.none'),
        loading: t('common.loading'),
        loadingError: t('common.loadError'),
        retryLoading: t('common.retry'),
      }}
    />
  );
}

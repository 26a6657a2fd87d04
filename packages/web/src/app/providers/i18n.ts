/**
 * i18next: Portuguese by default, English and Spanish; the choice is kept in local storage
 * under `i18nextLng` (foundation §4) and falls back to Portuguese. Portuguese ships in the entry
 * chunk; English and Spanish load on demand.
 */
import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Language } from '@balcao/contracts';
import pt from '../../locales/pt.json';

const STORAGE_KEY = 'i18nextLng';

export function normaliseLanguage(value: string | null | undefined): Language {
  const short = (value ?? '').slice(0, 2).toLowerCase();
  return (LANGUAGES as readonly string[]).includes(short) ? (short as Language) : 'pt';
}

const loaders: Record<Language, () => Promise<{ default: ResourceKey }>> = {
  pt: () => Promise.resolve({ default: pt }),
  en: () => import('../../locales/en.json'),
  es: () => import('../../locales/es.json'),
};

const lazyLocales: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, _namespace, callback) {
    loaders[normaliseLanguage(language)]().then(
      (m) => callback(null, m.default),
      (err: Error) => callback(err, null),
    );
  },
};

const initial = normaliseLanguage(localStorage.getItem(STORAGE_KEY));

/** Resolves once the initial language is ready; the app renders after it. */
export const i18nReady = i18n
  .use(lazyLocales)
  .use(initReactI18next)
  .init({
    resources: { pt: { translation: pt } },
    partialBundledLanguages: true,
    lng: initial,
    fallbackLng: 'pt',
    supportedLngs: [...LANGUAGES],
    load: 'languageOnly',
    interpolation: { escapeValue: false },
    returnNull: false,
    // A language switch keeps showing the old texts until the new ones have loaded.
    react: { useSuspense: false },
  });

const applyLanguage = (lng: string) => {
  const lang = normaliseLanguage(lng);
  localStorage.setItem(STORAGE_KEY, lang);
  document.documentElement.lang = lang === 'pt' ? 'pt-BR' : lang;
};
applyLanguage(initial);
i18n.on('languageChanged', applyLanguage);

export const currentLanguage = (): Language => normaliseLanguage(i18n.language);

export default i18n;

// i18next for the console: namespace `console`, English and Indonesian kept in lockstep by
// test/unit/locales.test.ts. Resources are imported statically: both are small and the login page needs them
// before its first paint. The API client follows the interface language so server messages come back in it.
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../../locales/en/console.json';
import id from '../../locales/id/console.json';
import { setApiLanguage } from './api/client';
import { storedLanguage } from './session/store';

export const LANGUAGES = ['en', 'id'] as const;

i18n.on('languageChanged', (language) => {
  setApiLanguage(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
});

void i18n.use(initReactI18next).init({
  resources: { en: { console: en }, id: { console: id } },
  lng: storedLanguage(),
  fallbackLng: 'en',
  supportedLngs: LANGUAGES,
  ns: ['console'],
  defaultNS: 'console',
  interpolation: { escapeValue: false },
  initAsync: false,
});

export default i18n;

// i18next for the console: namespace `console` for the console's own text, namespace `resources` for the master-data
// labels (`<Resource>.title`, `<Resource>.fields.<Field>`, `common.fields.<Field>`) that the server uses for its
// messages too. English and Indonesian are kept in lockstep by test/unit/locales.test.ts. Resources are imported
// statically: they are small and the login page needs them before its first paint. The label files come in
// several batches (resources*.json) so teams can add resources side by side; they are merged here as the server
// merges them (api/i18n.ts). The API client follows the interface language so server messages come back in it.
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import consoleEn from '../../locales/en/console.json';
import ordersEn from '../../locales/en/console-orders.json';
import assignEn from '../../locales/en/console-assign.json';
import resourcesEn from '../../locales/en/resources.json';
import partiesEn from '../../locales/en/resources-parties.json';
import settingsEn from '../../locales/en/resources-settings.json';
import consoleId from '../../locales/id/console.json';
import ordersId from '../../locales/id/console-orders.json';
import assignId from '../../locales/id/console-assign.json';
import resourcesId from '../../locales/id/resources.json';
import partiesId from '../../locales/id/resources-parties.json';
import settingsId from '../../locales/id/resources-settings.json';
import { setApiLanguage } from './api/client';
import { storedLanguage } from './session/store';

export const LANGUAGES = ['en', 'id'] as const;

i18n.on('languageChanged', (language) => {
  setApiLanguage(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
});

// The order screens keep their text in files of their own (console-orders: the order list and its panels,
// console-assign: the assign panels of the SAP order list), each under top-level keys of its own.
const en = { ...consoleEn, ...ordersEn, ...assignEn };
const id = { ...consoleId, ...ordersId, ...assignId };

void i18n.use(initReactI18next).init({
  resources: {
    en: { console: en, resources: { ...partiesEn, ...settingsEn, ...resourcesEn } },
    id: { console: id, resources: { ...partiesId, ...settingsId, ...resourcesId } },
  },
  lng: storedLanguage(),
  fallbackLng: 'en',
  supportedLngs: LANGUAGES,
  ns: ['console', 'resources'],
  defaultNS: 'console',
  interpolation: { escapeValue: false },
  initAsync: false,
});

export default i18n;

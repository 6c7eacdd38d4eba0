// Server messages come from locales/<lang>/server.json, the same files family the console uses, chosen per
// request by the `language` header. Keys are stable; the wording is translated.
import serverEn from '../locales/en/server.json';
import serverId from '../locales/id/server.json';
import serverOrdersEn from '../locales/en/server-orders.json';
import serverOrdersId from '../locales/id/server-orders.json';
import serverAssignEn from '../locales/en/server-assign.json';
import serverAssignId from '../locales/id/server-assign.json';
import resourcesEn from '../locales/en/resources.json';
import resourcesId from '../locales/id/resources.json';
import partiesEn from '../locales/en/resources-parties.json';
import partiesId from '../locales/id/resources-parties.json';
import settingsEn from '../locales/en/resources-settings.json';
import settingsId from '../locales/id/resources-settings.json';
import consoleOrdersEn from '../locales/en/console-orders.json';
import consoleOrdersId from '../locales/id/console-orders.json';

export const LANGUAGES = ['en', 'id'] as const;
export type Language = (typeof LANGUAGES)[number];

// The order screens' messages are files of their own (server-orders: the order's life, server-assign: the
// assignment from SAP orders), each a top-level key of its own, merged over the rest.
const catalogs: Record<Language, unknown> = {
  en: { ...serverEn, ...serverOrdersEn, ...serverAssignEn },
  id: { ...serverId, ...serverOrdersId, ...serverAssignId },
};
/** Master-data labels, shared with the console: `<Resource>.fields.<Field>`, and `common.fields.<Field>`. */
// Kept in several files so batches of resources can be added side by side; merged here.
// The order's column labels are the order list's own (console-orders.json `order.fields`), so an export is headed
// as the screen is: `Order.<Field>`.
const resourceLabels: Record<Language, unknown> = {
  en: { ...partiesEn, ...settingsEn, ...resourcesEn, Order: consoleOrdersEn.order },
  id: { ...partiesId, ...settingsId, ...resourcesId, Order: consoleOrdersId.order },
};

/** A field named in a message: `Resource.Field` is a master-data label, a bare name a server field label. */
function fieldLabel(lang: Language, value: string): string {
  const dot = value.indexOf('.');
  if (dot > 0) {
    const resource = value.slice(0, dot);
    const field = value.slice(dot + 1);
    return (
      lookup(resourceLabels[lang], `${resource}.fields.${field}`) ??
      lookup(resourceLabels[lang], `common.fields.${field}`) ??
      field
    );
  }
  return lookup(catalogs[lang], `fields.${value}`) ?? value;
}

export type MessageParams = Record<string, string | number>;

function lookup(catalog: unknown, key: string): string | undefined {
  let node: unknown = catalog;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** Translates `key`; a `{{field}}` parameter that names a known field is itself translated. */
/** Templates found per language and key (the catalogs never change); bounded, since a key may be literal text. */
const templates: Record<Language, Map<string, string>> = { en: new Map(), id: new Map() };
const TEMPLATES_MAX = 5_000;

function templateOf(lang: Language, key: string): string {
  const found = templates[lang];
  let template = found.get(key);
  if (template === undefined) {
    template = lookup(catalogs[lang], key) ?? lookup(catalogs.en, key) ?? key;
    if (found.size >= TEMPLATES_MAX) found.clear();
    found.set(key, template);
  }
  return template;
}

/** Plural categories as i18next picks them in the console (Intl rules: en one/other, id other only). */
const pluralRules: Record<Language, Intl.PluralRules> = {
  en: new Intl.PluralRules('en'),
  id: new Intl.PluralRules('id'),
};

/**
 * The key to read for a message with a numeric `count`, as i18next does: `<key>_<category>`, else `<key>_other`,
 * else the key itself (a message with no plural forms).
 */
function pluralKey(lang: Language, key: string, count: unknown): string {
  if (typeof count !== 'number') return key;
  for (const candidate of [`${key}_${pluralRules[lang].select(count)}`, `${key}_other`]) {
    if (lookup(catalogs[lang], candidate) !== undefined || lookup(catalogs.en, candidate) !== undefined) {
      return candidate;
    }
  }
  return key;
}

export function translate(lang: Language, key: string, params: MessageParams = {}): string {
  const template = templateOf(lang, pluralKey(lang, key, params.count));
  if (!template.includes('{{')) return template;
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) return '';
    if (name === 'field' || name === 'from') return fieldLabel(lang, String(value));
    return String(value);
  });
}

export function parseLanguage(value: unknown): Language {
  const v = typeof value === 'string' ? value.trim().toLowerCase().slice(0, 2) : '';
  return (LANGUAGES as readonly string[]).includes(v) ? (v as Language) : 'en';
}

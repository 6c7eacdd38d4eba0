// Server messages come from locales/<lang>/server.json, the same files family the console uses, chosen per
// request by the `language` header. Keys are stable; the wording is translated.
import en from '../locales/en/server.json';
import id from '../locales/id/server.json';

export const LANGUAGES = ['en', 'id'] as const;
export type Language = (typeof LANGUAGES)[number];

const catalogs: Record<Language, unknown> = { en, id };

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
export function translate(lang: Language, key: string, params: MessageParams = {}): string {
  const template = lookup(catalogs[lang], key) ?? lookup(catalogs.en, key) ?? key;
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) return '';
    if (name === 'field') return lookup(catalogs[lang], `fields.${value}`) ?? String(value);
    return String(value);
  });
}

export function parseLanguage(value: unknown): Language {
  const v = typeof value === 'string' ? value.trim().toLowerCase().slice(0, 2) : '';
  return (LANGUAGES as readonly string[]).includes(v) ? (v as Language) : 'en';
}

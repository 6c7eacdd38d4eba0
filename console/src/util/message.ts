// A message the screen keeps to show later (a field's validation message, a form's summary, a panel's problem):
// kept as what it says — its key and parameters — and translated when it is shown, so a language switch shows it
// again in the new language, as it does every other text on the screen (components that read text through
// useTranslation render again on a language change). A parameter may itself be a message (a field's label).
//
// The server translates its messages (api/i18n.ts) in the language of the request, and asking again is no way to
// re-word a refusal (a save may be refused differently, or not at all, the second time). Its field messages come
// in every language too (`errors_by_language`, api/middleware/envelope.ts): they are kept as such (serverFieldErrors)
// and shown in the current one. Other server text (an envelope's `message`) keeps the words it came with until the
// user acts on it again.
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import i18n from '../i18n';

/** A message translated when shown: a key of the console's catalogs (`ns` for another namespace). */
export interface KeyedMessage {
  /** The key, or keys tried in order (i18next's fallback keys). */
  key: string | readonly string[];
  params?: Readonly<Record<string, string | number | KeyedMessage>>;
  ns?: string;
  /** What shows when no key is found. */
  defaultValue?: string;
}

/** The server's words for one message in each language it answered (`errors_by_language`). */
export interface WordedMessage {
  texts: Readonly<Record<string, string>>;
}

/**
 * Text as it came (the server's words, in the language it was asked in), the server's words in every language,
 * or a message translated when shown.
 */
export type Message = string | KeyedMessage | WordedMessage;

/**
 * An envelope's field messages, each in every language the server answered when it did (else as it came): what
 * a form keeps under its fields after a refused save.
 */
export function serverFieldErrors(res: {
  errors?: Record<string, string[]>;
  errors_by_language?: Record<string, Record<string, string[]>>;
}): Record<string, Message[]> {
  const out: Record<string, Message[]> = {};
  const byLanguage = res.errors_by_language ?? {};
  for (const [field, list] of Object.entries(res.errors ?? {})) {
    out[field] = list.map((text, i) => {
      const texts: Record<string, string> = {};
      for (const [language, fields] of Object.entries(byLanguage)) {
        const worded = fields?.[field]?.[i];
        if (typeof worded === 'string') texts[language] = worded;
      }
      return Object.keys(texts).length ? { texts } : text;
    });
  }
  return out;
}

/** A message of the console's own catalog, translated when shown. */
export function keyed(key: string, params?: KeyedMessage['params']): KeyedMessage {
  return params ? { key, params } : { key };
}

/** The label of a master-data field (`<Resource>.fields.<Field>`, else `common.fields.<Field>`, else its name). */
export function fieldLabel(resource: string, field: string): KeyedMessage {
  return {
    key: [`${resource}.fields.${field}`, `common.fields.${field}`],
    ns: 'resources',
    defaultValue: field,
  };
}

/** A message in the language of `t`. */
export function messageText(t: TFunction, shown: Message): string {
  if (typeof shown === 'string') return shown;
  if ('texts' in shown) {
    // The console's language (components showing messages render again when it changes, see useMessageText).
    const language = (i18n.language ?? '').slice(0, 2);
    return shown.texts[language] ?? Object.values(shown.texts)[0] ?? '';
  }
  const options: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(shown.params ?? {})) {
    options[name] = typeof value === 'object' ? messageText(t, value) : value;
  }
  if (shown.ns) options.ns = shown.ns;
  if (shown.defaultValue !== undefined) options.defaultValue = shown.defaultValue;
  return t(shown.key as string | string[], options) as string;
}

export interface MessageText {
  /** One message in the current language (none: undefined). */
  (shown: Message): string;
  (shown: Message | null | undefined): string | undefined;
  /** Messages joined into one text (a field's messages under it), undefined for none. */
  join: (shown: readonly Message[] | null | undefined) => string | undefined;
}

/**
 * Messages in the current language; the component using it renders again when the language changes, so what it
 * shows follows.
 */
export function useMessageText(): MessageText {
  const { t } = useTranslation();
  return useMemo(() => {
    const one = (shown: Message | null | undefined) =>
      shown === null || shown === undefined ? undefined : messageText(t, shown);
    const join = (shown: readonly Message[] | null | undefined) =>
      shown?.length ? shown.map((m) => messageText(t, m)).join(' ') : undefined;
    // The overloads say what `one` does: a message gives a text.
    return Object.assign(one, { join }) as MessageText;
  }, [t]);
}

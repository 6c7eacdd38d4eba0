// Labels of a resource in the interface language, from the label files the server uses too
// (locales/*/resources*.json): `<Resource>.title`, `<Resource>.fields.<Field>` (children's fields included),
// `common.fields.<Field>` for the audit columns, and `<Resource>.options.<Field>.<CODE>` (else
// `common.options.<Field>.<CODE>`) for the choices of an enum field. A label not written yet falls back to the wire
// name or the code, so a new resource is usable before its labels arrive. Only what people read is labelled: the
// API, exports and imports keep the codes.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceDef } from '../../../../db/resources/engine';
import { textOf } from '../../components/grid/cellFormat';

export interface ResourceText {
  title: string;
  field: (name: string) => string;
  /** The label of one code of an enum field (children's fields included). */
  option: (field: string, code: string) => string;
  /** Editor section title of a `group` key (console: `resources.groups.<group>`). */
  group: (group: string) => string;
}

function humanise(key: string): string {
  const words = key.replace(/[_-]+/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function useResourceText(def: ResourceDef): ResourceText {
  const { t, i18n } = useTranslation();
  return useMemo(
    () => ({
      title: t(`${def.name}.title`, { ns: 'resources', defaultValue: t(`entities.${def.name}`) }),
      field: (name: string) =>
        t([`${def.name}.fields.${name}`, `common.fields.${name}`], { ns: 'resources', defaultValue: name }),
      option: (field: string, code: string) =>
        t([`${def.name}.options.${field}.${code}`, `common.options.${field}.${code}`], {
          ns: 'resources',
          defaultValue: code,
        }),
      group: (group: string) => t(`resources.groups.${group}`, { defaultValue: humanise(group) }),
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- labels change with the language
    [t, def, i18n.language],
  );
}

/** A record named as its lookup names it: the key and the display fields ("C001 - PT Sawit Makmur"). */
export function recordCaption(def: ResourceDef, values: Record<string, unknown>): string {
  const names = def.display ?? (def.key ? [def.key] : []);
  return names
    .map((name) => textOf(values[name]))
    .filter(Boolean)
    .join(' - ');
}

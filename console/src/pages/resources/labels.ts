// Labels of a resource in the interface language, from the label files the server uses too
// (locales/*/resources*.json): `<Resource>.title`, `<Resource>.fields.<Field>` (children's fields included),
// `common.fields.<Field>` for the audit columns. A label not written yet falls back to the wire name, so a new
// resource is usable before its labels arrive.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceDef } from '../../../../db/resources/engine';

export interface ResourceText {
  title: string;
  field: (name: string) => string;
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
      group: (group: string) => t(`resources.groups.${group}`, { defaultValue: humanise(group) }),
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- labels change with the language
    [t, def, i18n.language],
  );
}

// Where a field's choices come from: a `ref` searches the referenced resource's lookup (`/api/list/<its path>`),
// a `lookup` the Lookup master's (`/api/list/<Lookup path>`, with its group). When the resource it needs is
// not defined yet, the field takes the code as typed text instead.
import type { FieldDef } from '../../../../db/resources/engine';
import { refLookupMinChars } from '../../../../db/resources/master';
import { DEFAULT_MIN_CHARS } from '../../components/form/RefSelect';
import type { LookupSource } from '../../components/form/FieldControl';
import { findResource } from './registry';

export function lookupSource(field: FieldDef): LookupSource | undefined {
  if (field.type === 'ref' && field.ref) {
    const target = findResource(field.ref);
    if (!target) return undefined;
    return {
      url: `list/${target.path}`,
      // The field may say; else the target's key says (drivers, trucks and locations search from 0 characters).
      minChars: refLookupMinChars(field) ?? DEFAULT_MIN_CHARS,
    };
  }
  if (field.type === 'lookup' && field.lookupGroup) {
    const lookup = findResource('Lookup');
    if (!lookup) return undefined;
    // A group holds a handful of codes: the list opens at once.
    return {
      url: `list/${lookup.path}`,
      params: { group: field.lookupGroup },
      minChars: field.lookupMinChars ?? 0,
    };
  }
  return undefined;
}

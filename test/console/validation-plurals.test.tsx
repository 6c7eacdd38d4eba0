// "Needs at least n rows" in the console (issue 18, item 8): the editor's own check of a child table's minimum
// and a zod array minimum read "1 row" / "2 rows" in English and the one Indonesian form, as the server's do.
import { act } from '@testing-library/react';
import { z } from 'zod';
import i18n from '../../console/src/i18n';
import { validateRecord } from '../../console/src/pages/resources/record';
import { messageText } from '../../console/src/util/message';
import { defineResource, issueMessage } from '../../db/resources/engine';

const probe = defineResource({
  name: 'PluralProbe',
  table: 'plural_probes',
  path: 'plural_probe',
  fields: [{ name: 'Code', type: 'text', maxLength: 20 }],
  children: [
    {
      name: 'Approvers',
      table: 'plural_probe_approvers',
      parentColumn: 'plural_probe_id',
      minRows: 1,
      fields: [{ name: 'Username', type: 'text', maxLength: 100 }],
    },
    {
      name: 'Stops',
      table: 'plural_probe_stops',
      parentColumn: 'plural_probe_id',
      minRows: 2,
      fields: [{ name: 'Place', type: 'text', maxLength: 100 }],
    },
  ],
});

const empty = { values: { Code: 'R1' }, children: {}, audit: {}, id: 0 };

/** The messages of the two tables, in the current language (they are kept as keys and translated when shown). */
function minimumMessages() {
  const errors = validateRecord(probe, empty, 'create');
  return [errors.Approvers, errors.Stops].map((list) => list?.map((m) => messageText(i18n.t, m)));
}

function arrayMinimum(min: number) {
  const result = z.array(z.string()).min(min).safeParse([]);
  const issue = result.error?.issues[0];
  if (!issue) throw new Error('expected a too_small issue');
  const message = issueMessage(issue);
  return i18n.t(message.key, { ...message.params, field: 'Details' });
}

describe('at least n rows', () => {
  it('given a record without child rows, when checked in English, then one row is "1 row" and two are "2 rows"', () => {
    expect(minimumMessages()).toEqual([
      ['Approvers needs at least 1 row.'],
      ['Stops needs at least 2 rows.'],
    ]);
  });

  it('given a record without child rows, when checked in Indonesian, then both read "minimal n baris"', async () => {
    await act(() => i18n.changeLanguage('id'));
    expect(minimumMessages()).toEqual([
      ['Approvers memerlukan minimal 1 baris.'],
      ['Stops memerlukan minimal 2 baris.'],
    ]);
  });

  it('given an empty list where zod asks for n items, when its issue is shown, then the count picks the form', async () => {
    expect(arrayMinimum(1)).toBe('Details needs at least 1 row.');
    expect(arrayMinimum(3)).toBe('Details needs at least 3 rows.');
    await act(() => i18n.changeLanguage('id'));
    expect(arrayMinimum(3)).toBe('Details memerlukan minimal 3 baris.');
  });
});

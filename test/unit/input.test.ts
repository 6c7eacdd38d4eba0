// The input primitives every route, the master-data fields and the console's forms share
// (db/resources/input.ts): texts without NUL or broken characters, numbers only as numbers or decimal strings
// and within their column, calendar dates in both wire formats.
import { fieldSchema, issueMessage, type FieldDef } from '../../db/resources/engine';
import {
  date,
  displayDateToIso,
  integer,
  isoDate,
  isoDateTime,
  number,
  numericRange,
  text,
  within,
} from '../../db/resources/input';
import type { z } from 'zod';

function refusal(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value);
  if (result.success) return undefined;
  return issueMessage(result.error.issues[0]!);
}

describe('text', () => {
  test.each([
    ['a NUL', 'a\u0000b'],
    ['a lone high surrogate', 'a\ud800b'],
    ['a lone low surrogate', 'a\udc00b'],
    ['a high surrogate at the end', 'ab\ud83d'],
  ])('given %s, when parsed, then it is refused as characters not allowed', (_name, value) => {
    expect(refusal(text(50), value)).toEqual({ key: 'validation.invalidCharacters' });
  });

  test('given a whole emoji, accents and SQL or HTML metacharacters, when parsed, then they are text like any other', () => {
    const value = `Pak Dédé 😀 '; drop table users; -- <script>alert(1)</script>`;
    expect(text(200).parse(value)).toBe(value);
  });

  test('given a text longer than the field, when parsed, then it is refused with the length', () => {
    expect(refusal(text(5), '123456')).toEqual({ key: 'validation.maxLength', params: { max: 5 } });
  });

  test('given spaces around, when parsed, then they are trimmed unless the text is taken as typed', () => {
    expect(text(10).parse('  a  ')).toBe('a');
    expect(text(10, { trim: false }).parse('  a  ')).toBe('  a  ');
  });
});

describe('number', () => {
  test.each([
    ['a JSON number', 12.5, 12.5],
    ['a plain decimal string', ' 8000.50 ', 8000.5],
    ['a negative decimal string', '-3', -3],
    ['a decimal string with an exponent', '1.5e3', 1500],
  ])('given %s, when parsed, then it is the number it spells', (_name, value, expected) => {
    expect(number().parse(value)).toBe(expected);
  });

  test.each([
    ['a hex string', '0x10'],
    ['a binary string', '0b11'],
    ['the boolean true', true],
    ['an array', [5]],
    ['an empty string', ''],
    ['a blank string', '  '],
    ['an object', { n: 1 }],
    ['null', null],
    ['Infinity', Infinity],
    ['a string beyond a double', '1e400'],
    ['a decimal comma', '1,5'],
    ['a number with a unit', '12kg'],
  ])('given %s, when parsed, then it is refused as not a number', (_name, value) => {
    expect(refusal(number(), value)).toEqual({ key: 'validation.number' });
  });

  test('given numeric(18,2), when the largest amount and the next cent up are parsed, then only the first fits', () => {
    const money = number(numericRange(18, 2));
    expect(money.parse(9_999_999_999_999_998)).toBe(9_999_999_999_999_998);
    expect(refusal(money, 1e30)).toEqual({ key: 'validation.max', params: { max: '9999999999999999.99' } });
    expect(refusal(money, -1e30)).toEqual({ key: 'validation.min', params: { min: '-9999999999999999.99' } });
    // 1e16 is what 9999999999999999.99 becomes as a double: it would overflow the column.
    expect(refusal(money, 1e16)).toEqual({ key: 'validation.max', params: { max: '9999999999999999.99' } });
  });

  test('given numeric(5,2), when a value rounds up past the column, then it is refused', () => {
    const percent = number(numericRange(5, 2));
    expect(percent.parse(999.994)).toBe(999.994);
    expect(refusal(percent, 999.996)).toEqual({ key: 'validation.max', params: { max: '999.99' } });
  });

  test('given a business range within the column, when parsed, then the narrower limit answers', () => {
    const quantity = number(within({ min: 0.001, max: 1e12 }, numericRange(18, 3)));
    expect(refusal(quantity, 0)).toEqual({ key: 'validation.min', params: { min: 0.001 } });
    expect(refusal(quantity, 2e12)).toEqual({ key: 'validation.max', params: { max: 1e12 } });
  });

  test('given an integer field, when a fraction and a value beyond int4 are parsed, then both are refused', () => {
    expect(refusal(integer(), '1.5')).toEqual({ key: 'validation.integer' });
    expect(refusal(integer(), 2 ** 31)).toEqual({ key: 'validation.max', params: { max: 2 ** 31 - 1 } });
    expect(integer({ min: 1 }).parse('42')).toBe(42);
  });
});

describe('dates', () => {
  test.each(['2026-02-30', '0000-01-01', '9999-99-99', '2025-02-29', '2026-13-01', '2026-00-10'])(
    'given the ISO date %s, when parsed, then it is no calendar date',
    (value) => {
      expect(refusal(date(), value)).toEqual({ key: 'validation.invalidDate' });
      expect(refusal(isoDate(), value)).toEqual({ key: 'validation.invalidIsoDate' });
    },
  );

  test('given real dates in both wire formats, when parsed, then they answer yyyy-mm-dd', () => {
    expect(date().parse('29/02/2024')).toBe('2024-02-29');
    expect(date().parse('2024-02-29')).toBe('2024-02-29');
    expect(date().parse('01/01/0001')).toBe('0001-01-01');
    expect(displayDateToIso('31/12/9999')).toBe('9999-12-31');
    expect(displayDateToIso('01/01/0000')).toBeUndefined();
    expect(refusal(isoDate(), '29/02/2024')).toEqual({ key: 'validation.invalidIsoDate' });
  });

  test.each(['2026-02-30T08:00:00+07:00', '0000-01-01T08:00:00Z', '2026-03-02', '2026-03-02T08:00:00'])(
    'given the date and time %s, when parsed, then it is refused',
    (value) => {
      expect(refusal(isoDateTime(), value)).toEqual({ key: 'validation.invalidDateTime' });
    },
  );

  test('given a date and time with an offset, when parsed, then it is taken', () => {
    expect(isoDateTime().parse('2024-02-29T23:59:59.123+07:00')).toBe('2024-02-29T23:59:59.123+07:00');
  });
});

describe('fieldSchema (the master-data fields, in the API and in the console)', () => {
  const decimal: FieldDef = { name: 'Cost', type: 'decimal', precision: 12, scale: 2 };
  const count: FieldDef = { name: 'Count', type: 'integer' };
  const sequence: FieldDef = { name: 'Next', type: 'integer', bigint: true };
  const code: FieldDef = { name: 'Code', type: 'ref', ref: 'Company' };

  test('given a decimal without a declared maximum, when a value beyond its column is parsed, then the column limits it', () => {
    expect(refusal(fieldSchema(decimal), 1e10)).toEqual({
      key: 'validation.max',
      params: { max: '9999999999.99' },
    });
    expect(fieldSchema(decimal).parse('9999999999.99')).toBe(9_999_999_999.99);
  });

  test('given an integer column and a bigint one, when a value beyond int4 is parsed, then only the bigint takes it', () => {
    expect(refusal(fieldSchema(count), 2 ** 31)).toEqual({
      key: 'validation.max',
      params: { max: 2 ** 31 - 1 },
    });
    expect(fieldSchema(sequence).parse(2 ** 40)).toBe(2 ** 40);
  });

  test('given an optional number left empty, when parsed, then it is null, never 0', () => {
    expect(fieldSchema(decimal).parse('')).toBeNull();
    expect(refusal(fieldSchema({ ...decimal, required: true }), '')).toEqual({ key: 'validation.required' });
  });

  test('given a text field that declares no length, when a megabyte is parsed, then a default length refuses it', () => {
    expect(refusal(fieldSchema(code), 'x'.repeat(1_000_000))).toEqual({
      key: 'validation.maxLength',
      params: { max: 1000 },
    });
  });
});

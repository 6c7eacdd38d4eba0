// One glossary of the product's domain terms (locales/glossary.json, issue 18 defect 7): every Indonesian
// message of every file under locales/id/ says a term the one way the glossary chooses (Order, never pesanan;
// Plant, never Pabrik where the English says Plant), so the screens do not mix the two. This sits beside the
// lockstep test (locales.test.ts) and reads the same files: all of them, whichever are added later.
import fs from 'node:fs';
import path from 'node:path';
import { LOOKUP_SEED } from '../../db/seeds/lookups';

const LOCALES = path.resolve(__dirname, '../../locales');

type Tree = { [key: string]: string | Tree };

interface Term {
  en: string;
  id: string;
  avoid: string[];
  note?: string;
}

interface Glossary {
  description: string;
  terms: Term[];
}

/**
 * Indonesian messages that use an avoided word in another sense, each with its reason. Keep it short: a message
 * that can say the glossary's word should be changed instead.
 */
const EXCEPTIONS: readonly { file: string; key: string; variant: string }[] = [
  // "{{time}} left" on the order's process panel: sisa waktu is the time left, not an outstanding quantity.
  { file: 'console-orders.json', key: 'orderProcess.timeLeft', variant: 'Sisa' },
  // The nesting depth of a JSON request body ("more than {{max}} levels"), not an approval level.
  { file: 'server.json', key: 'validation.tooDeep', variant: 'Tingkat' },
];

function messages(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]): [string, string][] => {
    const here = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'object' && value !== null ? messages(value, here) : [[here, value]];
  });
}

function read(language: string, file: string): Map<string, string> {
  return new Map(messages(JSON.parse(fs.readFileSync(path.join(LOCALES, language, file), 'utf8')) as Tree));
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Whole words, any case, any run of spaces between the words. */
function wordPattern(words: string, plural = false): RegExp {
  let body = words.trim().split(/\s+/).map(escape).join('\\s+');
  // English terms also stand in their plural: Orders, Plants, Factories.
  if (plural && /[a-z]$/i.test(body))
    body = /y$/i.test(body) ? `${body.slice(0, -1)}(?:y|ies)` : `${body}(?:s|es)?`;
  return new RegExp(`(?<![\\p{L}\\p{N}_])${body}(?![\\p{L}\\p{N}_])`, 'iu');
}

/** The words of a message, without its {{parameters}}, $t() nestings and <tag> names. */
function prose(message: string): string {
  return message
    .replace(/\{\{[^}]*\}\}/g, ' ')
    .replace(/\$t\([^)]*\)/g, ' ')
    .replace(/<\/?[A-Za-z][\w-]*\s*\/?>/g, ' ');
}

const glossary = JSON.parse(fs.readFileSync(path.join(LOCALES, 'glossary.json'), 'utf8')) as Glossary;
const terms = Array.isArray(glossary.terms) ? glossary.terms : [];
const enFiles = fs
  .readdirSync(path.join(LOCALES, 'en'))
  .filter((file) => file.endsWith('.json'))
  .sort();
const idFiles = fs
  .readdirSync(path.join(LOCALES, 'id'))
  .filter((file) => file.endsWith('.json'))
  .sort();

/**
 * The glossary's terms whose Indonesian rendering holds this variant of another term: Pabrik (Factory) for
 * Plant, Pengiriman (Shipment) for Dispatch. Such a variant is only wrong where the English names the term.
 */
function rivals(term: Term, variant: string): Term[] {
  return terms.filter((other) => other !== term && wordPattern(variant).test(other.id));
}

/** The avoided variants an Indonesian message uses, as `variant (term)`, given its English counterpart. */
function violations(file: string, key: string, id: string, en: string): string[] {
  const words = prose(id);
  const english = prose(en);
  return terms.flatMap((term) =>
    term.avoid
      .filter((variant) => wordPattern(variant).test(words))
      .filter((variant) => {
        const others = rivals(term, variant);
        if (others.length === 0) return true;
        return (
          wordPattern(term.en, true).test(english) &&
          !others.some((other) => wordPattern(other.en, true).test(english))
        );
      })
      .filter(
        (variant) =>
          !EXCEPTIONS.some(
            (e) => e.file === file && e.key === key && e.variant.toLowerCase() === variant.toLowerCase(),
          ),
      )
      .map((variant) => `${key}: "${variant}" (say "${term.id}" for ${term.en}) in "${id}"`),
  );
}

describe('glossary', () => {
  it('given locales/glossary.json, when it is read, then it has a description and a list of terms', () => {
    expect(typeof glossary.description).toBe('string');
    expect(glossary.description.trim()).not.toBe('');
    expect(Array.isArray(glossary.terms)).toBe(true);
    expect(terms.length).toBeGreaterThan(0);
  });

  it('given every term, when its fields are checked, then it has an English term, its Indonesian rendering and a list of variants to avoid, and nothing else', () => {
    const malformed = terms.filter(
      (term) =>
        typeof term.en !== 'string' ||
        term.en.trim() === '' ||
        typeof term.id !== 'string' ||
        term.id.trim() === '' ||
        !Array.isArray(term.avoid) ||
        term.avoid.some((variant) => typeof variant !== 'string' || variant.trim() === '') ||
        (term.note !== undefined && typeof term.note !== 'string') ||
        Object.keys(term).some((field) => !['en', 'id', 'avoid', 'note'].includes(field)),
    );
    expect(malformed).toEqual([]);
  });

  it('given every term, when its variants are compared with its rendering, then none is the rendering or a word of it, and none is listed twice', () => {
    const wrong = terms.flatMap((term) =>
      term.avoid
        .filter(
          (variant, i) =>
            variant.trim().toLowerCase() === term.id.trim().toLowerCase() ||
            wordPattern(variant).test(term.id) ||
            term.avoid.findIndex((v) => v.toLowerCase() === variant.toLowerCase()) !== i,
        )
        .map((variant) => `${term.en}: ${variant}`),
    );
    expect(wrong).toEqual([]);
  });

  it('given the terms, when their English terms are compared, then each term is in the glossary once', () => {
    const seen = terms.map((term) => term.en.toLowerCase());
    expect(seen.filter((en, i) => seen.indexOf(en) !== i)).toEqual([]);
  });

  it('given every term, when the messages are searched, then its English term is in an English message and its rendering in an Indonesian one', () => {
    const english = enFiles.flatMap((file) => [...read('en', file).values()].map(prose));
    const indonesian = idFiles.flatMap((file) => [...read('id', file).values()].map(prose));
    const unused = terms.flatMap((term) => [
      ...(english.some((m) => wordPattern(term.en, true).test(m)) ? [] : [`en ${term.en}`]),
      ...(indonesian.some((m) => wordPattern(term.id).test(m)) ? [] : [`id ${term.id}`]),
    ]);
    expect(unused).toEqual([]);
  });

  it('given the exceptions, when their messages are read, then each still names a message that uses its variant', () => {
    const stale = EXCEPTIONS.filter((e) => {
      const message = idFiles.includes(e.file) ? read('id', e.file).get(e.key) : undefined;
      return message === undefined || !wordPattern(e.variant).test(prose(message));
    });
    expect(stale).toEqual([]);
  });
});

describe('glossary in the Indonesian messages', () => {
  it('given the language folders, when they are listed, then the Indonesian files are exactly the English ones, so every file is checked', () => {
    expect(enFiles).toContain('console.json');
    expect(idFiles).toEqual(enFiles);
  });

  it('given the glossary, when the language folders are listed, then it sits at the locales root and is no message file', () => {
    expect(fs.existsSync(path.join(LOCALES, 'glossary.json'))).toBe(true);
    expect(enFiles).not.toContain('glossary.json');
    expect(idFiles).not.toContain('glossary.json');
  });

  describe.each(enFiles)('%s', (file) => {
    it('given every Indonesian message, when it is searched for the variants the glossary avoids, then none is used', () => {
      const en = read('en', file);
      const found = [...read('id', file)].flatMap(([key, message]) =>
        violations(file, key, message, en.get(key) ?? ''),
      );
      expect(found).toEqual([]);
    });
  });
});

describe('glossary in the seeded lookup values', () => {
  it('given the Lookup master seeded on every install (shipment types, order types, langsir types...), when its Indonesian texts are searched for the variants the glossary avoids, then none is used', () => {
    const found = LOOKUP_SEED.flatMap(({ group, values }) =>
      values.flatMap((value) => violations('lookups seed', `${group}.${value.code}`, value.id, value.en)),
    );
    expect(found).toEqual([]);
  });
});

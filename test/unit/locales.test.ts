// English and Indonesian message files are kept in lockstep (STYLE.md habit 7): for every file under locales/en/
// the file of the same name exists under locales/id/ with exactly the same keys, and no message is empty.
import fs from 'node:fs';
import path from 'node:path';

const LOCALES = path.resolve(__dirname, '../../locales');

type Tree = { [key: string]: string | Tree };

function keyPaths(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) => {
    const here = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'object' && value !== null ? keyPaths(value, here) : [here];
  });
}

function emptyValues(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) => {
    const here = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'object' && value !== null) return emptyValues(value, here);
    return typeof value !== 'string' || value.trim() === '' ? [here] : [];
  });
}

function read(language: string, file: string): Tree {
  return JSON.parse(fs.readFileSync(path.join(LOCALES, language, file), 'utf8')) as Tree;
}

const files = fs.readdirSync(path.join(LOCALES, 'en')).filter((file) => file.endsWith('.json'));

describe('locales', () => {
  it('given the English locale folder, when it is listed, then it holds at least the console messages', () => {
    expect(files).toContain('console.json');
  });

  describe.each(files)('%s', (file) => {
    it('given the English file, when the Indonesian folder is checked, then a file of the same name exists', () => {
      expect(fs.existsSync(path.join(LOCALES, 'id', file))).toBe(true);
    });

    it('given both languages, when their keys are compared deeply, then they are exactly the same set', () => {
      const en = keyPaths(read('en', file)).sort();
      const id = keyPaths(read('id', file)).sort();
      expect({
        missingInId: en.filter((k) => !id.includes(k)),
        extraInId: id.filter((k) => !en.includes(k)),
      }).toEqual({
        missingInId: [],
        extraInId: [],
      });
    });

    it('given both languages, when every message is read, then none is empty', () => {
      expect(emptyValues(read('en', file))).toEqual([]);
      expect(emptyValues(read('id', file))).toEqual([]);
    });
  });
});

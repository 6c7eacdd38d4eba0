// The whole product for browser tests: the built console and the real API on a throwaway database of its own
// (test/support/db.ts), listening on a free port, plus headless
// Debian Chromium driven by playwright-core. The captcha generator records its answers, standing in for
// the person who reads the picture.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type Page } from 'playwright-core';
import { consoleNeedsBuild, consoleOutDir } from '../../api/console-build';
import { projectRoot } from '../../api/config';
import { createTestApp, type TestApp } from './api';
import { createApp } from '../../api/app';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SCREENSHOT_DIR = path.join(projectRoot, 'test-results', 'screenshots');

export interface E2eStack {
  baseUrl: string;
  app: TestApp;
  browser: Browser;
  newPage(options?: { width?: number; height?: number }): Promise<Page>;
  screenshot(page: Page, name: string): Promise<string>;
  close(): Promise<void>;
}

export async function startE2eStack(options: { masterData?: boolean } = {}): Promise<E2eStack> {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}: install Debian's package (apt-get install chromium).`,
    );
  }
  if (consoleNeedsBuild()) {
    execFileSync(
      process.execPath,
      [
        path.join(projectRoot, 'node_modules', 'vite', 'bin', 'vite.js'),
        'build',
        '--config',
        'console/vite.config.mts',
        '--logLevel',
        'warn',
      ],
      {
        cwd: projectRoot,
        stdio: 'inherit',
        // jest sets NODE_ENV=test, which would give React's development build; test what users get.
        env: { ...process.env, NODE_ENV: 'production' },
      },
    );
  }
  // The master demo data (companies, plants, warehouses...) only for suites that work on it.
  const app = await createTestApp({ masterData: options.masterData ?? false });
  const handler = createApp(app.deps, { consoleDir: consoleOutDir }).callback();
  const server = http.createServer((req, res) => void handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--no-first-run',
    ],
  });
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  return {
    baseUrl,
    app,
    browser,
    async newPage({ width = 1366, height = 800 } = {}) {
      const context = await browser.newContext({ viewport: { width, height }, baseURL: baseUrl });
      return context.newPage();
    },
    async screenshot(page, name) {
      const file = path.join(SCREENSHOT_DIR, `${name}.png`);
      await page.screenshot({ path: file, fullPage: false });
      return file;
    },
    async close() {
      await browser.close();
      await new Promise((resolve) => server.close(resolve));
      await app.close();
    },
  };
}

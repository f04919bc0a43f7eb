import { launchBrowser, startApiProcess, type ApiProcess } from '@evalmarket/testkit/e2e';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

export interface BrowserSuite {
  /** The API process serving the built consoles, started before the suite's tests. */
  readonly api: ApiProcess;
  readonly browser: Browser;
  /** A page in a fresh browser context (its own cookies and storage) on the API's address. */
  newPage(viewport?: { width: number; height: number }): Promise<Page>;
}

/**
 * One API process (with `env`) and one browser for the enclosing describe block: started in
 * beforeAll, closed in afterAll.
 */
export function useBrowserSuite(
  options: { env?: Record<string, string>; viewport?: { width: number; height: number } } = {},
): BrowserSuite {
  let api: ApiProcess | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [api, browser] = await Promise.all([startApiProcess({ env: options.env }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await api?.stop();
  });
  return {
    get api() {
      return api!;
    },
    get browser() {
      return browser!;
    },
    async newPage(viewport = options.viewport ?? { width: 1280, height: 900 }) {
      const context = await browser!.newContext({ viewport, baseURL: api!.baseUrl });
      return context.newPage();
    },
  };
}

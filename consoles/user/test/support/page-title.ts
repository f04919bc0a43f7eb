import type { Page } from 'playwright-core';

/**
 * Waits for the tab's title. The console sets it in an effect after the page renders, so a
 * title read the moment the URL or a heading appears can still be the previous page's.
 */
export async function waitForTitle(page: Page, title: string): Promise<void> {
  await page.waitForFunction((expected) => document.title === expected, title);
}

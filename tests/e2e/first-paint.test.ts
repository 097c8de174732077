import { loadingBars } from './loading';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Locale } from '../../contract/locales';
import { appMessages as en } from '../../src/i18n/en';
import { appMessages as es } from '../../src/i18n/es';
import { englishWordsIn } from './english-words';
import { baseUrl, directorWhoseLanguageChanges } from './browser';

const opened = directorWhoseLanguageChanges();

declare global {
  interface Window {
    /** What the page's body read after each change of its document, in order. */
    shownTexts: string[];
  }
}

/**
 * Opens `path` in `locale` (this browser's choice, as the sign-in page's picker keeps it) and
 * returns every text the page showed on its way to `settled`, from its first change on: the
 * observer is in place before the app's scripts run.
 */
async function textsOnTheWay(
  page: Page,
  path: string,
  locale: Locale,
  settled: (page: Page) => Promise<void>,
) {
  await page.addInitScript((chosen) => {
    window.localStorage.setItem('spirit-portal.locale', chosen);
    window.shownTexts = [];
    new MutationObserver(() => {
      const text = document.body?.innerText ?? '';
      if (window.shownTexts.at(-1) !== text) window.shownTexts.push(text);
    }).observe(document, { childList: true, subtree: true, characterData: true });
  }, locale);
  await page.goto(`${baseUrl()}${path}`);
  await settled(page);
  return page.evaluate(() => window.shownTexts);
}

/** A catalogue key drawn in place of its text ('app.dashboard.title', 'ra.action.save'). */
const keyPattern = /\b(app|ra|resources)\.\w+\.\w+/;

const catalogues = { en, es };

describe('texts at first paint', () => {
  for (const locale of ['en', 'es'] as const) {
    const messages = catalogues[locale];

    it(`/login in ${locale}: its texts from the first paint, no key and no other language on the way`, async () => {
      const context = await opened.browser.newContext();
      const page = await context.newPage();
      try {
        const texts = await textsOnTheWay(page, '/login', locale, (page) =>
          page.getByRole('button', { name: messages.login.submit, exact: true }).waitFor(),
        );
        const drawn = texts.filter((text) => text.trim() !== '');
        expect(drawn[0]).toContain(messages.login.title);
        expect(drawn.filter((text) => keyPattern.test(text) || text.includes('undefined'))).toEqual([]);
        if (locale === 'es') expect(drawn.flatMap((text) => englishWordsIn(text))).toEqual([]);
      } finally {
        await context.close();
      }
    });

    it(`/admin/dashboard in ${locale}: no key on the way, nor English the settled page does not show`, async () => {
      const context = await opened.browser.newContext({ storageState: opened.asDirector });
      // The user's own setting wins over the browser's as the admin opens (src/providers/locale.ts).
      await context.request.put(`${baseUrl()}/api/preferences/locale`, { data: { value: locale } });
      const page = await context.newPage();
      try {
        const texts = await textsOnTheWay(page, '/admin/dashboard', locale, async (page) => {
          await page.getByRole('heading', { name: messages.dashboard.title }).first().waitFor();
          await page.waitForLoadState('networkidle');
          await expect.poll(() => page.locator(loadingBars).count()).toBe(0);
        });
        const settled = await page.evaluate(() => document.body.innerText);
        const drawn = texts.filter((text) => text.trim() !== '');
        expect(drawn.filter((text) => keyPattern.test(text) || text.includes('undefined'))).toEqual([]);
        if (locale === 'en') return;
        // English that shows on the way and not at the end is a flash of the other language.
        const settledEnglish = new Set(englishWordsIn(settled));
        expect(
          [...new Set(drawn.flatMap((text) => englishWordsIn(text)))].filter(
            (word) => !settledEnglish.has(word),
          ),
        ).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});

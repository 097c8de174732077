import type { Page } from 'playwright-core';

/** Where the page overflows: its scroll width, and every row control that is not wholly on screen. */
export const overflowOf = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const controls = [
      ...document.querySelectorAll<HTMLElement>(
        '.RaList-content tbody a, .RaList-content tbody button, .RaList-content tbody input[role="switch"], ' +
          '[data-testid="list-cards"] a, [data-testid="list-cards"] button, [data-testid="list-cards"] input',
      ),
    ];
    const outside = controls
      .map((control) => ({ control, rect: control.getBoundingClientRect() }))
      .filter(({ rect }) => rect.width > 0 && (rect.left < -1 || rect.right > width + 1))
      .map(
        ({ control, rect }) =>
          `${control.getAttribute('aria-label') ?? control.textContent} at ${Math.round(rect.right)}`,
      );
    return { scrollWidth: document.documentElement.scrollWidth, width, outside };
  });

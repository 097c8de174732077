/**
 * What a page shows while it loads: an indeterminate progress bar or spinner. A bar with a value
 * (a window's units against its minimum) is content, there for good.
 */
export const loadingBars = '[role="progressbar"]:not([aria-valuenow])';

const entities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => entities[c]);

export type TemplateValues = Record<string, string>;

/**
 * Fills `{{name}}` placeholders. Values are escaped in the HTML body (a user's name must not
 * become markup in someone's inbox); an unknown placeholder renders empty. `markup` holds HTML
 * the server built itself, its own values escaped (a digest's list), put in as it is.
 */
export function fillPlaceholders(
  template: string,
  values: TemplateValues,
  escape: (v: string) => string,
  markup: TemplateValues = {},
) {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) =>
    Object.hasOwn(markup, name) ? markup[name] : escape(values[name] ?? ''),
  );
}

/** A plain-text part for mail clients that do not show HTML: links are written out after their text. */
export function htmlToText(html: string) {
  return html
    .replace(/<a\s[^>]*href="([^"]*)"[^>]*>(.*?)<\/a>/gis, '$2: $1')
    .replace(/<\/p>|<br\s*\/?>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&(amp|lt|gt|quot|#39);/g, (m) => Object.entries(entities).find(([, e]) => e === m)?.[0] ?? m)
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Reference data every installation needs; kept in code so a fresh database is usable at once. */

export const emailTemplateSeeds = [
  {
    key: 'ConfirmAccount',
    subject: 'Confirm your Spirit Portal account',
    description: 'Sent when an account is created without a password, and again on request.',
    body: '<p>Hello {{fullName}},</p><p>An account was created for {{email}}. <a href="{{link}}">Confirm your account and choose a password</a>.</p>',
  },
  {
    key: 'ResetPassword',
    subject: 'Reset your Spirit Portal password',
    description: 'Sent from the forgotten password page.',
    body: '<p>Hello {{fullName}},</p><p><a href="{{link}}">Reset your password</a>. The link works once and expires in one day.</p>',
  },
  {
    key: 'ChangeEmail',
    subject: 'Confirm your new e-mail address',
    description: 'Sent to the new address when a user changes their e-mail.',
    body: '<p>Hello {{fullName}},</p><p><a href="{{link}}">Confirm {{email}} as your new e-mail address</a>.</p>',
  },
  {
    key: 'Contact',
    subject: 'Contact form: {{subject}}',
    description: 'Delivers a contact form message to the configured address.',
    body: '<p>From {{name}} &lt;{{email}}&gt;</p><p>{{message}}</p>',
  },
  {
    key: 'Registration',
    subject: 'Welcome to Spirit Portal',
    description: 'Sent after an athletic director registers.',
    body: '<p>Hello {{fullName}},</p><p>Thank you for registering. <a href="{{link}}">Confirm your account</a>.</p>',
  },
  ...notificationTemplateSeeds(),
] as const;

/** The e-mail of each notification category, and of the daily digest. */
export type NotificationTemplateKey = ReturnType<typeof notificationTemplateSeeds>[number]['key'];

function notificationTemplateSeeds() {
  const about = {
    reviews: ['Reviews', 'reviews of designs', 'revisiones de diseños'],
    products: ['Products', 'products', 'productos'],
    orders: ['Orders', 'orders', 'pedidos'],
    jobs: ['Jobs', 'background jobs and imports', 'tareas e importaciones'],
  } as const;
  const footer = (en: string, es: string) => ({
    en: `<p><a href="{{link}}">Open it in Spirit Portal</a></p><p><small><a href="{{unsubscribeLink}}">Stop e-mails about ${en}</a></small></p>`,
    es: `<p><a href="{{link}}">Ábralo en Spirit Portal</a></p><p><small><a href="{{unsubscribeLink}}">No recibir más correos sobre ${es}</a></small></p>`,
  });
  const categories = (['reviews', 'products', 'orders', 'jobs'] as const).map((category) => {
    const [name, en, es] = about[category];
    return {
      key: `Notification${name}` as const,
      subject: 'Spirit Portal: {{message}}',
      subjectEs: 'Spirit Portal: {{message}}',
      description: `A notification about ${en}, sent at once to those who chose e-mail for them.`,
      body: `<p>Hello {{fullName}},</p><p>{{message}}</p>${footer(en, es).en}`,
      bodyEs: `<p>Hola {{fullName}}:</p><p>{{message}}</p>${footer(en, es).es}`,
    };
  });
  return [
    ...categories,
    {
      key: 'NotificationDigest' as const,
      subject: 'Spirit Portal: {{count}} unread notifications',
      subjectEs: 'Spirit Portal: {{count}} notificaciones sin leer',
      description: 'The daily digest of what is still unread, at the time each user chose.',
      body: '<p>Hello {{fullName}},</p><p>Still unread in Spirit Portal:</p>{{items}}<p><a href="{{link}}">See all notifications</a></p><p><small><a href="{{unsubscribeLink}}">Stop the daily digest</a></small></p>',
      bodyEs:
        '<p>Hola {{fullName}}:</p><p>Sin leer en Spirit Portal:</p>{{items}}<p><a href="{{link}}">Ver todas las notificaciones</a></p><p><small><a href="{{unsubscribeLink}}">No recibir más el resumen diario</a></small></p>',
    },
  ];
}

export const brandSeeds = [
  ['adidas', 'adidas'],
  ['augusta_sportswear', 'Augusta Sportswear'],
  ['badger', 'Badger'],
  ['bella_canvas', 'BELLA+CANVAS'],
  ['champion', 'Champion'],
  ['comfort_colors', 'Comfort Colors'],
  ['district', 'District'],
  ['gildan', 'Gildan'],
  ['hanes', 'Hanes'],
  ['holloway', 'Holloway'],
  ['jerzees', 'Jerzees'],
  ['new_era', 'New Era'],
  ['next_level', 'Next Level'],
  ['nike', 'Nike'],
  ['port_authority', 'Port Authority'],
  ['richardson', 'Richardson'],
  ['russell_athletic', 'Russell Athletic'],
  ['sport_tek', 'Sport-Tek'],
  ['under_armour', 'Under Armour'],
] as const;

export const settingSeeds = [
  { key: 'StorefrontName', value: 'Spirit Shop', isEnabled: true },
  { key: 'SupportEmail', value: 'support@spirit.example', isEnabled: true },
  { key: 'MaxProductsPerOrganization', value: '200', isEnabled: true },
] as const;

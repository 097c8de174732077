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
] as const;

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

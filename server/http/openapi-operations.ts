/**
 * What the OpenAPI document says of the modules' own routes (the engine's routes describe
 * themselves from their definitions): a summary each, and which ones open without a session.
 * Keyed by method and documented path; tests/server/openapi.test.ts fails when a route has no
 * entry here or an entry names no route, and checks that a public route never answers 401.
 */
export interface OperationDoc {
  summary: string;
  /** Open without the session cookie; every other route needs it (the document's default). */
  public?: true;
  /** Answers with a file of this kind instead of JSON. */
  file?: string;
  /** Answers by redirecting the browser. */
  redirects?: true;
}

export const operationDocs: Record<string, OperationDoc> = {
  'POST /api/account/login': { summary: 'Sign in with e-mail and password', public: true },
  'POST /api/account/login-2fa': { summary: 'Finish signing in with an authenticator code' },
  'POST /api/account/login-recovery': { summary: 'Finish signing in with a recovery code' },
  'GET /api/account/me': { summary: 'The signed-in user' },
  'POST /api/account/logout': { summary: 'Sign out', public: true },
  'GET /api/account/cookie-expiration': { summary: 'Session lifetime in minutes', public: true },
  'GET /api/account/mfa-status': { summary: 'Two-factor authentication status' },
  'GET /api/account/passkeys': { summary: "The signed-in user's passkeys" },
  'POST /api/account/passkeys/registration-options': { summary: 'Options to create a passkey' },
  'POST /api/account/passkeys': { summary: 'Save a new passkey from its registration response' },
  'PUT /api/account/passkeys/{id}': { summary: 'Rename a passkey' },
  'DELETE /api/account/passkeys/{id}': {
    summary: 'Remove a passkey, with the password, a code or another passkey again',
  },
  'POST /api/account/passkeys/{id}/confirm-options': {
    summary: 'Options to confirm a removal with another passkey',
  },
  'POST /api/account/passkeys/login-options': { summary: 'Options to sign in with a passkey', public: true },
  'POST /api/account/passkeys/login': { summary: 'Sign in with a passkey', public: true },
  'GET /api/account/shared-key': { summary: "The authenticator app's shared key and QR URI" },
  'PUT /api/account/enable-authenticator': { summary: 'Enable the authenticator app with a first code' },
  'PUT /api/account/reset-authenticator': { summary: 'Reset the authenticator key' },
  'PUT /api/account/disable-2fa': { summary: 'Disable two-factor authentication' },
  'POST /api/account/recovery-codes': { summary: 'Generate new recovery codes' },
  'POST /api/account/forgotpassword': { summary: 'Send a password reset e-mail', public: true },
  'POST /api/account/resetpassword': { summary: 'Set a new password with a reset code', public: true },
  'POST /api/account/changepassword': { summary: "Change the signed-in user's password" },
  'POST /api/account/changeemail': { summary: "Change the signed-in user's e-mail address" },
  'GET /api/account/confirm-account-redirect': {
    summary: 'Confirm an account from the e-mail link, then redirect',
    public: true,
    redirects: true,
  },
  'POST /api/account/confirm-account': { summary: 'Confirm an account with its code', public: true },
  'POST /api/account/register': { summary: 'Register an account', public: true },
  'GET /api/account/external-providers': { summary: 'External sign-in providers', public: true },
  'GET /api/account/ExternalLogin': {
    summary: 'Start signing in with an external provider',
    public: true,
    redirects: true,
  },
  'GET /api/account/ExternalLoginCallback': {
    summary: "The external provider's return to the portal",
    public: true,
    redirects: true,
  },
  'PUT /api/account/update-timezone': { summary: "Record the browser's time zone" },
  'POST /api/athletic-directors/register': { summary: 'Register as an athletic director', public: true },
  'GET /api/preferences': { summary: "The signed-in user's app preferences (theme, columns, saved views)" },
  'PUT /api/preferences/{key}': { summary: 'Keep one app preference of the signed-in user' },
  'DELETE /api/preferences/{key}': { summary: 'Forget one app preference of the signed-in user' },
  'GET /api/notifications': { summary: "The signed-in user's notifications, a page at a time" },
  'GET /api/notifications/unread-count': {
    summary: "How many of the signed-in user's notifications are unread",
  },
  'POST /api/notifications/{id}/read': { summary: 'Mark one of the signed-in user’s notifications read' },
  'POST /api/notifications/read-all': { summary: 'Mark all the signed-in user’s notifications read' },
  'GET /api/notifications/settings': { summary: 'How the signed-in user gets notifications, per category' },
  'PUT /api/notifications/settings': {
    summary: 'Choose how to get notifications, per category, and the digest time',
  },
  'GET /api/notifications/unsubscribe': {
    summary: 'The page of an e-mail’s unsubscribe link',
    public: true,
    file: 'An HTML page with a button that unsubscribes',
  },
  'POST /api/notifications/unsubscribe': {
    summary: 'One-click unsubscribe (RFC 8058)',
    public: true,
    file: 'An HTML page saying it is done',
  },
  'GET /api/changes': { summary: 'Server-sent events of the record changes the user may read' },
  'GET /api/search': { summary: 'Quick search across the resources the user may list' },
  'POST /api/contact': { summary: 'Send the contact form', public: true },
  'GET /api/dashboard': { summary: "The dashboard's cards for the signed-in user" },
  'GET /api/dashboard/sales': { summary: 'Sales figures of an organization' },
  'GET /api/design-logos': { summary: "An organization's design logos" },
  'POST /api/design-logos': { summary: 'Upload a design logo (png or svg)' },
  'DELETE /api/design-logos/{id}': { summary: 'Move a design logo to the trash' },
  'GET /api/design-logos/trash': { summary: "An organization's design logos in the trash" },
  'POST /api/design-logos/{id}/restore': { summary: 'Restore a design logo from the trash' },
  'POST /api/design-logos/restore-many': { summary: 'Restore design logos from the trash' },
  'POST /api/design-logos/purge-many': { summary: 'Delete trashed design logos forever, with their files' },
  'GET /api/design-logos/{id}/file': { summary: "A design logo's file", file: 'The logo (png or svg)' },
  'POST /api/jobs/{id}/retry': { summary: 'Run a failed job again' },
  'GET /api/merchandise/merchandise-by-organization': {
    summary: "An organization's products, as its storefront shows them",
    public: true,
  },
  'GET /api/merchandise/base-apparel': { summary: 'Base apparel to build products on' },
  'GET /api/merchandise/base-apparel/{id}/fabric-shading': {
    summary: "A garment's shading map, for the studio's fabric preview",
    file: 'The shading (grey png)',
  },
  'POST /api/merchandise/base-apparel/{id}/colours': {
    summary: 'Add a colour to a base apparel item (Admins)',
  },
  'POST /api/merchandise/create-merchandise-by-organization': {
    summary: 'Create a product from a logo placed on a base apparel',
  },
  'PUT /api/merchandise/{id}': { summary: "Edit a product's title, description and price" },
  'POST /api/merchandise/{id}/archive': { summary: 'Archive a product (move it to the trash)' },
  'GET /api/merchandise/trash': { summary: "An organization's archived products (its product trash)" },
  'POST /api/merchandise/{id}/restore': {
    summary: 'Restore a product from the trash and put it back on sale',
  },
  'POST /api/merchandise/restore-many': {
    summary: 'Restore products from the trash and put them back on sale',
  },
  'POST /api/merchandise/purge-many': {
    summary: 'Delete trashed products forever, with their files, unless orders refer to them',
  },
  'POST /api/merchandise/{id}/retry': { summary: 'Process a failed product again' },
  'GET /api/merchandise/{id}/print-file/{side}': {
    summary: "A side's print file of a product",
    file: 'The print file (png)',
  },
  'GET /api/merchandise/review-queue': { summary: 'The designs waiting for a review decision' },
  'GET /api/merchandise/{id}/print-preflight': {
    summary: "A product's preflight for the print shop (JSON beside its print files)",
    file: 'The preflight (JSON)',
  },
  'POST /api/merchandise/UploadImageToShopify': { summary: 'Upload an image for the storefront' },
  'GET /api/merchandise/media/{prefix}/{id}': {
    summary: 'A product image',
    public: true,
    file: 'The image',
  },
  'GET /api/embedding': { summary: 'Origins allowed to embed the portal', public: true },
  'POST /api/mail/{id}/resend': { summary: 'Send an e-mail of the outbox again' },
  'GET /api/campaigns/{id}/products': { summary: 'The products a store window sells, with units sold' },
  'PUT /api/campaigns/{id}/products': { summary: 'Set the products a store window sells' },
  'GET /api/campaigns/{id}/candidates': { summary: 'The products a store window may sell' },
  'GET /api/campaigns/card': { summary: "The dashboard's store-window card" },
  'GET /api/campaigns/{id}/close-out': { summary: "A store window's close-out figures and package status" },
  'POST /api/campaigns/{id}/close-out/package': { summary: "Build a store window's close-out package again" },
  'GET /api/campaigns/{id}/close-out/package': {
    summary: "A store window's close-out package",
    file: 'The package (zip)',
  },
  'GET /api/organizations/options': { summary: 'Organizations as options of a select' },
  'GET /api/brands/showcased': { summary: 'Showcased brands' },
  'GET /api/orders/by-collection': { summary: 'Orders of a storefront collection' },
  'GET /api/orders/{id}/items': { summary: "An order's items" },
  'POST /api/orders/shopify-webhook': { summary: "Shopify's orders/create webhook" },
  'GET /api/users/roleOptions': { summary: 'Roles as options, with whether each includes a shop' },
  'GET /api/users/{id}': { summary: 'A user account' },
  'GET /api/users/{id}/passkeys': { summary: 'How many passkeys a user has (Admin)' },
  'DELETE /api/users/{id}/passkeys': { summary: "Remove all of a user's passkeys (Admin)" },
  'PUT /api/users/{id}': { summary: 'Update a user account' },
  'POST /api/users': { summary: 'Create a user account' },
  'PUT /api/users/with-photo/{id}': { summary: 'Update a user account with a profile photo (multipart)' },
  'PATCH /api/users/{id}/lock': { summary: 'Lock an account' },
  'PATCH /api/users/{id}/unlock': { summary: 'Unlock an account' },
  'POST /api/users/sendConfirmEmail': { summary: 'Send the account confirmation e-mail again' },
  'GET /api/users/{userId}/profilePhoto/{profilePhotoGuid}': {
    summary: "A user's profile photo",
    file: 'The photo',
  },
};

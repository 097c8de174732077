/**
 * Why an external sign-in came back to `/login?externalError=<key>`: the server names the
 * key, the login page shows the text. Apart from the schemas (re-exported by `account.ts`),
 * so the login page does not load zod.
 */
export const externalLoginErrors = {
  remote: 'The sign-in provider reported an error. Please try again.',
  failed: 'Signing in with the external provider did not work. Please try again.',
  notLinked:
    'No active portal account uses the e-mail address of that sign-in. Ask your administrator for access.',
} as const;

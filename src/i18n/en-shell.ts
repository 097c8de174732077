/**
 * The texts the entry chunk draws: the sign-in page, the top-level loading, the language
 * picker, the environment banner and the http client's errors. `/login` downloads these and
 * not `en.ts`, which adds every other page's, and the rest of a section begun here (budget:
 * 150 KB of JS gzip for `/login`). The keys are the catalogue's, so `es.ts` is one file.
 */
export const shellMessages = {
  errors: {
    badRequestPrefix: 'Error: ',
    unauthorized: 'You need to login to view this page',
    forbidden: 'You are not authorized to do this.',
    server: 'Something went wrong talking to the portal. Contact support if this continues.',
    userLoad: 'There was a failure to load your information. Please refresh the page',
    dashboardLoad: 'There was a problem loading your dashboard information.',
    network: 'The portal cannot be reached. Check your connection and try again.',
  },
  validation: {
    required: '%{label} is required',
    invalidEmail: '%{label} is not a valid email address',
  },
  login: {
    title: 'Sign in',
    email: 'Email',
    password: 'Password',
    rememberMe: 'Remember me',
    submit: 'Log in',
    forgotPassword: 'Forgot your password?',
    failed: 'Invalid login attempt.',
    signingIn: 'Signing in...',
    externalSignIn: 'Log in with %{provider}',
    passkeySignIn: 'Sign in with a passkey',
    passkeyFailed: 'Signing in with a passkey did not work. Try again.',
  },
  signIn: {
    register: 'Register as an athletic director',
    contact: 'Contact us',
  },
  passkeys: {
    needsName: "Passkeys need the portal's name, not an IP address: open %{url} to use them.",
  },
  layout: {
    environmentBanner: 'You are on the %{name} environment',
    loading: 'Loading...',
    language: 'Language',
  },
};

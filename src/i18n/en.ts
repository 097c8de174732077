import englishMessages from 'ra-language-english';

/** Every text of the spec lives here once; components and tests import it. */
export const appMessages = {
  errors: {
    badRequestPrefix: 'Error: ',
    unauthorized: 'You need to login to view this page',
    forbidden: 'You are not authorized to do this.',
    server: 'Something went wrong talking to the portal. Contact support if this continues.',
    userLoad: 'There was a failure to load your information. Please refresh the page',
    dashboardLoad: 'There was a problem loading your dashboard information.',
    network: 'The portal cannot be reached. Check your connection and try again.',
  },
  notFound: {
    heading: 'Error 404',
    title: 'We could not find that page',
    body: 'The link you were attempting to visit points to a resource that could not be found',
    returnHome: 'Return to Home',
  },
  forbidden: {
    heading: 'Error 403',
    title: 'You are not authorized to view this page',
    body: 'Your account does not have access to this page. If you think it should, contact your administrator.',
  },
  notAvailable: {
    title: 'Not available yet',
    body: 'This page is part of Spirit Portal but has not been built yet.',
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
  },
  home: {
    title: 'Spirit Portal',
    tagline: 'Design logos, build team merchandise and run your spirit shop.',
    signIn: 'Sign in',
    goToPortal: 'Go to the portal',
  },
  account: {
    menuPassword: 'Password',
    menuTwoFactor: 'Two Factor Authentication',
    title: 'Manage Account',
  },
  layout: {
    dashboard: 'Dashboard',
    designLogos: 'Design Logos',
    emailTemplates: 'Email Templates',
    settingsGroup: 'Settings',
    accounts: 'Accounts',
    promos: 'Promos',
    brands: 'Brands',
    orders: 'Orders',
    merchandise: 'Merchandise',
    organizations: 'Organizations',
    manageAccount: 'Manage Account',
    logout: 'Log Out',
    environmentBanner: 'You are on the %{name} environment',
    idleTitle: 'You appear to be idle',
    stayLoggedIn: 'Stay Logged In',
    loading: 'Loading...',
  },
};

export const en = {
  ...englishMessages,
  ra: { ...englishMessages.ra, auth: { ...englishMessages.ra.auth, logout: appMessages.layout.logout } },
  app: appMessages,
};

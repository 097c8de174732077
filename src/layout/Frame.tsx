import { styled } from '@mui/material/styles';
import { type ErrorInfo, type ReactNode, Suspense, useState } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import {
  Error as ErrorPage,
  Inspector,
  LayoutClasses,
  Loading,
  Sidebar,
  SkipNavigationButton,
} from 'react-admin';
import { AppBar } from './AppBar';
import { Menu } from './Menu';

/**
 * react-admin's Layout with its landmarks apart: its `<main>` wraps the sidebar, so a screen
 * reader's main landmark began with fifteen links. Here the sidebar's navigation sits beside
 * `<main>`, which holds the page alone; the classes and styles are react-admin's.
 */
export function Frame({ children }: { children: ReactNode }) {
  const [errorInfo, setErrorInfo] = useState<ErrorInfo>();
  return (
    <Root className="layout">
      <SkipNavigationButton />
      <div className={LayoutClasses.appFrame}>
        <AppBar />
        <div className={LayoutClasses.contentWithSidebar}>
          <Sidebar appBarAlwaysOn>
            <Menu />
          </Sidebar>
          <main id="main-content" className={LayoutClasses.content}>
            <ErrorBoundary
              onError={(_error, info) => setErrorInfo(info)}
              fallbackRender={({ error, resetErrorBoundary }) => (
                <ErrorPage error={error} errorInfo={errorInfo} resetErrorBoundary={resetErrorBoundary} />
              )}
            >
              <Suspense fallback={<Loading />}>{children}</Suspense>
            </ErrorBoundary>
          </main>
        </div>
        <Inspector />
      </div>
    </Root>
  );
}

const Root = styled('div', { name: 'RaLayout', overridesResolver: (_props, styles) => styles.root })(
  ({ theme }) => ({
    display: 'flex',
    flexDirection: 'column',
    zIndex: 1,
    minHeight: '100vh',
    backgroundColor: theme.palette.background.default,
    position: 'relative',
    // The content may shrink below a wide table's width: the table scrolls inside its card instead.
    minWidth: 0,
    width: '100%',
    [`& .${LayoutClasses.appFrame}`]: {
      display: 'flex',
      flexDirection: 'column',
      flexGrow: 1,
      marginTop: theme.spacing(6),
      [theme.breakpoints.down('sm')]: { marginTop: theme.spacing(7) },
    },
    [`& .${LayoutClasses.contentWithSidebar}`]: { display: 'flex', flexGrow: 1 },
    [`& .${LayoutClasses.content}`]: {
      backgroundColor: theme.palette.background.default,
      zIndex: 2,
      display: 'flex',
      flexDirection: 'column',
      flexGrow: 1,
      flexBasis: 0,
      minWidth: 0,
      padding: theme.spacing(0, 1),
    },
  }),
);

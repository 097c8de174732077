import { type ComponentType, lazy } from 'react';
import { loadAppMessages } from '../i18n/locale';

type PropsOf<T> = T extends ComponentType<infer Props> ? Props : never;

/**
 * A page exported by name, loaded on its first render: each page is its own chunk, so a
 * page's bundle carries only its own code (budgets: 150 KB gzip for `/login`, 350 KB for
 * `/admin/dashboard`). The language's whole catalogue loads beside it (once), so the page
 * draws its texts at its first paint. The nearest Suspense boundary shows while they load.
 */
export const lazyNamed = <Module, Name extends keyof Module>(load: () => Promise<Module>, name: Name) =>
  lazy(() =>
    Promise.all([load(), loadAppMessages()]).then(([module]) => ({
      default: module[name] as ComponentType<PropsOf<Module[Name]>>,
    })),
  );

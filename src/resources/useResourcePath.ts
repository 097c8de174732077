import { useBasename } from 'react-admin';

/** Absolute app paths of a resource's pages (`/admin/settings/update/3`), honouring the basename. */
export function useResourcePath(resource: string) {
  const basename = useBasename();
  return (...segments: (string | number)[]) => [basename, resource, ...segments].join('/');
}

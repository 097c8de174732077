/** The app key of react-admin's local store; `/login` reads the theme with it, without the store. */
export const storeAppKey = 'spirit-portal';

/** Where react-admin's local store keeps a key (its `RaStore` prefix, then the app key). */
export const localStorageKeyOf = (key: string, appKey = storeAppKey) => `RaStore${appKey}.${key}`;

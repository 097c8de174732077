import { localStorageStore } from 'ra-core';

/** react-admin's preferences (sidebar, organization chosen in the header...), kept across visits. */
export const store = localStorageStore('1', 'spirit-portal');

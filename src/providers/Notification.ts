// A module of its own so that the lazy import below bundles react-admin's toast alone.
export { Notification } from 'ra-ui-materialui';

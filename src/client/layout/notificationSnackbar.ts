// react-admin's snackbar as a chunk of its own, for NotificationOnDemand.
export { Notification as default } from 'react-admin';

/**
 * react-admin's screens for a refused or failed authentication and for an identity provider's callback, loaded when
 * one is shown: their buttons bring MUI's Tooltip and Popper, which the login page has no use for (issue #22).
 */
export { AccessDenied, AuthCallback, AuthenticationError } from 'react-admin';

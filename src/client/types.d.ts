// ra-language-german is an untyped CommonJS pack (v3); its shape is react-admin's message tree.
declare module 'ra-language-german' {
  const messages: { [key: string]: unknown };
  export default messages;
}

// The sign-in subset of a locale file, cut out at build time (scripts/sign-in-messages.ts).
declare module 'virtual:sign-in-messages/*' {
  const messages: { [key: string]: unknown };
  export default messages;
}

// ra-language-german is an untyped CommonJS pack (v3); its shape is react-admin's message tree.
declare module 'ra-language-german' {
  const messages: { [key: string]: unknown };
  export default messages;
}

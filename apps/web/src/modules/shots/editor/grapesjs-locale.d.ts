/** GrapesJS ships its locales without types: each is the messages object of one language. */
declare module 'grapesjs/locale/pt' {
  const messages: Record<string, unknown>;
  export default messages;
}

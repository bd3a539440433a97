// The catalogues made by catalogue-plugin.ts (compiled messages, by French text).
declare module 'virtual:vigie-catalogue/*' {
  export const messages: Record<string, unknown>;
}

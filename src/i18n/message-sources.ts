// The shape of one language's message sources, which src/locales/<language>/ declares and
// messages.ts loads: a module of its own, so the locale files need not import the loader.

export interface MessageSources {
  readonly generated: unknown;
  readonly shell: unknown;
  readonly screens: unknown;
  readonly overrides: unknown;
  readonly consumerScan: unknown;
  readonly refine: unknown;
}

/** src/locales/<language>/public-messages.ts: the generated and screens' messages here are the public pages' few. */
export type PublicMessageSources = Pick<MessageSources, "generated" | "screens" | "shell">;
/** src/locales/<language>/console-messages.ts: the generated and screens' messages but the public ones. */
export type ConsoleMessageSources = Pick<MessageSources, "generated" | "screens" | "overrides" | "refine">;

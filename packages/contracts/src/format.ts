/** Replaces `{name}` placeholders with the given values; unknown placeholders stay visible. */
export function formatMessage(template: string, params: Record<string, unknown> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (params[name] === undefined || params[name] === null ? whole : String(params[name])));
}

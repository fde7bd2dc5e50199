/** An unpaired UTF-16 surrogate (matched code unit by code unit: no `u` flag). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');

/** String.prototype.isWellFormed (ES2024): no unpaired surrogate. */
export const isWellFormed = (s: string): boolean => !LONE_SURROGATE.test(s);

/** String.prototype.toWellFormed (ES2024): each unpaired surrogate becomes U+FFFD. */
export const toWellFormed = (s: string): string => s.replace(LONE_SURROGATES, '\uFFFD');

/** Only a path of this site may be a redirect target (no `//host` or `https:` open redirects). */
export function safeRedirect(target: string | null): string {
  return target && target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/\\') ? target : '/';
}

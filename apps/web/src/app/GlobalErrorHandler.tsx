import { useEffect } from 'react';
import i18n from '../lib/i18n';
import { feedback } from '../lib/feedback';
import { ApiError } from '../lib/request';

const KINDS = ['InternalError', 'ReferenceError', 'TypeError', 'RangeError', 'SyntaxError', 'EvalError', 'URIError'];

/** Title of the notification for a runtime error, by its kind (spec section 8). */
export function errorKind(error: unknown): string {
  const name = error instanceof Error ? error.name : '';
  return KINDS.includes(name) ? name : 'unknown';
}

/** API errors and errors carrying an HTTP status were already shown by the request client. */
export function isReportable(error: unknown): boolean {
  if (error instanceof ApiError) return false;
  if (error && typeof error === 'object' && ('status' in error || 'statusCode' in error)) return false;
  // A cancelled request (DOMException is not an Error everywhere).
  if (error && typeof error === 'object' && (error as { name?: unknown }).name === 'AbortError') return false;
  // antd form validation outcomes are shown on the fields themselves.
  if (error && typeof error === 'object' && 'errorFields' in error) return false;
  return true;
}

export function GlobalErrorHandler() {
  useEffect(() => {
    const report = (error: unknown) => {
      if (!isReportable(error)) return;
      feedback.current?.notification.error({
        title: i18n.t(`globalError.${errorKind(error)}`),
        description: error instanceof Error ? error.message : String(error),
      });
    };
    const onError = (e: ErrorEvent) => report(e.error ?? e.message);
    const onRejection = (e: PromiseRejectionEvent) => report(e.reason);
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
    return () => {
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
    };
  }, []);
  return null;
}

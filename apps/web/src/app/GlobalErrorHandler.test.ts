import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/request';
import { errorKind, isReportable } from './GlobalErrorHandler';

describe('global error handler', () => {
  it('titles runtime errors by their kind', () => {
    expect(errorKind(new TypeError('x'))).toBe('TypeError');
    expect(errorKind(new RangeError('x'))).toBe('RangeError');
    expect(errorKind(new URIError('x'))).toBe('URIError');
    expect(errorKind(new Error('x'))).toBe('unknown');
    expect(errorKind('a string')).toBe('unknown');
  });

  it('leaves API errors, errors with an HTTP status, aborts and form checks to their own handling', () => {
    expect(isReportable(new ApiError('no', 400, 400, 'X'))).toBe(false);
    expect(isReportable(Object.assign(new Error('x'), { status: 500 }))).toBe(false);
    expect(isReportable(new DOMException('stop', 'AbortError'))).toBe(false);
    expect(isReportable({ errorFields: [] })).toBe(false);
    expect(isReportable(new ReferenceError('y is not defined'))).toBe(true);
  });
});

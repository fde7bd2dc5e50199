import { DesignError } from './errors';

/** A parsed generation code. */
export type Generation = { kind: 'F'; filial: number } | { kind: 'D'; haploid: number } | { kind: 'BC'; backcross: number; filial: number };

const PATTERN = /^(?:F([1-9]\d{0,2})|D([0-9]\d{0,2})|BC([1-9]\d{0,2})F([1-9]\d{0,2}))$/;

/**
 * Validates a generation code of the forms F<n> (filial), D<n> (doubled haploid) or BC<n>F<m>
 * (backcross then selfing), e.g. F1, D1, BC1F1. Case and surrounding spaces are ignored.
 * @throws DesignError GENERATION_INVALID otherwise.
 */
export function validateGeneration(code: string): Generation {
  const text = typeof code === 'string' ? code.trim().toUpperCase() : '';
  const m = PATTERN.exec(text);
  if (!m) {
    throw new DesignError('GENERATION_INVALID', 'generation', 'F<n>, D<n> or BC<n>F<m>, e.g. F1, D1, BC1F1', {
      value: String(code),
    });
  }
  if (m[1] !== undefined) return { kind: 'F', filial: Number(m[1]) };
  if (m[2] !== undefined) return { kind: 'D', haploid: Number(m[2]) };
  return { kind: 'BC', backcross: Number(m[3]), filial: Number(m[4]) };
}

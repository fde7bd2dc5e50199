import { describe, expect, it } from 'vitest';
import { DesignError, designErrorMessages } from '@breedwise/trial-design';
import { errorCatalog, formatMessage } from '@breedwise/contracts';
import { designRefusal } from '../design';

/** The trial-design engine's refusals answer as DOE_DESIGN_<engine code>, with the engine's own templates. */
describe('design refusals', () => {
  it('has a catalogue entry DOE_DESIGN_<code> with the engine template for every engine code', () => {
    for (const [code, templates] of Object.entries(designErrorMessages)) {
      expect(errorCatalog, `DOE_DESIGN_${code}`).toHaveProperty(`DOE_DESIGN_${code}`);
      expect(errorCatalog[`DOE_DESIGN_${code}` as keyof typeof errorCatalog]).toEqual(templates);
    }
  });

  it('turns an engine error into a 400 with the prefixed code, the message in the caller language and the editor field', () => {
    const err = new DesignError('DIGITS_TOO_FEW', 'numbering.digits', '4 to 9', { value: 2, required: 4 });
    const refusal = designRefusal(err, 'en');
    expect(refusal.status).toBe(400);
    expect(refusal.errorCode).toBe('DOE_DESIGN_DIGITS_TOO_FEW');
    const message = formatMessage(designErrorMessages.DIGITS_TOO_FEW.en, err.params);
    expect(refusal.extra.errors).toEqual([{ field: 'numbering.digits', rule: 'invalid', message, errorCode: 'DOE_DESIGN_DIGITS_TOO_FEW' }]);
  });
});

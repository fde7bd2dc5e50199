import { describe, expect, it } from 'vitest';
import { LocationFields } from '@breedwise/contracts/doe';
import i18n from '../../lib/i18n';
import { fieldRule } from './zod-form';

async function check(name: keyof typeof LocationFields.shape, value: unknown): Promise<string | null> {
  const rule = fieldRule(LocationFields.shape[name], name) as { validator(r: unknown, v: unknown): Promise<void> };
  try {
    await rule.validator({}, value);
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}

describe('form rules from the contract', () => {
  it('gives the same translated message as the server', async () => {
    await i18n.changeLanguage('zh-CN');
    expect(await check('longitude', 181)).toBe('经度不能大于 180');
    expect(await check('name', '')).toBe('名称必填');
    await i18n.changeLanguage('en');
    expect(await check('latitude', -90.5)).toBe('Latitude must be at least -90');
    expect(await check('code', 'a b')).toBe('Code has the wrong format (A-Z a-z 0-9 _ . -)');
  });

  it('accepts valid and empty optional values', async () => {
    expect(await check('longitude', 120.5)).toBeNull();
    expect(await check('longitude', '')).toBeNull();
    expect(await check('remark', undefined)).toBeNull();
  });
});

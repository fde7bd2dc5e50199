import type { TFunction } from 'i18next';
import type { Title } from '../routing';

export function titleText(title: Title, t: TFunction, language: string): string {
  if ('key' in title) return t(title.key);
  return title.i18n[language] ?? title.i18n['zh-CN'] ?? '';
}

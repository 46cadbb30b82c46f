import { describe, expect, it } from 'vitest';
import { browserLanguage, initialLanguage, rememberLanguage, shareLanguageWithServer } from './language.ts';

describe('language', () => {
  it('German browsers get German, everyone else English', () => {
    expect(browserLanguage(['de-AT', 'en'])).toBe('de');
    expect(browserLanguage(['DE'])).toBe('de');
    expect(browserLanguage(['fr-FR', 'de'])).toBe('en');
    expect(browserLanguage([])).toBe('en');
  });

  it('an earlier choice on this device wins over the browser', () => {
    rememberLanguage('de');
    expect(initialLanguage()).toBe('de');
  });

  it('the server learns the language the app starts in, and a choice, from a cookie (its texts are preloaded)', () => {
    shareLanguageWithServer('en');
    expect(document.cookie).toContain('pet.lang=en');
    rememberLanguage('de');
    expect(document.cookie).toContain('pet.lang=de');
    expect(document.cookie).not.toContain('pet.lang=en');
  });
});

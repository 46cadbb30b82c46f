import { describe, expect, it } from 'vitest';
import { mailLandings, petPath, petPathName } from './paths.ts';

describe('paths', () => {
  it('names in routes: spaces become hyphens', () => {
    expect(petPathName('Bello Junior')).toBe('Bello-Junior');
    expect(petPathName(' Mimi  die  Katze ')).toBe('Mimi-die-Katze');
    expect(petPathName('Jäger/1')).toBe('J%C3%A4ger%2F1');
  });

  it('pet routes turn spaces in the name into hyphens', () => {
    expect(petPath({ id: 'p1', name: 'Bello  vom Berg' })).toBe('/pet-details/Bello-vom-Berg/p1');
    expect(petPath({ id: 'p1', name: 'Bello' }, 'medical-data')).toBe('/pet-details/Bello/p1/medical-data');
  });

  it('mail links land on the sign-in and reset pages', () => {
    expect(mailLandings.afterVerification).toBe('/signin?verified=1');
    expect(mailLandings.resetPassword('a+b@example.com')).toBe('/reset-password?email=a%2Bb%40example.com');
  });
});

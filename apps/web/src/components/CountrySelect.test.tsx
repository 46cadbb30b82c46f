import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../test/render.tsx';
import { CountrySelect } from './CountrySelect.tsx';

function Country() {
  const [value, setValue] = useState<string | null>(null);
  return (
    <>
      <CountrySelect
        label="Country"
        value={value}
        onChange={setValue}
        // jsdom measures every element as 0 x 0, which Floating UI takes for a field scrolled out of view.
        comboboxProps={{ hideDetached: false, transitionProps: { duration: 0 } }}
      />
      <output aria-label="form value">{value ?? ''}</output>
    </>
  );
}

/** A listbox group by its accessible name: role "group", named by the label it points to. */
function group(name: string): HTMLElement {
  const groups = [...document.querySelectorAll<HTMLElement>('[role="group"]')];
  const found = groups.find(
    (g) => document.getElementById(g.getAttribute('aria-labelledby') ?? '')?.textContent === name,
  );
  if (!found) throw new Error(`no group named ${name}`);
  return found;
}

const optionNames = (element: HTMLElement) =>
  [...element.querySelectorAll('[role="option"]')].map((o) => o.textContent ?? '');

async function open(language: 'en' | 'de' = 'en') {
  renderRoutes([{ path: '/', element: <Country /> }], { language });
  const field = await screen.findByLabelText('Country', { selector: 'input' });
  fireEvent.click(field);
  return field;
}

describe('CountrySelect', () => {
  it('two named groups a screen reader hears: the frequent countries, then all of them sorted, neighbours too', async () => {
    await open();
    const frequent = await waitFor(() => group('Frequently chosen'));
    expect(optionNames(frequent)).toEqual(['Germany', 'Austria', 'Switzerland']);
    const names = optionNames(group('All countries (A–Z)'));
    expect(names).toEqual([...names].sort(new Intl.Collator('en').compare));
    expect(names).toContain('Germany');
    expect(names).toContain('Austria');
    expect(names).toContain('Switzerland');
  });

  it('a frequent country chosen gives its ISO code, as the same country of the full list does', async () => {
    const field = (await open()) as HTMLInputElement;
    const frequent = await waitFor(() => group('Frequently chosen'));
    const austria = [...frequent.querySelectorAll<HTMLElement>('[role="option"]')].find(
      (o) => o.textContent === 'Austria',
    );
    fireEvent.click(austria!);
    await waitFor(() => expect(screen.getByLabelText('form value').textContent).toBe('AT'));
    expect(field.value).toBe('Austria');
  });

  it('in German: German group names and German sorting', async () => {
    await open('de');
    const frequent = await waitFor(() => group('Häufig gewählt'));
    expect(optionNames(frequent)).toEqual(['Deutschland', 'Österreich', 'Schweiz']);
    const names = optionNames(group('Alle Länder (A–Z)'));
    expect(names.indexOf('Österreich')).toBeGreaterThan(names.indexOf('Oman'));
  });
});

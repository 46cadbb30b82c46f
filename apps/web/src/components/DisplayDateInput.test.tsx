import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../test/render.tsx';
import { DisplayDateInput } from './DisplayDateInput.tsx';

function BirthDate() {
  const [value, setValue] = useState('');
  return (
    <>
      <DisplayDateInput
        label="Date of birth"
        value={value}
        onChange={setValue}
        maxDate="2026-11-28"
        // jsdom measures every element as 0 x 0, which Floating UI takes for a field scrolled out of view.
        popoverProps={{ hideDetached: false }}
      />
      <output aria-label="form value">{value}</output>
    </>
  );
}

function renderField() {
  renderRoutes([{ path: '/', element: <BirthDate /> }]);
  return screen.findByRole('textbox', { name: 'Date of birth' });
}

/** Typing as the browser reports it: one input event, which React hands to both onInput and onChange. */
const type = (field: HTMLElement, value: string) => fireEvent.input(field, { target: { value } });

/** Mantine's calendar renders its month's days as a table in the dropdown, only while it is open. */
const calendarShown = () => screen.queryByRole('table') !== null;

describe('DisplayDateInput', () => {
  it('closes the calendar once a whole date is typed, and a click on the field opens it again', async () => {
    const field = await renderField();
    fireEvent.focus(field);
    await waitFor(() => expect(calendarShown()).toBe(true));

    // A date still being typed keeps the calendar open.
    type(field, '19.09.20');
    await waitFor(() => expect(calendarShown()).toBe(true));

    // September 2024 takes six calendar rows; whole, the date closes it and reaches the form.
    type(field, '19.09.2024');
    await waitFor(() => expect(calendarShown()).toBe(false));
    expect(screen.getByLabelText('form value').textContent).toBe('19.09.2024');

    fireEvent.click(field);
    await waitFor(() => expect(calendarShown()).toBe(true));
  });

  it('opens the calendar again when the typing no longer makes a date', async () => {
    const field = await renderField();
    fireEvent.focus(field);
    type(field, '01.02.2025');
    await waitFor(() => expect(calendarShown()).toBe(false));

    type(field, '01.02.202');
    await waitFor(() => expect(calendarShown()).toBe(true));
  });
});

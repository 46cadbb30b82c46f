import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Controller } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { useAppForm } from './forms.ts';

type Values = { code: string; name: string };

const REQUIRED = 'This field is required';

/** A form as the app makes them: a registered field, a Controller field, and a plain button below them. */
function Form({ onPress }: { onPress: () => void }) {
  const { register, control, formState, setError } = useAppForm<Values>({
    defaultValues: { code: '', name: '' },
  });
  return (
    <form>
      <input aria-label="Code" {...register('code', { required: REQUIRED })} />
      {formState.errors.code ? <p>code: {formState.errors.code.message}</p> : null}
      <Controller
        control={control}
        name="name"
        rules={{ required: REQUIRED }}
        render={({ field, fieldState }) => (
          <>
            <input aria-label="Name" {...field} />
            {fieldState.error ? <p>name: {fieldState.error.message}</p> : null}
          </>
        )}
      />
      <button type="button" onClick={onPress}>
        OK
      </button>
      {/* Like the register form's code check: a message set by the form, on a field never left yet. */}
      <button type="button" onClick={() => setError('code', { type: 'server', message: REQUIRED })}>
        Check
      </button>
    </form>
  );
}

/** What a mouse press does around a blur: pointerdown, the focus leaving the field, then release and click. */
function pressBlurring(field: HTMLElement, button: HTMLElement) {
  fireEvent.pointerDown(button, { isPrimary: true, button: 0 });
  fireEvent.mouseDown(button);
  fireEvent.blur(field);
  fireEvent.focus(button);
}

function release(button: HTMLElement) {
  fireEvent.pointerUp(button, { isPrimary: true, button: 0 });
  fireEvent.mouseUp(button);
  fireEvent.click(button);
}

/** Lets pending promises and timers of the form's checks run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('useAppForm: a click is never lost to a blur message', () => {
  it.each(['Code', 'Name'])(
    'holds the %s field message back while the button is pressed, and shows it after the click ran',
    async (label) => {
      const onPress = vi.fn();
      render(<Form onPress={onPress} />);
      const field = screen.getByRole('textbox', { name: label });
      const button = screen.getByRole('button', { name: 'OK' });
      field.focus();

      pressBlurring(field, button);
      await settle();
      expect(screen.queryByText(new RegExp(REQUIRED))).toBeNull();

      release(button);
      expect(onPress).toHaveBeenCalledTimes(1);
      await waitFor(() => expect(screen.getByText(`${label.toLowerCase()}: ${REQUIRED}`)).toBeTruthy());
    },
  );

  it('holds back a message that goes away on blur, and removes it after the click', async () => {
    const onPress = vi.fn();
    render(<Form onPress={onPress} />);
    const field = screen.getByRole('textbox', { name: 'Code' });
    const button = screen.getByRole('button', { name: 'OK' });
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText(`code: ${REQUIRED}`)).toBeTruthy();

    // Typed into a field not left yet: the message goes with the blur the press on OK makes.
    field.focus();
    fireEvent.input(field, { target: { value: 'ABC' } });
    pressBlurring(field, button);
    await settle();
    expect(screen.getByText(`code: ${REQUIRED}`)).toBeTruthy();

    release(button);
    expect(onPress).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByText(`code: ${REQUIRED}`)).toBeNull());
  });

  it('checks at once when the field is left by keyboard', async () => {
    render(<Form onPress={() => undefined} />);
    const field = screen.getByRole('textbox', { name: 'Code' });
    field.focus();
    fireEvent.blur(field);
    expect(await screen.findByText(`code: ${REQUIRED}`)).toBeTruthy();
  });

  it('is not held by a right click', async () => {
    render(<Form onPress={() => undefined} />);
    const field = screen.getByRole('textbox', { name: 'Code' });
    const button = screen.getByRole('button', { name: 'OK' });
    fireEvent.pointerDown(button, { isPrimary: true, button: 2 });
    fireEvent.blur(field);
    expect(await screen.findByText(`code: ${REQUIRED}`)).toBeTruthy();
    fireEvent.pointerUp(button, { isPrimary: true, button: 2 });
  });
});

import { PASSWORD_MAX } from '@pet/shared/constants';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAppForm } from '../../lib/forms.ts';
import { renderRoutes } from '../../test/render.tsx';
import { NewPasswordFields } from './NewPasswordFields.tsx';

type Values = { current: string; fresh: string; again: string };

/** A form whose fields carry other names than the block's labels, as the change-password form's do. */
function Form() {
  const { control, setError } = useAppForm<Values>({ defaultValues: { current: '', fresh: '', again: '' } });
  return (
    <form>
      <NewPasswordFields
        control={control}
        names={{ password: 'fresh', confirm: 'again' }}
        labels={{ password: 'New password', confirm: 'Repeat it' }}
      />
      <button
        type="button"
        onClick={() => setError('again', { type: 'server', message: 'Match_Password_Text' })}
      >
        Refuse
      </button>
    </form>
  );
}

describe('NewPasswordFields', () => {
  it('counts what is typed into the new password, and only that field', async () => {
    renderRoutes([{ path: '/', element: <Form /> }]);
    const password = await screen.findByLabelText(/^New password/);
    expect(screen.getByText(`0/${PASSWORD_MAX}`)).toBeTruthy();
    fireEvent.change(password, { target: { value: 'abc12' } });
    expect(await screen.findByText(`5/${PASSWORD_MAX}`)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Repeat it/), { target: { value: 'abc12345' } });
    expect(screen.getByText(`5/${PASSWORD_MAX}`)).toBeTruthy();
    expect(password.getAttribute('autocomplete')).toBe('new-password');
    expect(screen.getByLabelText(/^Repeat it/).getAttribute('autocomplete')).toBe('new-password');
  });

  it('shows the repetition’s error under it and marks it invalid', async () => {
    renderRoutes([{ path: '/', element: <Form /> }]);
    const again = await screen.findByLabelText(/^Repeat it/);
    expect(again.getAttribute('aria-invalid')).toBe('false');
    fireEvent.click(screen.getByRole('button', { name: 'Refuse' }));
    await waitFor(() => expect(again.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('The passwords do not match.')).toBeTruthy();
    expect(screen.getByLabelText(/^New password/).getAttribute('aria-invalid')).toBe('false');
  });
});

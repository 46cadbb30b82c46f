import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../test/render.tsx';
import { useConfirmedDelete } from './useConfirmedDelete.ts';

afterEach(() => {
  notifications.clean();
});

type Outcome = { ok: true } | { ok: false; error: Error };

function setup(outcome: Outcome) {
  const showFailure = vi.fn();
  const onDeleted = vi.fn();
  const mutate = vi.fn(
    (_variables: undefined, options: { onSuccess: () => void; onError: (error: unknown) => void }) => {
      if (outcome.ok) options.onSuccess();
      else options.onError(outcome.error);
    },
  );
  function Entry() {
    const confirmDelete = useConfirmedDelete({
      textsFrom: 'contacts',
      textValues: { name: 'Dr. Vet' },
      remove: { mutate },
      showFailure,
      onDeleted,
    });
    return <Button onClick={confirmDelete}>Delete</Button>;
  }
  renderRoutes([{ path: '/', element: <Entry /> }]);
  return { mutate, showFailure, onDeleted };
}

async function openDialog() {
  fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
  return screen.findByRole('dialog');
}

describe('useConfirmedDelete', () => {
  it('asks with the feature’s texts; cancelling deletes nothing', async () => {
    const { mutate, showFailure } = setup({ ok: true });
    const dialog = await openDialog();
    expect(within(dialog).getByText('Delete this contact?')).toBeTruthy();
    expect(within(dialog).getByText(/^Dr\. Vet will be removed/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(mutate).not.toHaveBeenCalled();
    expect(showFailure).not.toHaveBeenCalled();
  });

  it('confirmed: clears the failure, deletes, says so, then calls onDeleted', async () => {
    const { mutate, showFailure, onDeleted } = setup({ ok: true });
    fireEvent.click(within(await openDialog()).getByRole('button', { name: 'Delete contact' }));
    await waitFor(() => expect(onDeleted).toHaveBeenCalledTimes(1));
    expect(mutate).toHaveBeenCalledTimes(1);
    expect(showFailure).toHaveBeenCalledExactlyOnceWith(null);
    expect(await screen.findByText('The contact has been deleted.')).toBeTruthy();
  });

  it('a failed delete shows its error and is not reported as done', async () => {
    const error = new Error('offline');
    const { showFailure, onDeleted } = setup({ ok: false, error });
    fireEvent.click(within(await openDialog()).getByRole('button', { name: 'Delete contact' }));
    await waitFor(() => expect(showFailure).toHaveBeenLastCalledWith(error));
    expect(showFailure.mock.calls).toEqual([[null], [error]]);
    expect(onDeleted).not.toHaveBeenCalled();
    expect(screen.queryByText('The contact has been deleted.')).toBeNull();
  });
});

import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { updateWaiting } from '../../lib/offline/registerServiceWorker.ts';
import { renderRoutes } from '../../test/render.tsx';
import { UpdatePrompt } from './UpdatePrompt.tsx';

// Issue 48: a new deploy's worker waits; the page offers it quietly and only the user's click lets it in.

async function renderPrompt(language: 'en' | 'de' = 'en') {
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <>
            <UpdatePrompt />
            <p>page</p>
          </>
        ),
      },
    ],
    { language },
  );
  await screen.findByText('page');
}

describe('UpdatePrompt', () => {
  it('shows nothing while no new version waits', async () => {
    await renderPrompt();
    expect(screen.queryByTestId('update-prompt')).toBeNull();
  });

  it('offers a waiting version; only the click takes it, once', async () => {
    const take = vi.fn();
    updateWaiting.set(take);
    await renderPrompt();
    const prompt = await screen.findByRole('status');
    expect(prompt.textContent).toContain('A new version of the portal is ready.');
    expect(take).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Reload now' }));
    expect(take).toHaveBeenCalledTimes(1);
  });

  it('in German', async () => {
    updateWaiting.set(() => {});
    await renderPrompt('de');
    expect((await screen.findByRole('status')).textContent).toContain(
      'Eine neue Version des Portals ist bereit.',
    );
    expect(screen.getByRole('button', { name: 'Jetzt neu laden' })).toBeTruthy();
  });
});

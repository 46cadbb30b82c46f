import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../test/render.tsx';
import { InfoTip } from './InfoTip.tsx';

const LABEL = 'What is the activation code?';
const TEXT = 'The code printed on the card in your package.';

function renderTip() {
  return renderRoutes([
    {
      path: '/',
      element: (
        <>
          <InfoTip label={LABEL} text={TEXT} />
          <button type="button">next</button>
        </>
      ),
    },
  ]);
}

describe('InfoTip', () => {
  it('describes the button for screen readers at once, and shows no tooltip until asked', () => {
    renderTip();
    const button = screen.getByRole('button', { name: LABEL });
    const description = document.getElementById(button.getAttribute('aria-describedby') ?? '');
    expect(description?.textContent).toBe(TEXT);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('explains on hover and hides on leave', async () => {
    renderTip();
    const button = screen.getByRole('button', { name: LABEL });
    fireEvent.mouseEnter(button);
    const tip = await screen.findByRole('tooltip');
    expect(tip.textContent).toContain(TEXT);
    fireEvent.mouseLeave(button);
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  });

  it('explains on keyboard focus and on a tap, keeps focus on the same button, hides on Escape and blur', async () => {
    renderTip();
    const button = screen.getByRole('button', { name: LABEL });
    button.focus();
    expect((await screen.findByRole('tooltip')).textContent).toContain(TEXT);
    // The tooltip's arrival does not replace the focused button.
    expect(screen.getByRole('button', { name: LABEL })).toBe(button);
    expect(document.activeElement).toBe(button);

    fireEvent.keyDown(button, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
    expect(document.activeElement).toBe(button);

    fireEvent.click(button);
    expect((await screen.findByRole('tooltip')).textContent).toContain(TEXT);
    screen.getByRole('button', { name: 'next' }).focus();
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  });
});

// Spec 1 section 2, /register (issue 47, point 8): the notice after an order (query status=successfully-ordered)
// and the info tooltip on the activation code field.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../../test/fetchMock.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { RegisterPage } from './RegisterPage.tsx';

function renderRegister(options: Parameters<typeof renderRoutes>[1] = {}) {
  mockFetch({});
  return renderRoutes([{ path: '/register', element: <RegisterPage /> }], { url: '/register', ...options });
}

const ORDERED = 'Thank you for your order! Create your account now to activate your product.';
const CODE_INFO_LABEL = 'Where do I find my activation code?';
const CODE_INFO =
  'You will find the activation code on your product card or in your order confirmation e-mail.';

describe('register: after an order', () => {
  it('status=successfully-ordered shows the order notice', async () => {
    renderRegister({ url: '/register?status=successfully-ordered' });
    expect(await screen.findByText(ORDERED)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Create your account' })).toBeTruthy();
  });

  it('without the query there is no notice', async () => {
    renderRegister();
    expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeTruthy();
    expect(screen.queryByText(ORDERED)).toBeNull();
  });

  it('another status shows no notice', async () => {
    renderRegister({ url: '/register?status=cancelled' });
    expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeTruthy();
    expect(screen.queryByText(ORDERED)).toBeNull();
  });

  it('the notice in German', async () => {
    renderRegister({ url: '/register?status=successfully-ordered', language: 'de' });
    expect(
      await screen.findByText(
        'Vielen Dank für Ihre Bestellung! Erstellen Sie jetzt Ihr Konto, um Ihr Produkt zu aktivieren.',
      ),
    ).toBeTruthy();
  });
});

/** The activation code input and the Mantine input wrapper it sits in (label, input, right section). */
function codeField() {
  const input = screen.getByLabelText(/^Activation code/, { selector: 'input' });
  const wrapper = input.closest('.mantine-InputWrapper-root');
  if (!(wrapper instanceof HTMLElement)) throw new Error('the code field has no input wrapper');
  return { input, wrapper };
}

describe('register: the activation code info tooltip', () => {
  it('the code field carries its info button, which describes the code for screen readers', async () => {
    renderRegister();
    const { wrapper } = codeField();
    const button = within(wrapper).getByRole('button', { name: CODE_INFO_LABEL });
    const description = document.getElementById(button.getAttribute('aria-describedby') ?? '');
    expect(description?.textContent).toBe(CODE_INFO);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('using the button shows where the code is found; leaving hides it', async () => {
    renderRegister();
    const button = within(codeField().wrapper).getByRole('button', { name: CODE_INFO_LABEL });
    fireEvent.click(button);
    expect((await screen.findByRole('tooltip')).textContent).toContain(CODE_INFO);
    fireEvent.mouseLeave(button);
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
    fireEvent.mouseEnter(button);
    expect((await screen.findByRole('tooltip')).textContent).toContain(CODE_INFO);
  });

  it('the tooltip in German', async () => {
    renderRegister({ language: 'de' });
    const input = screen.getByLabelText(/^Aktivierungscode/, { selector: 'input' });
    const wrapper = input.closest('.mantine-InputWrapper-root') as HTMLElement;
    fireEvent.click(within(wrapper).getByRole('button', { name: 'Wo finde ich meinen Aktivierungscode?' }));
    expect((await screen.findByRole('tooltip')).textContent).toContain(
      'Den Aktivierungscode finden Sie auf Ihrer Produktkarte oder in Ihrer Bestellbestätigung per E-Mail.',
    );
  });
});

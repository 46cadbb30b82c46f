// Spec 2 sections 2 and 5, the checkout (issue 47, point 8): "Change-plan returns to step 1", and the delivery
// address's one rule, "email must be valid (Email_Format_Error). Other fields have no rules."
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { acceptTerms, fillCard, payButton, renderCheckout, SLOW } from '../test/checkout.tsx';

const loaded = (name = 'Price breakdown') => screen.findByRole('region', { name }, SLOW);
const emailInput = () => screen.getByRole('textbox', { name: /^E-?[Mm]ail/ });

describe('"Change plan" returns to step 1 (spec 2 section 2)', () => {
  it('leaves the checkout for the plan cards, without the chosen product', async () => {
    const { router, server } = renderCheckout();
    await loaded();
    const link = screen.getByRole('link', { name: 'Change plan' });
    expect(link.getAttribute('href')).toBe('/my-account/subscription');
    fireEvent.click(link);
    expect(await screen.findByText('step one', {}, SLOW)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/my-account/subscription');
    expect(router.state.location.search).toBe('');
    expect(server.find('POST', '/v1/subscription/change/request')).toHaveLength(0);
  });

  it('in German: "Tarif ändern"', async () => {
    renderCheckout({ language: 'de' });
    await loaded('Preisübersicht');
    fireEvent.click(screen.getByRole('link', { name: 'Tarif ändern' }));
    expect(await screen.findByText('step one', {}, SLOW)).toBeTruthy();
  });
});

describe('the delivery address (spec 2 section 5: only the e-mail has a rule)', () => {
  it('an invalid e-mail shows Email_Format_Error and nothing is ordered', async () => {
    const { server } = renderCheckout();
    await loaded();
    fireEvent.change(emailInput(), { target: { value: 'anna@example' } });
    fillCard();
    acceptTerms();
    fireEvent.click(payButton());
    expect(await screen.findByText('Please enter a valid e-mail address.', {}, SLOW)).toBeTruthy();
    expect(server.find('POST', '/v1/subscription/change/request')).toHaveLength(0);
  });

  it('street, postcode, city and phone may stay empty: the order goes out with the e-mail', async () => {
    const { server } = renderCheckout({
      me: { address_1: '', zipcode: '', city: '', phone: '', email: 'anna@example.com' },
    });
    await loaded();
    fillCard();
    acceptTerms();
    fireEvent.click(payButton());
    await screen.findByText('successful page', {}, SLOW);
    expect(server.find('POST', '/v1/subscription/change/request')[0]?.body).toMatchObject({
      email: 'anna@example.com',
      street: '',
      zipcode: '',
      city: '',
      phone: '',
    });
  });

  it('in German, checked when the field is left', async () => {
    renderCheckout({ language: 'de' });
    await loaded('Preisübersicht');
    const email = emailInput();
    fireEvent.change(email, { target: { value: 'anna.example.com' } });
    fireEvent.blur(email);
    expect(
      await screen.findByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.', {}, SLOW),
    ).toBeTruthy();
  });
});

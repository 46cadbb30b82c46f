import { notifications } from '@mantine/notifications';
import { daysFromToday } from '@pet/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeContactsServer, renderContactsPage } from '../test/fakeContacts.tsx';

// Every validation message of the contact form (spec 2 section 5), shown on blur, from the shared schema.

const SLOW = { timeout: 4000 };

afterEach(() => {
  notifications.clean();
});

const input = (label: RegExp) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;

async function openNewTypeForm(language: 'en' | 'de' = 'en') {
  renderContactsPage({ language });
  const control = language === 'en' ? 'Add a new contact type' : 'Neue Kontaktart hinzufügen';
  fireEvent.click(await screen.findByRole('button', { name: control }, SLOW));
  return screen.findByRole(
    'button',
    { name: language === 'en' ? 'Add contact' : 'Kontakt hinzufügen' },
    SLOW,
  );
}

describe('contact form validation (on blur)', () => {
  it('type, name and phone are required; the e-mail must be valid', async () => {
    const server = fakeContactsServer();
    await openNewTypeForm();
    expect(screen.queryByText('Please enter a contact type.')).toBeNull();
    fireEvent.blur(input(/^New contact type/));
    // The new type is typed: "please enter", not "choose".
    expect(await screen.findByText('Please enter a contact type.', {}, SLOW)).toBeTruthy();
    expect(screen.queryByText('Please choose a contact type.')).toBeNull();
    fireEvent.blur(input(/^Name/));
    expect(await screen.findByText('Please enter a name.', {}, SLOW)).toBeTruthy();
    // Spaces only are no name.
    fireEvent.change(input(/^Name/), { target: { value: '   ' } });
    expect(screen.getByText('Please enter a name.')).toBeTruthy();
    fireEvent.blur(input(/^Phone/));
    expect(await screen.findByText('Please enter a phone number.', {}, SLOW)).toBeTruthy();
    fireEvent.change(input(/^E-mail/), { target: { value: 'anna@' } });
    fireEvent.blur(input(/^E-mail/));
    expect(await screen.findByText('Please enter a valid e-mail address.', {}, SLOW)).toBeTruthy();
    // An e-mail is optional.
    fireEvent.change(input(/^E-mail/), { target: { value: '' } });
    await waitFor(() => expect(screen.queryByText('Please enter a valid e-mail address.')).toBeNull());
    expect(server.find('POST', '/v1/contact')).toHaveLength(0);
  });

  it('"vet since" cannot be in the future', async () => {
    fakeContactsServer();
    renderContactsPage();
    fireEvent.click(await screen.findByRole('button', { name: /^Vet/ }, SLOW));
    fireEvent.click(await screen.findByRole('button', { name: 'Add Vet' }, SLOW));
    const vetSince = await screen.findByLabelText(/^Vet since/, { selector: 'input' }, SLOW);
    fireEvent.change(vetSince, {
      target: { value: daysFromToday(3, { timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone }) },
    });
    fireEvent.blur(vetSince);
    expect(await screen.findByText('This date cannot be in the future.', {}, SLOW)).toBeTruthy();
  });

  it('submitting an empty form shows every required message and sends nothing', async () => {
    const server = fakeContactsServer();
    const submit = await openNewTypeForm();
    fireEvent.click(submit);
    expect(await screen.findByText('Please enter a contact type.', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('Please enter a name.')).toBeTruthy();
    expect(screen.getByText('Please enter a phone number.')).toBeTruthy();
    expect(server.find('POST', '/v1/contact')).toHaveLength(0);
  });

  it('in German', async () => {
    fakeContactsServer();
    const submit = await openNewTypeForm('de');
    fireEvent.change(input(/^E-Mail/), { target: { value: 'kein-mail' } });
    fireEvent.click(submit);
    expect(await screen.findByText('Bitte geben Sie eine Kontaktart ein.', {}, SLOW)).toBeTruthy();
    expect(screen.queryByText('Bitte wählen Sie eine Kontaktart.')).toBeNull();
    expect(screen.getByText('Bitte geben Sie einen Namen ein.')).toBeTruthy();
    expect(screen.getByText('Bitte geben Sie eine Telefonnummer ein.')).toBeTruthy();
    expect(screen.getByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.')).toBeTruthy();
  });
});

// Contacts for API tests (the module's own tests and the ownership matrix).

/** A contact body that passes every rule: a vet with every field filled. */
export function contactBody(extra: object = {}): Record<string, unknown> {
  return {
    title: 'Dr.',
    name: 'Anna Vet',
    address: 'Hauptstraße 1',
    zip: '10115',
    city: 'Berlin',
    country: 'DE',
    phone: '+49 30 123456',
    email: 'praxis@example.test',
    contact_type: 'Vet',
    doctor_since: '01.03.2019',
    ...extra,
  };
}

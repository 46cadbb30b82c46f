import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { DOSE_SLOTS, MEDICAL_TYPES, type MedicalType } from '@pet/shared';
import { apiPaths } from '@pet/shared/paths';
import { exportKey, exportToken } from '../../src/modules/account-export/export-token.ts';
import { loadAuthSecret } from '../../src/modules/auth/secret.ts';
import { uniqueEmail } from './accounts.ts';
import { orderBody } from './billing.ts';
import { contactBody } from './contacts.ts';
import { addDocument, documentBody, file, PDF, uploadedEntries } from './documents.ts';
import { inviteToHousehold, joinHousehold } from './household.ts';
import { insertOrder } from './invoices.ts';
import { medicalBody } from './medical.ts';
import {
  type IdKind,
  type MatrixWorld,
  type Reading,
  type RequestBodies,
  readAs,
  succeeded,
} from './ownership-matrix.ts';
import { addPet, appointmentBody, call, displayDate, GIF, jpeg, PNG, upload } from './pets.ts';
import { addShareLink } from './share-links.ts';

// The fixture table of the ownership matrix (test/ownership-matrix.test.ts): every kind of id that a route's
// parameters take, how the first user's things of that kind are made through the API, and how the first
// user reads them back (before and after a second user's requests, file bytes included). A route whose id
// parameter matches no `params` here fails the matrix, naming what to add: a new kind of thing gets an entry
// with seed() and read(); a new route about an existing kind adds its parameter's key to that kind.
//
// Keys: a parameter whose name says what it names is its own key (`pet_id`, `appt_id`); a generic name (`id`)
// or a path parameter is keyed by the path's first segment after /v1 (`pet.id` for `PUT /v1/pet?id=`,
// `files.id` for `GET /v1/files/{id}`). Parameters named `*_id`, `*Id`, `id`, `*_key`, `key`, `*_code`, `token` and every path
// parameter are ids; an enum parameter is a choice, and the matrix tries each of its values. A key may also be
// qualified by one operation (`PUT /v1/medical/allergy med_id`) when only some of a kind's things fit that route.

const fileIdOf = (imageUrl: string) => new URL(imageUrl).pathname.split('/').pop()!;

const readEach = (world: MatrixWorld, urls: string[]) =>
  Promise.all(urls.map((url) => readAs(world.t, world.owner, url)));

export const ID_KINDS: Record<string, IdKind> = {
  accountExport: {
    // GET /v1/account/export/download?token=: a prepared export's signed link (HMAC over the user id), as the
    // account.export job makes it; stored here directly, since the matrix's app answers small exports inline.
    params: ['token'],
    async seed({ t, owner }) {
      const exportId = randomUUID();
      await t.app.ctx.storage.put(
        exportKey(owner.id, exportId),
        Readable.from([Buffer.from('PK the owner’s export')]),
        {
          contentType: 'application/zip',
        },
      );
      return [exportToken(loadAuthSecret(t.env), owner.id, exportId, new Date(Date.now() + 60 * 60 * 1000))];
    },
    read: (world, token) =>
      readEach(world, [`${apiPaths.accountExportDownload}?token=${encodeURIComponent(token)}`]),
  },
  user: {
    // PUT /v1/user/update?id=, DELETE /v1/auth/deleteuseracc?user_id=
    params: ['user.id', 'user_id'],
    async seed({ t, owner }) {
      await succeeded(
        call(t, owner, 'PUT', `/v1/user/update?id=${owner.id}`, {
          address_1: 'Hauptstraße 1',
          zipcode: '10115',
          city: 'Berlin',
          country: 'DE',
          phone: '+49 30 123456',
        }),
        'the owner’s address',
      );
      return [owner.id];
    },
    // The account as a whole: profile and plan, every pet, every appointment, the calendar feed's state.
    read: (world) =>
      readEach(world, ['/v1/auth/myinfo', '/v1/pet', '/v1/appointment/myappointments', '/v1/calendar/feed']),
  },
  pet: {
    params: ['pet_id', 'pet.id'],
    async seed(world) {
      const pet = await addPet(world.t, world.owner, {
        name: 'Bello',
        gender: 'male',
        race: 'Beagle',
        date_of_birth: '01.02.2020',
      });
      return [pet.id];
    },
    // With its dose times (the owner's reminders of it, issue 49).
    read: (world, id) => readEach(world, [`/v1/pet?pet_id=${id}`, `/v1/reminders?pet_id=${id}`]),
  },
  appointment: {
    params: ['appt_id'],
    async seed(world) {
      const [petId] = await world.ids('pet');
      const made = await succeeded(
        call(world.t, world.owner, 'POST', `/v1/appointment?pet_id=${petId}`, appointmentBody(10)),
        'the owner’s appointment',
      );
      return [made.json<{ id: string }>().id];
    },
    async read(world, id) {
      const [petId] = await world.ids('pet');
      return readEach(world, [
        `/v1/appointment/ics?appt_id=${id}`,
        `/v1/appointment/mypetappointments?pet_id=${petId}`,
      ]);
    },
  },
  contact: {
    params: ['contact_id'],
    async seed(world) {
      const [petId] = await world.ids('pet');
      const made = await succeeded(
        call(world.t, world.owner, 'POST', `/v1/contact?pet_id=${petId}`, contactBody()),
        'the owner’s contact',
      );
      return [made.json<{ id: string }>().id];
    },
    // The pet's whole list: a contact added to the owner's pet by someone else shows here too.
    async read(world) {
      const [petId] = await world.ids('pet');
      return readEach(world, [`/v1/contact/mycontacts?pet_id=${petId}`]);
    },
  },
  file: {
    params: ['files.id'],
    // The pet's picture, the user's (second: the role matrix knows it as the person's, not the pet's) and the
    // document's files.
    async seed(world) {
      const [petId] = await world.ids('pet');
      const pet = await succeeded(
        upload(world.t, world.owner, `file_for=pet&pet_id=${petId}`, {
          filename: 'pet.jpg',
          contentType: 'image/jpeg',
          data: jpeg(2048),
        }),
        'the owner’s pet picture',
      );
      const user = await succeeded(
        upload(world.t, world.owner, 'file_for=user', {
          filename: 'me.gif',
          contentType: 'image/gif',
          data: GIF,
        }),
        'the owner’s picture',
      );
      const pictures = [pet, user].map((answer) => fileIdOf(answer.json<{ image_url: string }>().image_url));
      return [...pictures, ...(await documentFileIds(world))];
    },
    read: (world, id) => readEach(world, [`/v1/files/${id}`]),
  },
  calendarFeed: {
    // GET /v1/calendar/{file}: `<secret>.ics`, the address calendar apps poll without a session.
    params: ['calendar.file'],
    async seed({ t, owner }) {
      const made = await succeeded(call(t, owner, 'POST', '/v1/calendar/feed'), 'the owner’s calendar feed');
      return [new URL(made.json<{ url: string }>().url).pathname.split('/').pop()!];
    },
    read: async (world, file): Promise<Reading[]> => [await readAs(world.t, null, `/v1/calendar/${file}`)],
    capability: {
      async revoke({ t, owner }) {
        await succeeded(call(t, owner, 'DELETE', '/v1/calendar/feed'), 'revoking the calendar feed');
      },
    },
  },
  medical: {
    params: ['med_id'],
    // One record of each category (in MEDICAL_TYPES' order); the vaccination and deworming have reminder jobs.
    async seed(world) {
      const [petId] = await world.ids('pet');
      const ids: string[] = [];
      for (const type of MEDICAL_TYPES) {
        const made = await succeeded(
          call(world.t, world.owner, 'POST', `/v1/medical/${type}?pet_id=${petId}`, medicalBody(type)),
          `the owner’s ${type}`,
        );
        ids.push(made.json<{ id: string }>().id);
      }
      return ids;
    },
    // The pet's list shows every record (reminders included), the due soon list those with a due date: read
    // once, with the first record.
    async read(world, id) {
      const [petId] = await world.ids('pet');
      if (id !== (await world.ids('medical'))[0]) return [];
      return readEach(world, [
        `/v1/medical/mypetmedicals?pet_id=${petId}`,
        '/v1/medical/duesoon?time_zone=UTC',
      ]);
    },
  },
  ...medicalKindsPerCategory(),
  medication: {
    // DELETE /v1/dose/check?medication_id=&date=&slot= (issue 49): a medication taken in every slot, each of
    // today's doses checked off by the owner (so the owner's own undo, within its 10 minutes, succeeds).
    params: ['medication_id'],
    async seed(world) {
      const [petId] = await world.ids('pet');
      const made = await succeeded(
        call(
          world.t,
          world.owner,
          'POST',
          `/v1/medical/medication?pet_id=${petId}`,
          medicalBody('medication', {
            name: 'Daily',
            taking_schedule: [0, 1, 2],
            taking_from: displayDate(-30),
          }),
        ),
        'the owner’s daily medication',
      );
      const id = made.json<{ id: string }>().id;
      for (const slot of DOSE_SLOTS) {
        await succeeded(
          call(world.t, world.owner, 'POST', apiPaths.doseCheck, {
            medication_id: id,
            date: displayDate(0),
            slot,
          }),
          `the owner’s ${slot} dose`,
        );
      }
      return [id];
    },
    async read(world) {
      const [petId] = await world.ids('pet');
      return readEach(world, [
        `${apiPaths.doses}?pet_id=${petId}&date=${displayDate(0)}`,
        `${apiPaths.dosesToday}?time_zone=UTC`,
      ]);
    },
  },
  document: {
    params: ['doc_id'],
    async seed(world) {
      const [petId] = await world.ids('pet');
      // Shown to sitters: the role matrix (test/role-matrix.test.ts) expects a sitter to read it and its file.
      const made = await addDocument(world.t, world.owner, petId!, {
        files: [file('befund.pdf', PDF)],
        body: { visible_to_sitters: true },
      });
      return [made.id];
    },
    // The pet's list (descriptions, files, the count); the files' bytes are read as the `file` kind's.
    async read(world) {
      const [petId] = await world.ids('pet');
      return readEach(world, [`/v1/document/mydocs?pet_id=${petId}`]);
    },
  },
  emergencyTag: {
    // The tag needs an emergency password: the owner's pet, once the owner has made a personal one.
    params: ['GET /v1/emergency/tag pet_id'],
    async seed(world) {
      const [petId] = await world.ids('pet');
      await succeeded(
        call(world.t, world.owner, 'POST', '/v1/emergency/password'),
        'the owner’s emergency password',
      );
      return [petId!];
    },
    // The password (a stranger's call must not replace it) and the page's download list.
    read: (world) => readEach(world, ['/v1/emergency/info']),
  },
  emergencyPassword: {
    params: ['activation_code'],
    notOwned:
      'an emergency password (GET /v1/emergency/public): opens the owner’s file to anyone without a session, ' +
      'logged and mailed to the owner (modules/emergency/emergency-public.test.ts)',
  },
  legalDocument: {
    params: ['legal.document'],
    notOwned:
      'the name of one of the brand’s public legal texts (GET /v1/legal/{document}): the same for everyone ' +
      '(modules/legal/legal.test.ts)',
  },
  shareLink: {
    params: ['share-link.id'],
    async seed(world) {
      const [petId] = await world.ids('pet');
      return [(await addShareLink(world.t, world.owner, petId!)).id];
    },
    // The pet's list. A link's last use is set by whoever opens it (the `sharedPet` kind's reads, a stranger
    // holding the secret): not the owner's data that a request with an id could change.
    async read(world) {
      const [petId] = await world.ids('pet');
      const readings = await readEach(world, [`/v1/share-link/mylinks?pet_id=${petId}`]);
      return readings.map((reading) => ({
        ...reading,
        body: Array.isArray(reading.body)
          ? reading.body.map((link: Record<string, unknown>) => ({ ...link, last_used_at: null }))
          : reading.body,
      }));
    },
  },
  sharedPet: {
    // GET /v1/shared/{secret}[/files/{file_id}]: the secret is the credential of a vet's or a sitter's link.
    params: ['shared.secret'],
    async seed(world) {
      const [petId] = await world.ids('pet');
      return [(await addShareLink(world.t, world.owner, petId!, { include_documents: true })).secret];
    },
    read: async (world, secret): Promise<Reading[]> => [await readAs(world.t, null, `/v1/shared/${secret}`)],
    capability: {
      async revoke({ t, owner, ids }) {
        const [petId] = await ids('pet');
        const links = await succeeded(
          call(t, owner, 'GET', `/v1/share-link/mylinks?pet_id=${petId}`),
          'the links',
        );
        for (const { id } of links.json<Array<{ id: string }>>()) {
          await succeeded(call(t, owner, 'DELETE', `/v1/share-link?id=${id}`), 'revoking a share link');
        }
      },
    },
  },
  sharedFile: {
    // The files a link shows: the pet's picture and its documents' files (the `file` kind's, less the
    // owner's own picture, which is no pet's).
    params: ['shared.file_id'],
    async seed(world) {
      const [petPicture, , ...documentFiles] = await world.ids('file');
      return [petPicture!, ...documentFiles];
    },
    read: async () => [],
  },
  order: {
    // A pending order placed through the API (the sandbox provider): what DELETE /v1/order/delete takes.
    params: ['order.id'],
    async seed(world) {
      const placed = await succeeded(
        call(world.t, world.owner, 'POST', apiPaths.changeRequest, await orderBody(world.t, 'premium')),
        'the owner’s order',
      );
      return [placed.json<{ order_id: string }>().order_id];
    },
    read: (world) => readEach(world, [apiPaths.myOrders]),
  },
  paidOrder: {
    // A paid order with its invoice, written as the payment event handler leaves it (an order is paid by the
    // provider's event, not by a request): support/invoices.ts.
    params: [`GET ${apiPaths.orderPdf} order.id`],
    async seed(world) {
      return [(await insertOrder(world.t, world.owner)).id];
    },
    read: (world, id) => readEach(world, [`${apiPaths.orderPdf}?id=${id}`]),
  },
  householdMember: {
    // DELETE /v1/household?member_id=: a third person who joined the owner's pet.
    params: ['member_id'],
    async seed(world) {
      const [petId] = await world.ids('pet');
      const member = await world.t.user({ name: 'Mia Member' });
      return [await joinHousehold(world.t, world.owner, petId!, member, 'co-owner')];
    },
    async read(world) {
      const [petId] = await world.ids('pet');
      return readEach(world, [`${apiPaths.household}?pet_id=${petId}`]);
    },
  },
  householdInvitation: {
    // DELETE /v1/household/invitation?invitation_id=: an open invitation of the owner's pet.
    params: ['invitation_id'],
    async seed(world) {
      const [petId] = await world.ids('pet');
      return [(await inviteToHousehold(world.t, world.owner, petId!, uniqueEmail(), 'sitter')).invitationId];
    },
    async read(world) {
      const [petId] = await world.ids('pet');
      return readEach(world, [`${apiPaths.household}?pet_id=${petId}`]);
    },
  },
  sandboxPaymentIntent: {
    params: ['sandbox.id'],
    notOwned:
      'a sandbox payment intent (POST /v1/sandbox/payment_intents/{id}/confirm|challenge): the client secret in ' +
      'the body authorises, as at Stripe, not a session; a wrong secret answers 404 like an unknown id ' +
      '(modules/billing/payment-events/sandbox-payments.test.ts). A setup checkout session (GET|POST ' +
      '/v1/sandbox/checkout/{id}): its unguessable id is the page’s capability, as Stripe Checkout’s address is ' +
      '(modules/billing/payment-method/payment-method.test.ts)',
  },
  partner: {
    params: ['partner_id'],
    notOwned: 'a brand partner of the public plan catalogue (GET /v1/subscription/product/list)',
  },
};

/** The files of the owner's document (GET /v1/files/{id} serves them like pictures, to the owner only). */
async function documentFileIds(world: MatrixWorld): Promise<string[]> {
  const [petId] = await world.ids('pet');
  await world.ids('document');
  const list = await succeeded(
    call(world.t, world.owner, 'GET', `/v1/document/mydocs?pet_id=${petId}`),
    'the owner’s documents',
  );
  return list
    .json<{ data: Array<{ doc_url: string[] }> }>()
    .data.flatMap((document) => document.doc_url.map((entry) => fileIdOf(JSON.parse(entry).url)));
}

/**
 * PUT /v1/medical/{type} edits only a record of its category (another one answers 404): each route takes the
 * seeded record of its category, which the `medical` kind has made and reads back.
 */
function medicalKindsPerCategory(): Record<string, IdKind> {
  const kindOf = (type: MedicalType, index: number): IdKind => ({
    params: [`PUT /v1/medical/${type} med_id`],
    seed: async (world) => [(await world.ids('medical'))[index]!],
    read: async () => [],
  });
  return Object.fromEntries(MEDICAL_TYPES.map((type, index) => [`medical.${type}`, kindOf(type, index)]));
}

/**
 * The body each route that takes an id and a body is called with, by the second user and then by the owner
 * (whose request must succeed, so the body is known to be valid). Its values differ from what the seeds
 * wrote, so a write that reached the owner's data shows in the snapshot.
 */
export const REQUEST_BODIES: RequestBodies = {
  'PUT /v1/user/update': () => ({ json: { address_1: 'Changed 9', city: 'Hamburg', phone: '+49 40 999' } }),
  'PUT /v1/pet': () => ({ json: { name: 'Changed', pet_type: 'Cat', color: 'grey' } }),
  'POST /v1/upload/image': () => ({ files: [{ filename: 'new.png', contentType: 'image/png', data: PNG }] }),
  'POST /v1/appointment': () => ({ json: appointmentBody(20, { reason: 'Another visit' }) }),
  'PUT /v1/appointment': () => ({ json: appointmentBody(30, { reason: 'Changed', vet_name: 'Dr. Other' }) }),
  'POST /v1/contact': () => ({ json: contactBody({ name: 'Another Vet', contact_type: 'Groomer' }) }),
  'PUT /v1/contact': () => ({ json: contactBody({ name: 'Changed', phone: '+49 40 999' }) }),
  'POST /v1/upload/document': () => ({ files: [file('neu.pdf', PDF)] }),
  // Entries of the owner's own fresh upload: the only ones a document can be made of.
  'POST /v1/document': async (world) => {
    const [petId] = await world.ids('pet');
    return {
      json: documentBody(await uploadedEntries(world.t, world.owner, petId!), { description: 'Another' }),
    };
  },
  'PUT /v1/document': () => ({ json: { description: 'Changed' } }),
  'POST /v1/household/invite': () => ({ json: { email: uniqueEmail(), role: 'sitter' } }),
  // The co-owner who joined the owner's pet, named its second emergency contact (the household read shows it).
  'PUT /v1/household/emergency-contact': async (world) => ({
    json: { member_id: (await world.ids('householdMember'))[0]! },
  }),
  'POST /v1/share-link': () => ({ json: { days: 3, include_documents: true } }),
  'PUT /v1/reminders/dose-times': () => ({ json: { mornings: '07:15', time_zone: 'Europe/Berlin' } }),
  'PUT /v1/reminders/opt-in': () => ({ json: { opted_in: true, time_zone: 'Europe/Berlin' } }),
  ...Object.fromEntries(
    MEDICAL_TYPES.flatMap((type) => [
      [`POST /v1/medical/${type}`, () => ({ json: medicalBody(type, { name: 'Another', comments: 'new' }) })],
      [
        `PUT /v1/medical/${type}`,
        () => ({ json: medicalBody(type, { name: 'Changed', comments: 'changed' }) }),
      ],
    ]),
  ),
};

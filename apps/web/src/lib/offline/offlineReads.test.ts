import { apiPaths } from '@pet/shared/paths';
import { describe, expect, it } from 'vitest';
import { isOfflineRead, NOT_APP_PAGES } from './offlineReads.ts';

const ORIGIN = 'https://portal.example';
const kept = (path: string, origin = ORIGIN) => isOfflineRead(new URL(path, origin), ORIGIN);

describe('what the service worker keeps for offline reading (issue 48)', () => {
  it('keeps the profile, pets, appointments, medical data, contacts and the emergency file', () => {
    for (const path of [
      apiPaths.myInfo,
      `${apiPaths.pet}`,
      `${apiPaths.pet}?pet_id=p1`,
      apiPaths.myAppointments,
      `${apiPaths.petAppointments}?pet_id=p1`,
      `${apiPaths.petContacts}?pet_id=p1`,
      `${apiPaths.petMedicals}?pet_id=p1`,
      `${apiPaths.emergency}?language=de`,
      apiPaths.emergencyInfo,
    ]) {
      expect(kept(path), path).toBe(true);
    }
  });

  it("never keeps documents, files, share links, a shared pet's public page, exports, orders or feeds", () => {
    for (const path of [
      `${apiPaths.files}/f1`,
      `${apiPaths.petDocuments}?pet_id=p1`,
      `${apiPaths.petDocumentsZip}?pet_id=p1`,
      `${apiPaths.petShareLinks}?pet_id=p1`,
      `${apiPaths.shared}/secret`,
      `${apiPaths.shared}/secret/files/f1`,
      `${apiPaths.emergencyPublic}?activation_code=A&language=de`,
      apiPaths.accountExport,
      `${apiPaths.accountExportDownload}?token=t`,
      apiPaths.myOrders,
      `${apiPaths.orderPdf}?id=o1`,
      apiPaths.calendarFeed,
      `${apiPaths.calendar}/secret.ics`,
      `${apiPaths.householdHistory}?pet_id=p1`,
    ]) {
      expect(kept(path), path).toBe(false);
    }
  });

  it('keeps nothing of another origin, even on a kept path', () => {
    expect(kept(apiPaths.myInfo, 'https://elsewhere.example')).toBe(false);
  });

  it("answers no navigation to the API or the server's own pages with the app", () => {
    const notApp = (path: string) => NOT_APP_PAGES.some((pattern) => pattern.test(path));
    for (const path of [
      '/v1/pet',
      '/api/auth/callback/google',
      '/docs',
      '/docs/json',
      '/metrics',
      '/readyz',
    ]) {
      expect(notApp(path), path).toBe(true);
    }
    for (const path of ['/dashboard', '/pet-details/Luna/p1', '/documents-of-mine', '/signin']) {
      expect(notApp(path), path).toBe(false);
    }
  });
});

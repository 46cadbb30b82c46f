// Spec 2 section 7 (issue 47, point 8): "Failed list fetches and failed saves are only logged" – a medical
// list that fails to load is reported to the server through POST /v1/log (spec 1 section 7: log, platform
// web, error). The appointment lists of spec 1: features/appointments/components/AppointmentList.spec-rows.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BELLO, fakeItem, PET_URL } from '../test/fakeMedical.ts';
import { renderMedical } from '../test/renderMedical.tsx';

const SLOW = { timeout: 4000 };
const ALLERGIES = `${PET_URL}/allergies`;

interface LogReport {
  log: string;
  platform: string;
  error?: { status?: number; code?: string };
}

describe('a failed medical list fetch is logged to the server (spec 2 section 7)', () => {
  it.each([
    ['en', 'The medical data could not be loaded.'],
    ['de', 'Die medizinischen Daten konnten nicht geladen werden.'],
  ] as const)(
    '%s: a server fault (500) is reported once, naming the list and the status',
    async (language, text) => {
      const { server } = renderMedical(ALLERGIES, {
        language,
        handlers: {
          'GET /v1/medical/mypetmedicals': { status: 500, body: { code: 'INTERNAL_ERROR', message: 'x' } },
        },
      });
      expect((await screen.findByRole('alert', {}, SLOW)).textContent).toContain(text);
      await waitFor(() => expect(server.find('POST', '/v1/log')).toHaveLength(1));
      const report = server.find('POST', '/v1/log')[0]?.body as LogReport;
      expect(report.platform).toBe('web');
      expect(report.log).toContain(`query ${JSON.stringify(['medical', 'pet', BELLO.id])} failed`);
      expect(report.error).toMatchObject({ status: 500, code: 'INTERNAL_ERROR' });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(server.find('POST', '/v1/log')).toHaveLength(1);
    },
  );

  it('a list that loads sends no report', async () => {
    const { server } = renderMedical(ALLERGIES, { records: [fakeItem({ name: 'Pollen' })] });
    await screen.findAllByTestId('medical-row', {}, SLOW);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.find('POST', '/v1/log')).toHaveLength(0);
  });
});

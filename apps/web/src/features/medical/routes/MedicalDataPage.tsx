import { MEDICAL_TYPES } from '@pet/shared';
import { MEDICAL_PAGES } from '@pet/shared/paths';
import { Navigate, Route, Routes } from 'react-router';
import { AddMedicalPage } from './AddMedicalPage.tsx';
import { MedicalListPage } from './MedicalListPage.tsx';
import { MedicalOverviewPage } from './MedicalOverviewPage.tsx';

/**
 * /pet-details/:name/:id/medical-data/*: the overview, and each category's list and add page (MEDICAL_PAGES
 * in shared paths). An unknown sub-page goes back to the overview.
 */
export function MedicalDataPage() {
  return (
    <Routes>
      <Route index element={<MedicalOverviewPage />} />
      {MEDICAL_TYPES.map((type) => (
        <Route key={type} path={MEDICAL_PAGES[type].list}>
          <Route index element={<MedicalListPage key={type} type={type} />} />
          <Route path={MEDICAL_PAGES[type].add} element={<AddMedicalPage key={type} type={type} />} />
        </Route>
      ))}
      <Route path="*" element={<Navigate to="." replace />} />
    </Routes>
  );
}

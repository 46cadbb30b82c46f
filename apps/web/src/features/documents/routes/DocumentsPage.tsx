import { DOCUMENT_PAGES, type DocumentHub } from '@pet/shared/paths';
import { Navigate, Route, Routes } from 'react-router';
import { listsOf } from '../components/documentPages.ts';
import { AddDocumentPage } from './AddDocumentPage.tsx';
import { DocumentHubPage } from './DocumentHubPage.tsx';
import { DocumentListPage } from './DocumentListPage.tsx';

/**
 * /pet-details/:name/:id/{document-safe|vet-findings}/*: the hub, and each list's page and add page
 * (DOCUMENT_PAGES in shared paths). An unknown sub-page goes back to the hub.
 */
function DocumentHubRoutes({ hub }: { hub: DocumentHub }) {
  const pages = DOCUMENT_PAGES[hub] as Record<string, { add: string }>;
  return (
    <Routes>
      <Route index element={<DocumentHubPage key={hub} hub={hub} />} />
      {listsOf(hub).map((info) => {
        const list = String(info.list);
        return (
          <Route key={list} path={list}>
            <Route index element={<DocumentListPage key={list} info={info} />} />
            <Route path={pages[list]?.add} element={<AddDocumentPage key={list} info={info} />} />
          </Route>
        );
      })}
      <Route path="*" element={<Navigate to="." replace />} />
    </Routes>
  );
}

export function DocumentSafePage() {
  return <DocumentHubRoutes hub="document-safe" />;
}

export function VetFindingsPage() {
  return <DocumentHubRoutes hub="vet-findings" />;
}

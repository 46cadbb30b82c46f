import { LegalDocumentView } from '../components/LegalDocumentView.tsx';

// The document pages of spec 1 section 2 (issue 15): /pdf the imprint, /conditions the terms,
// /dataprotectionpdf the privacy policy. Public: the plain layout, signed out or in.

export function PdfPage() {
  return <LegalDocumentView document="imprint" />;
}

export function ConditionsPage() {
  return <LegalDocumentView document="terms" />;
}

export function DataProtectionPage() {
  return <LegalDocumentView document="privacy" />;
}

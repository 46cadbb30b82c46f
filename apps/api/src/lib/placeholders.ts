// Texts of the API's own locale tables (mails, PDFs) carry {{name}} placeholders, as the web app's i18next
// texts do. A placeholder without a value stays visible, so a missing value shows up in review.

export function fillPlaceholders(text: string, values: Record<string, string | number> = {}): string {
  return text.replace(/\{\{(\w+)\}\}/g, (placeholder, name: string) =>
    name in values ? String(values[name]) : placeholder,
  );
}

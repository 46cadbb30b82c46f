import type { Language } from '@pet/shared';
import { mailText } from '../i18n.ts';
import { escapeHtml } from './escape.ts';

// The one layout every mail shares: the brand's name as header, paragraphs, one button with its link
// repeated as text (some clients block buttons), signature and footer. Also rendered as plain text.

export interface LayoutInput {
  language: Language;
  brand: string;
  /** Plain-text paragraphs, already in the recipient's language. */
  before: string[];
  button: { label: string; url: string };
  after: string[];
}

export function renderLayout(input: LayoutInput): { html: string; text: string } {
  const { language, brand, button } = input;
  const signature = mailText(language, 'layout.signature', { brand });
  const linkHint = mailText(language, 'layout.linkHint');
  const footer = mailText(language, 'layout.footer', { brand });
  const paragraph = (text: string) =>
    `<p style="margin:0 0 16px;font-size:15px;line-height:22px;color:#1f2933">${escapeHtml(text)}</p>`;
  const url = escapeHtml(button.url);

  const html = `<!doctype html>
<html lang="${language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(brand)}</title></head>
<body style="margin:0;padding:0;background:#f4f6f8;font-family:Arial,Helvetica,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f6f8;padding:24px 0">
<tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;padding:32px">
<tr><td style="font-size:22px;font-weight:bold;color:#0b7285;padding-bottom:24px">${escapeHtml(brand)}</td></tr>
<tr><td>
${input.before.map(paragraph).join('\n')}
<p style="margin:24px 0"><a href="${url}" style="display:inline-block;background:#0b7285;color:#ffffff;text-decoration:none;padding:12px 24px;border-radius:6px;font-size:15px">${escapeHtml(button.label)}</a></p>
${input.after.map(paragraph).join('\n')}
<p style="margin:0 0 8px;font-size:13px;color:#52606d">${escapeHtml(linkHint)}</p>
<p style="margin:0 0 24px;font-size:13px;word-break:break-all"><a href="${url}" style="color:#0b7285">${url}</a></p>
${paragraph(signature)}
</td></tr>
</table>
<p style="font-size:12px;color:#7b8794;max-width:560px">${escapeHtml(footer)}</p>
</td></tr>
</table>
</body>
</html>`;

  const text = [
    brand,
    '',
    ...input.before.flatMap((p) => [p, '']),
    `${button.label}: ${button.url}`,
    '',
    ...input.after.flatMap((p) => [p, '']),
    signature,
    '',
    '--',
    footer,
    '',
  ].join('\n');
  return { html, text };
}

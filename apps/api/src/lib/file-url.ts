// The address a stored file is served at (GET /v1/files/:id, owner only). Absolute on the portal's public
// origin: the web app loads it with its cookie, the spec's mobile clients with their bearer token.

export function fileUrl(publicUrl: string, fileId: string): string {
  return `${publicUrl}/v1/files/${encodeURIComponent(fileId)}`;
}

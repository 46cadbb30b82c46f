import type { EmergencyInfo } from '@pet/shared';
import { afterEach, beforeEach, vi } from 'vitest';
import type { mockFetch } from '../../../test/fetchMock.ts';

/** GET /v1/emergency/info of an owner whose plan has the emergency file, with a personal password. */
export function fakeEmergencyInfo(overrides: Partial<EmergencyInfo> = {}): EmergencyInfo {
  return {
    may_download: true,
    message: null,
    password: 'K7MPQ2XWRT4A',
    password_source: 'personal',
    may_create_password: true,
    downloads: [],
    ...overrides,
  };
}

/** The files the page handed to the browser (saveFile): their names and contents, in order. */
export interface SavedFile {
  name: string;
  blob: Blob;
}

/**
 * Catches the downloads of the test file: jsdom has no object URLs and does not download on a link click,
 * so both are stood in for, and each saved file is recorded.
 */
export function catchSavedFiles(): SavedFile[] {
  const saved: SavedFile[] = [];
  const blobs = new Map<string, Blob>();
  const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
  beforeEach(() => {
    saved.length = 0;
    URL.createObjectURL = (blob: Blob | MediaSource) => {
      const url = `blob:test-${blobs.size}`;
      blobs.set(url, blob as Blob);
      return url;
    };
    URL.revokeObjectURL = () => {};
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      const blob = blobs.get(this.href);
      if (blob) saved.push({ name: this.download, blob });
    });
  });
  afterEach(() => {
    URL.createObjectURL = original.create;
    URL.revokeObjectURL = original.revoke;
    vi.restoreAllMocks();
  });
  return saved;
}

/**
 * Holds the answers of calls whose path starts with `prefix` until release() is called, so a test sees
 * the busy state while a download runs.
 */
export function holdAnswers(server: ReturnType<typeof mockFetch>, prefix: string) {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const answer = server.fetchMock.getMockImplementation();
  if (!answer) throw new Error('mockFetch has no implementation');
  server.fetchMock.mockImplementation(async (input, init) => {
    if (String(input).startsWith(prefix)) await gate;
    return answer(input, init);
  });
  return release;
}

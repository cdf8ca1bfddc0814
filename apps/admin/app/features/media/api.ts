import type { MediaItem, MediaKind, Paged } from '@portal/api-client/admin';
import { ADMIN_API_PREFIX } from '@portal/api-client/admin';
import { http } from '../../lib/api';

/** The media library's calls (/admin/api/media), on the back office's client (cookie, CSRF, errors). */
export const mediaApi = {
  list: (query: { kind?: MediaKind | ''; page?: string | number; pageSize?: string | number }) =>
    http.get<Paged<MediaItem>>('/media', { params: query }).then((r) => r.data),
  upload: (file: File, onProgress?: (percent: number) => void) => {
    const body = new FormData();
    body.append('file', file);
    return http
      .post<MediaItem>('/media', body, {
        // Large videos: no client timeout while bytes are still going up.
        timeout: 0,
        onUploadProgress: (e) => onProgress?.(e.total ? Math.round((e.loaded / e.total) * 100) : 0),
      })
      .then((r) => r.data);
  },
  remove: (id: number) => http.delete(`/media/${id}`),
};

/** Where an editor opens a file: public files at their URL, private PDFs through the admin API. */
export function openUrl(item: MediaItem): string {
  return item.public ? item.url : `${ADMIN_API_PREFIX}/media/${item.id}/file`;
}

/** The smallest variant that is still sharp in a 96 px cell (the 240 px one when there is one). */
export function thumbUrl(item: MediaItem): string {
  return (
    item.variants.find((v) => /-240w\.webp$/.test(v)) ??
    item.variants.find((v) => v.endsWith('.webp')) ??
    item.url
  );
}

/** 1536 → "1.5 KB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

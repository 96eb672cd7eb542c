// Files the API makes (calendar, CSV) are fetched like every other call, with the token
// in the Authorization header and the refresh-on-401 of the base query, then handed to
// the browser as a download. No token ever goes into a URL.
import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import { api } from './api';

/** The name the server gives in Content-Disposition, else the fallback. */
export function fileNameFrom(disposition: string | null | undefined, fallback: string): string {
  const match = /filename="([^"]+)"/.exec(disposition ?? '');
  return match?.[1] ?? fallback;
}

/** Offers `blob` to the browser as a file download named `fileName`. */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the object URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export const downloadApi = api.injectEndpoints({
  endpoints: (build) => ({
    downloadFile: build.mutation<null, { path: string; fallbackName: string }>({
      async queryFn({ path, fallbackName }, _api, _extra, baseQuery) {
        const result = await baseQuery({ url: path, responseHandler: (response) => response.blob() });
        if (result.error) return { error: result.error };
        const disposition = (result.meta as FetchBaseQueryMeta | undefined)?.response?.headers.get(
          'content-disposition',
        );
        saveBlob(result.data as Blob, fileNameFrom(disposition, fallbackName));
        // The blob is not kept in the store: it is not serialisable and is already saved.
        return { data: null };
      },
    }),
  }),
});

export const { useDownloadFileMutation } = downloadApi;

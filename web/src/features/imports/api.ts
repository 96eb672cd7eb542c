// Import bookings (docs/product.md §4 "Import bookings"): read documents into a draft,
// ask where each reservation goes in this trip, and add the chosen ones as cost items.
// Loaded with the import panel only (its own chunk).
import { api } from '../../lib/api';
import type { Answer } from '../../lib/types';

export type ImportDraft = Answer<'/api/imports', 'post', 201>;
export type Reservation = ImportDraft['reservations'][number];
export type PlanEntry = Answer<'/api/imports/{draftId}/plan', 'get'>[number];
export type ApplyOutcome = Answer<'/api/imports/{draftId}/apply', 'post'>;
export interface ApplyChoice {
  index: number;
  instanceId?: string;
  new_window?: { start: string; end: string };
  category?: PlanEntry['category'];
}

export const importsApi = api.injectEndpoints({
  endpoints: (build) => ({
    importDocuments: build.mutation<ImportDraft, { files: File[]; text: string }>({
      query: ({ files, text }) => {
        if (files.length === 0) return { url: '/imports', method: 'POST', body: { text } };
        const form = new FormData();
        for (const file of files) form.append('files', file, file.name);
        if (text.trim()) form.append('files', new Blob([text], { type: 'text/plain' }), 'pasted text');
        return { url: '/imports', method: 'POST', body: form };
      },
    }),
    getImportPlan: build.query<PlanEntry[], { draftId: string; tripId: string }>({
      query: ({ draftId, tripId }) =>
        `/imports/${encodeURIComponent(draftId)}/plan?tripId=${encodeURIComponent(tripId)}`,
      keepUnusedDataFor: 0,
    }),
    applyImport: build.mutation<ApplyOutcome, { draftId: string; tripId: string; items: ApplyChoice[] }>({
      query: ({ draftId, tripId, items }) => ({
        url: `/imports/${encodeURIComponent(draftId)}/apply`,
        method: 'POST',
        body: { tripId, items },
      }),
      // The windows' items, totals and booked status changed on the server.
      invalidatesTags: (_r, _e, { tripId }) => [{ type: 'Trip', id: tripId }, { type: 'Trip', id: 'LIST' }, 'Instance'],
    }),
  }),
});

export const { useImportDocumentsMutation, useGetImportPlanQuery, useApplyImportMutation } = importsApi;

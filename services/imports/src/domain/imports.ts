// The imports use cases: read uploaded documents into a draft (kept 24 h for its owner
// only), answer it, forget a deleted account's drafts, and list them for the account
// export. Parsing itself is behind the DocumentReader port (isolated worker threads).
import { forbidden, isCurrencyCode, newId, notFound, readAmountText } from '@tripcost/shared';
import {
  applyDraft,
  planFor,
  type ApplyChoice,
  type ApplyOutcome,
  type EstimateChoice,
  type PlanEntry,
  type TripsPort,
} from './apply';
import { IMPORT_LIMITS } from './limits';
import type { Reservation } from './reservation';

export type DocumentReading = { reservations: Reservation[] } | { problem: string };
/** Reads one document; never throws: what it cannot read is a problem. */
export type DocumentReader = (file: string, bytes: Uint8Array) => Promise<DocumentReading>;

export interface Problem {
  file: string;
  msg: string;
}

export interface Draft {
  _id: string;
  user_id: string;
  reservations: Reservation[];
  problems: Problem[];
  created_at: string;
  expires_at: string;
}

/** Drafts by id, each expiring on its own (store/redis-drafts.ts). */
export interface DraftStore {
  save(draft: Draft, ttlSeconds: number): Promise<void>;
  find(draftId: string): Promise<Draft | null>;
  listOfUser(userId: string): Promise<Draft[]>;
  removeAllOfUser(userId: string): Promise<number>;
}

export interface UploadedDocument {
  file: string;
  bytes: Uint8Array;
  /** Set when the upload already broke a limit (too large): reported, not read. */
  problem?: string;
}

/**
 * Prices as the worker found them, read exactly by the shared amount reader with the
 * document's decimal mark (docs/adr/0061); one the reader refuses is left out.
 */
export function amountsRead(reservation: Reservation): Reservation {
  const { price, ...rest } = reservation;
  if (!price || !isCurrencyCode(price.currency)) return rest;
  const reading = readAmountText(price.text, { locale: price.locale, currency: price.currency });
  return reading.ok ? { ...rest, amount: reading.amount, currency: price.currency } : rest;
}

export interface Imports {
  /** Each reservation's window, category and duplicate flag in a trip, for the review step. */
  planOf(userId: string, authorization: string, draftId: string, tripId: string): Promise<PlanEntry[]>;
  apply(
    userId: string,
    authorization: string,
    draftId: string,
    tripId: string,
    choices: ApplyChoice[],
    estimate?: EstimateChoice,
  ): Promise<ApplyOutcome>;
  importDocuments(userId: string, documents: UploadedDocument[]): Promise<Draft>;
  draftOf(userId: string, draftId: string): Promise<Draft>;
  draftsOf(userId: string): Promise<Draft[]>;
  forgetUser(userId: string): Promise<number>;
}

export function createImports({
  store,
  read,
  trips,
}: {
  store: DraftStore;
  read: DocumentReader;
  trips: TripsPort;
}): Imports {
  const imports: Imports = {
    async planOf(userId, authorization, draftId, tripId) {
      const draft = await imports.draftOf(userId, draftId);
      return planFor(await trips.windowsOf(authorization, tripId), draft);
    },

    async apply(userId, authorization, draftId, tripId, choices, estimate) {
      const draft = await imports.draftOf(userId, draftId);
      return applyDraft(trips, authorization, draft, tripId, choices, estimate);
    },

    async importDocuments(userId, documents) {
      // Two documents at a time per request (the reader caps workers per process), answers kept in upload order.
      const readings = new Array<DocumentReading>(documents.length);
      let next = 0;
      const worker = async () => {
        while (next < documents.length) {
          const index = next++;
          const document = documents[index];
          readings[index] = document.problem
            ? { problem: document.problem }
            : await read(document.file, document.bytes);
        }
      };
      await Promise.all([worker(), worker()]);
      const reservations: Reservation[] = [];
      const problems: Problem[] = [];
      readings.forEach((reading, index) => {
        const { file } = documents[index];
        if ('problem' in reading) problems.push({ file, msg: reading.problem });
        else if (reading.reservations.length === 0) problems.push({ file, msg: 'No booking was found in it.' });
        else reservations.push(...reading.reservations.map(amountsRead));
      });
      const now = new Date();
      const draft: Draft = {
        _id: newId(),
        user_id: userId,
        reservations,
        problems,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + IMPORT_LIMITS.draftSeconds * 1000).toISOString(),
      };
      await store.save(draft, IMPORT_LIMITS.draftSeconds);
      return draft;
    },

    async draftOf(userId, draftId) {
      const draft = await store.find(draftId);
      if (!draft) throw notFound('This import is not there (drafts are kept for 24 hours).');
      if (draft.user_id !== userId) throw forbidden('This import is not yours.');
      return draft;
    },

    draftsOf: (userId) => store.listOfUser(userId),
    forgetUser: (userId) => store.removeAllOfUser(userId),
  };
  return imports;
}

// The exports' routes: the caller's committed trips as an iCalendar file, one trip's
// windows as a CSV table. Both are downloads, never kept (no-store).
import type { Response } from 'express';
import { defineRoute, type AuthUser, type RouteContext } from '@tripcost/shared';
import { tripParams } from '../../trip';

const tags = ['trips'];

/** The export use cases the routes call (the trips service's). */
export interface ExportUseCases {
  /** The user's committed trips (own and shared) as an iCalendar file. */
  calendar(user: AuthUser): Promise<string>;
  /** One trip's windows as a CSV table, with a download file name. */
  comparison(user: AuthUser, tripId: string): Promise<{ csv: string; fileName: string }>;
}

export function exportRoutes(ctx: RouteContext, trips: ExportUseCases) {
  defineRoute(ctx, {
    method: 'get',
    path: '/api/trips/calendar.ics',
    summary: "The caller's committed trips as an iCalendar file (one all-day event per trip)",
    tags,
    auth: 'required',
    responses: { 200: 'text/calendar' },
    handler: async ({ user, res }) => {
      const calendar = await trips.calendar(user);
      res
        .status(200)
        .set({
          'content-type': 'text/calendar; charset=utf-8',
          'content-disposition': 'attachment; filename="tripcost-trips.ics"',
          'cache-control': 'no-store',
        })
        .send(calendar);
    },
  });

  defineRoute(ctx, {
    method: 'get',
    path: '/api/trips/getaway/:tripId/comparison.csv',
    summary: "A trip's windows as a CSV table (one row per window)",
    tags,
    auth: 'required',
    params: tripParams,
    responses: {
      200: 'text/csv',
      403: 'Not a member, or a viewer of a trip whose costs are hidden',
      404: 'No such trip',
    },
    handler: async ({ params, user, res }) => sendCsv(res, await trips.comparison(user, params.tripId)),
  });
}

/** A CSV download: never kept, named by its file name (the comparison's, the balances'). */
export function sendCsv(res: Response, { csv, fileName }: { csv: string; fileName: string }): void {
  res
    .status(200)
    .set({
      'content-type': 'text/csv; charset=utf-8; header=present',
      'content-disposition': `attachment; filename="${fileName}"`,
      'cache-control': 'no-store',
    })
    .send(csv);
}

/**
 * The back office's reports (issue 27 section 4; the route's query and answer
 * in shared/protocol/staffReports.ts, the figures in
 * operations/backOffice/reports.ts). Registered inside http/staff.ts's
 * plugin: behind its door (STAFF_ROUTE_ACCESS: owners and managers, a
 * manager on their outlets only) and error handler.
 *
 *   GET /staff/reports/sales?baseId=…&from=…&to=…            JSON
 *   GET /staff/reports/sales?baseId=…&from=…&to=…&format=csv  the same figures as CSV
 */
import type { FastifyInstance } from 'fastify';
import { STAFF_ROUTES } from '../../shared/protocol/staff';
import { langFromHeader, message } from '../messages';
import { ReportNotFound, reportCsv, salesReport } from '../operations/backOffice/reports';
import type { StaffDeps } from './staff';
import { actorOf } from './staffAuth';
import { checkStaffAnswer, HttpError, parseStaffInput } from './staffRoute';

export async function staffReportRoutes(app: FastifyInstance, { db }: StaffDeps): Promise<void> {
  app.get('/staff/reports/sales', async (req, reply) => {
    const lang = langFromHeader(req.headers['accept-language']);
    const query = parseStaffInput(STAFF_ROUTES['GET /staff/reports/sales'].query, req.query, 'query');
    const actor = actorOf(req);
    // An owner sees every outlet of the enterprise; a manager only theirs.
    const visible = actor.kind === 'account' && actor.role !== 'owner' ? actor.outlets : null;
    let report;
    try {
      report = await salesReport(db, query, visible, lang);
    } catch (err) {
      if (err instanceof ReportNotFound) throw new HttpError(404, message('baseNotFound', lang));
      throw err;
    }
    if (query.format === 'csv') {
      const name = `sales-${report.baseId}-${report.from}-${report.to}.csv`;
      return reply.type('text/csv; charset=utf-8').header('Content-Disposition', `attachment; filename="${name}"`).send(reportCsv(report));
    }
    checkStaffAnswer('GET /staff/reports/sales', report);
    return report;
  });
}

/**
 * The staff token check shared by the kitchen screen's reads and the staff
 * event stream (http/staff.ts keeps its own): `Authorization: Bearer
 * <STAFF_TOKEN>`, compared in constant time (both sides hashed).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

export function staffTokenCheck(token: string): (req: FastifyRequest) => boolean {
  const expected = digest(token);
  return (req) => {
    const match = /^Bearer[ ]+(\S+)[ ]*$/i.exec(req.headers.authorization ?? '');
    return Boolean(match && timingSafeEqual(digest(match[1]!), expected));
  };
}

export function refuseStaff(reply: FastifyReply) {
  return reply
    .code(401)
    .header('WWW-Authenticate', 'Bearer realm="staff"')
    .header('Cache-Control', 'no-store')
    .send({ error: 'a valid staff token is required: Authorization: Bearer <STAFF_TOKEN>' });
}

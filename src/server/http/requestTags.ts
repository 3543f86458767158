/**
 * What a gateway request was, for /metrics and the request log (issue 22,
 * item 15): its operation (the gateway and the menu cache tag it once they
 * have found a catalogue name in the form) and its answer's code (the
 * envelope's errcode). Kept beside the request, never in the envelope.
 */
import type { FastifyRequest } from 'fastify';

export interface RequestTags {
  /** The catalogue's strKeyName; unset when the form named none or an unknown one. */
  operation?: string;
  /** The envelope's errcode. */
  code?: string;
}

const tags = new WeakMap<FastifyRequest, RequestTags>();

function of(req: FastifyRequest): RequestTags {
  let t = tags.get(req);
  if (!t) tags.set(req, (t = {}));
  return t;
}

export function tagOperation(req: FastifyRequest, operation: string): void {
  of(req).operation = operation;
}

export function tagCode(req: FastifyRequest, code: string): void {
  of(req).code = code;
}

export function tagsOf(req: FastifyRequest): RequestTags {
  return tags.get(req) ?? {};
}

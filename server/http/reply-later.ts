// A handler's answer that is sent after the request's transaction has ended: a long-lived one
// (the change stream's Server-Sent Events) or one a worker produces (a backup). The endpoint
// validates, authenticates, checks permission and reads what it needs in the transaction like any
// other; register.ts then hands the reply to `send`. Its errors get the usual error shape.
import type { FastifyReply, FastifyRequest } from 'fastify';

export class ReplyLater {
  constructor(readonly send: (request: FastifyRequest, reply: FastifyReply) => void | Promise<unknown>) {}
}

import type { FastifyRequest } from 'fastify';
import type { RoleName } from '../../contract/roles';
import { forbidden, unauthorized } from '../errors';
import type { AuthContext } from './sessions';

/** The signed-in user of a request; throws 401 when there is none. */
export function currentAuth(request: FastifyRequest): AuthContext {
  const auth = request.auth;
  if (auth?.stage !== 'full') throw unauthorized();
  return auth;
}

export const currentUser = (request: FastifyRequest) => currentAuth(request).user;

/** preHandler: a signed-in user holding at least one of the roles (a role's name, never a literal). */
export const requireRole =
  (...required: RoleName[]) =>
  async (request: FastifyRequest) => {
    const user = currentUser(request);
    if (required.length > 0 && !required.some((role) => user.roles.includes(role))) throw forbidden();
  };

export const requireUser = requireRole();

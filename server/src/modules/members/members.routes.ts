import { authOf } from '../../http/auth-middleware.js';
import { schema as s } from '../../http/json-schema.js';
import type { RestRoute, SchemaComponents } from '../../http/rest-routes.js';
import { toMemberResponse } from './dtos/member.models.js';
import { MEMBER_ROLES } from './member-role.js';
import type { MembersService } from './members.service.js';

const TAG = 'Members';
const base = '/projects/{id}/members';
const one = `${base}/{userId}`;

export const memberSchemas: SchemaComponents = {
  ProjectMember: s.object({
    user_id: s.uuid(),
    email: s.string(),
    name: s.string(),
    role: s.enum(MEMBER_ROLES, 'viewer reads; developer also builds and deploys; maintainer also changes settings, members and deletes.'),
    added_at: s.dateTime(),
  }),
};

const member = { description: 'The member.', schema: s.ref('ProjectMember') };

/** A project's members: any member lists them; its owner and maintainers add, change and remove them. */
export function membersRoutes(service: MembersService): RestRoute[] {
  return [
    {
      method: 'get',
      path: base,
      tag: TAG,
      summary: "A project's members",
      description: 'Its owner is not listed. 404 for a project you neither own nor are a member of.',
      responses: { 200: { description: 'The members, by email.', schema: s.object({ members: s.array(s.ref('ProjectMember')) }) } },
      handler: async (req, res) => {
        res.json({ members: (await service.list(authOf(req).user, req.params.id)).map(toMemberResponse) });
      },
    },
    {
      method: 'post',
      path: base,
      tag: TAG,
      summary: 'Add a member',
      description: 'For the owner and maintainers. The user must have an account.',
      body: s.body({ email: s.string('The email of an existing account.'), role: s.enum(MEMBER_ROLES) }, { required: ['email', 'role'] }),
      responses: { 201: member, 409: { description: 'Already a member.', schema: s.ref('Error') } },
      handler: async (req, res) => {
        const body = req.body as Record<string, unknown>;
        res.status(201).json(toMemberResponse(await service.add(authOf(req).user, req.params.id, { email: body.email, role: body.role })));
      },
    },
    {
      method: 'put',
      path: one,
      tag: TAG,
      summary: "Change a member's role",
      params: { userId: s.uuid() },
      body: s.body({ role: s.enum(MEMBER_ROLES) }, { required: ['role'] }),
      responses: { 200: member },
      handler: async (req, res) => {
        res.json(toMemberResponse(await service.update(authOf(req).user, req.params.id, req.params.userId, (req.body as Record<string, unknown>).role)));
      },
    },
    {
      method: 'delete',
      path: one,
      tag: TAG,
      summary: 'Remove a member',
      params: { userId: s.uuid() },
      responses: { 204: { description: 'Removed.' } },
      handler: async (req, res) => {
        await service.remove(authOf(req).user, req.params.id, req.params.userId);
        res.status(204).end();
      },
    },
  ];
}

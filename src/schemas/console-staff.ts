import * as z from "zod/mini";
import { CAPABILITIES, STAFF_ROLES } from "../domain/staff-roles";

/**
 * The console's Staff section and what every console page knows of its viewer. The worker builds
 * its answers with these types (worker/console/staff.ts), the browser parses them with these
 * schemas. Imported only by the console's own chunks.
 */

/** Who is looking at a console page: their roles and what those allow (the navigation shows only these sections). */
export const consoleAccessSchema = z.object({
  ssoID: z.string(),
  roles: z.array(z.enum(STAFF_ROLES)),
  capabilities: z.array(z.enum(CAPABILITIES)),
});
export type ConsoleAccess = z.infer<typeof consoleAccessSchema>;

export const staffMemberSchema = z.object({
  ssoID: z.string(),
  email: z.string(),
  displayName: z.string(),
  roles: z.array(z.enum(STAFF_ROLES)),
});
export type StaffMemberView = z.infer<typeof staffMemberSchema>;

/** GET /api/console/staff: every account with a role, by e-mail. */
export const staffListSchema = z.object({ staff: z.array(staffMemberSchema) });
export type StaffList = z.infer<typeof staffListSchema>;
export const staffListAnswerSchema = z.object({ data: z.object({ attributes: staffListSchema }) });
export type StaffListAnswer = z.infer<typeof staffListAnswerSchema>;

/** POST /api/console/staff/grant and …/revoke answer the account's roles before and after. */
export const roleChangeAnswerSchema = z.object({
  data: z.object({
    attributes: z.object({
      ssoID: z.string(),
      email: z.string(),
      role: z.enum(STAFF_ROLES),
      changed: z.boolean(),
      before: z.array(z.enum(STAFF_ROLES)),
      after: z.array(z.enum(STAFF_ROLES)),
    }),
  }),
});
export type RoleChangeAnswer = z.infer<typeof roleChangeAnswerSchema>;

import * as z from "zod/mini";

/**
 * The console's content pages and audit log, staff only: the worker builds its
 * answers with these types (worker/console/content.ts, audit.ts), the console's pages parse them
 * with these schemas. Imported only by the console's own chunks.
 */
export const CONTENT_KINDS = ["adverts", "promos", "sponsors", "menu", "settings"] as const;
export const contentKindSchema = z.enum(CONTENT_KINDS);
export type ContentKind = z.infer<typeof contentKindSchema>;

export const contentValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type ContentValue = z.infer<typeof contentValueSchema>;

/** a form control's kind; `date` is the audit filter's (a day, not an instant) */
/** `photo`: an image field filled from the media library with the picker (src/components/console/PhotoField.tsx). */
export const CONTENT_FIELD_INPUTS = ["text", "textarea", "datetime", "date", "checkbox", "number", "select", "photo"] as const;
export type ContentFieldInput = (typeof CONTENT_FIELD_INPUTS)[number];

const optionSchema = z.object({ value: z.string(), label: z.string() });
export type ContentOption = z.infer<typeof optionSchema>;

export const contentFieldSchema = z.object({
  /** the field's name in the write bodies (advertName, rowID, value…) */
  name: z.string(),
  label: z.string(),
  input: z.enum(CONTENT_FIELD_INPUTS),
  options: z.array(optionSchema),
  /** the create body must carry it */
  required: z.boolean(),
  /** an empty control sends null */
  nullable: z.boolean(),
  /** a select whose values are numbers (a footer row's id) */
  numeric: z.boolean(),
  /** settings: the key is given once, on create */
  createOnly: z.boolean(),
  /** what a new entry's form starts with (the value the write fills in when it is left out) */
  initial: contentValueSchema,
});
export type ContentField = z.infer<typeof contentFieldSchema>;

export const contentRowSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** shown on the public site (enabled, published, in the menu); a setting always is */
  active: z.boolean(),
  values: z.record(z.string(), contentValueSchema),
});
export type ContentRow = z.infer<typeof contentRowSchema>;

export const consoleContentSchema = z.object({
  kind: contentKindSchema,
  /** 'advert', 'web setting': the forms' headings */
  singular: z.string(),
  fields: z.array(contentFieldSchema),
  /** the fields the list shows beside the title */
  listFields: z.array(z.string()),
  rows: z.array(contentRowSchema),
});
export type ConsoleContent = z.infer<typeof consoleContentSchema>;
export const consoleContentAnswerSchema = z.object({ data: z.object({ attributes: consoleContentSchema }) });
export type ConsoleContentAnswer = z.infer<typeof consoleContentAnswerSchema>;

/** A refused console write: 400 with one error per field, `{ code, detail, field }` (worker/http/api-error.ts). */
export const consoleWriteErrorSchema = z.object({
  errors: z.array(z.object({ code: z.string(), detail: z.string(), field: z.optional(z.string()) })),
});

/** GET /api/console/audit: the query (every part optional) and the page. */
export const AUDIT_PAGE_SIZE = 50;
export interface AuditQuery {
  actor?: string | undefined;
  /** found in the action or the target */
  q?: string | undefined;
  /** YYYY-MM-DD, UTC days, both ends included */
  from?: string | undefined;
  to?: string | undefined;
  /** entries older than this id (the next page) */
  before?: number | undefined;
}

export const auditEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  actor: z.string(),
  action: z.string(),
  target: z.nullable(z.string()),
  status: z.number(),
  ip: z.string(),
  detail: z.nullable(z.string()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  /** the `before` of the next (older) page; null on the last */
  nextBefore: z.nullable(z.number()),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
export const auditPageAnswerSchema = z.object({ data: z.object({ attributes: auditPageSchema }) });
export type AuditPageAnswer = z.infer<typeof auditPageAnswerSchema>;

import { z } from 'zod';
import { resultOf } from './common';
import { isLocale, locales } from './locales';

/**
 * A spreadsheet into a resource (`server/engine/import`): the file's limits, the form the app
 * sends and the preview, commit and undo it answers. Both sides read these.
 */
export const importLimits = {
  maxBytes: 10 * 1024 * 1024,
  maxRows: 50_000,
  /** Columns holding a value: far more than any resource has fields, far fewer than a sheet's 16,384. */
  maxColumns: 100,
  /** Cells as the file stores them, empty ones too: a workbook's size says nothing of what it inflates to. */
  maxCells: 1_000_000,
  /**
   * Cells one row stores, empty ones too. A spreadsheet program styles a whole row without a cell
   * element each; 16,384 of them in a row is a file made to be costly, refused at its first row.
   */
  maxCellsPerRow: 1_000,
  /** What an XLSX's parts inflate to, as its zip directory declares them. */
  maxInflatedBytes: 200 * 1024 * 1024,
  /**
   * Rows of each outcome the preview lists (`listed`): a page of them is what a person reads, and
   * 4,000 rows with their changes keep the answer under a megabyte; the counts say how many more.
   */
  listedRows: 1_000,
  /** An Undo of more rows than this runs as a job the page follows (10,000 took 71 s in the request). */
  undoInRequestRows: 1_000,
} as const;

/** The multipart field carrying the file, and the text fields beside it. */
export const importFileField = 'file';

const jsonField = <T extends z.ZodType>(schema: T, label: string) =>
  z
    .string()
    .transform((text, context) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        context.addIssue({ code: 'custom', message: `${label} must be JSON` });
        return z.NEVER;
      }
    })
    .pipe(schema)
    .optional();

/**
 * The form's text fields. `mapping`: column header → field name, for headers the server does not
 * match by itself (the app's labels in the user's language, the user's choices in the mapping
 * step; a field name of '' ignores the column). `choices`: field name → a choice's label in
 * another language (the app's Spanish catalogue) → its value, read as the English label is.
 * `locale`: how dates and numbers are written
 * (`es`: 31/01/2026 and 1.234,50). `versions`: the preview's versions of the rows it matched,
 * so the commit refuses a row changed since. `skipRows`: the rows the preview found failing,
 * which the commit leaves out (for the file of failing rows); any other failing row still
 * stops the whole commit.
 */
export const importFormSchema = z.object({
  mapping: jsonField(z.record(z.string().max(200), z.string().max(100)), 'Mapping'),
  choices: jsonField(
    z.record(z.string().max(100), z.record(z.string().max(200), z.string().max(100))),
    'Choices',
  ),
  locale: z
    .string()
    .refine(isLocale, `The language must be one of ${locales.join(', ')}`)
    .optional(),
  versions: jsonField(z.record(z.string().max(12), z.number().int().positive()), 'Versions'),
  skipRows: jsonField(z.array(z.number().int().positive()).max(importLimits.maxRows), 'Skip rows'),
  /** Whether the commit invites the people of the rows it creates (accounts): `none` sends nothing. */
  /**
   * Whether the commit invites the people of the rows it creates (accounts): `none` sends nothing,
   * `later` sends nothing until the import's "Send invitations" (`importInvite`).
   */
  invitations: z
    .enum(['send', 'later', 'none'], { error: 'Invitations must be send, later or none' })
    .optional(),
});
export type ImportForm = z.output<typeof importFormSchema>;

/** One failing cell: the file's row number (the header is row 1), its column, the form's message. */
const importFailureSchema = z.object({
  row: z.number().int(),
  column: z.string(),
  field: z.string(),
  message: z.string(),
});
export type ImportFailure = z.infer<typeof importFailureSchema>;

export const importOutcomes = ['create', 'update', 'unchanged', 'failing'] as const;
export type ImportOutcome = (typeof importOutcomes)[number];

/**
 * One row of the file as the preview found it: what names it (its title, else its key), and for
 * an update each field it changes. Values are as stored, a reference's as the label it shows.
 */
const importListedRowSchema = z.object({
  row: z.number().int(),
  outcome: z.enum(importOutcomes),
  title: z.string(),
  changes: z.array(z.object({ field: z.string(), before: z.unknown(), after: z.unknown() })),
});
export type ImportListedRow = z.infer<typeof importListedRowSchema>;

const importPreviewSchema = z.object({
  /** The file's header row, as written. */
  header: z.array(z.string()),
  /** Each header's field ('' when no field takes it). */
  columns: z.array(z.object({ header: z.string(), field: z.string() })),
  /** Headers no field takes: listed, not fatal. */
  unknownColumns: z.array(z.string()),
  /** Required fields with no column: the mapping step; no row is checked until they have one. */
  missingFields: z.array(z.string()),
  /** ';' or ',': what a file of the failing rows is written with. */
  delimiter: z.string(),
  format: z.enum(['csv', 'xlsx']),
  rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  failures: z.array(importFailureSchema),
  /** The cells of each failing row as read, for the file of failing rows. */
  failingRows: z.array(z.object({ row: z.number().int(), cells: z.array(z.string()) })),
  /** The versions of the rows an update would write, for the commit (see `importFormSchema`). */
  versions: z.record(z.string(), z.number().int()),
  /** The invitations the commit would send (one per account created), unless told `none`. */
  invitations: z.number().int(),
  /** The rows in file order, at most `importLimits.listedRows` of each outcome. */
  listed: z.array(importListedRowSchema),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;
export const importPreviewResponseSchema = resultOf(importPreviewSchema);

export const importCommitResponseSchema = resultOf(
  z.object({
    importId: z.string(),
    created: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int(),
    /** Invitations queued for the people of the created rows (none when told `later` or `none`). */
    invitations: z.number().int(),
  }),
);

/**
 * Why Undo left a row as it is: someone `changed` it since the import, or it has been `used`
 * (signed in with, confirmed, referred to by another record).
 */
const importKeptReasons = ['changed', 'used'] as const;
export type ImportKeptReason = (typeof importKeptReasons)[number];

const importUndoneSchema = z.object({
  removed: z.number().int(),
  restored: z.number().int(),
  /** The import's invitations that had gone, and those Undo stopped. */
  invitations: z.object({ sent: z.number().int(), cancelled: z.number().int() }),
  kept: z.array(z.object({ id: z.number().int(), title: z.string(), reason: z.enum(importKeptReasons) })),
});
export type ImportUndone = z.infer<typeof importUndoneSchema>;

/**
 * An Undo run as a job (more than `importLimits.undoInRequestRows` rows): how far it is, in the
 * import's rows, and once `done` what it did.
 */
const importUndoStatusSchema = z.object({
  state: z.enum(['running', 'done', 'failed']),
  done: z.number().int(),
  total: z.number().int(),
  result: importUndoneSchema.optional(),
  error: z.string().optional(),
});
export type ImportUndoStatus = z.infer<typeof importUndoStatusSchema>;
export const importUndoStatusResponseSchema = resultOf(importUndoStatusSchema);

/** What Undo did, or for a large import the job doing it (follow it with `importUndoStatus`). */
export const importUndoResponseSchema = resultOf(z.union([importUndoneSchema, importUndoStatusSchema]));

/** The invitations "Send invitations" queued for an import's created accounts still there. */
export const importInviteResponseSchema = resultOf(z.object({ invitations: z.number().int() }));

export const importIdParamsSchema = z.object({ importId: z.uuid('Import id is not valid') });

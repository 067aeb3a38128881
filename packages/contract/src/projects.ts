import { z } from 'zod';

/** Working areas §9: 'Project name max 20 characters'. The dialog cuts; the server refuses. */
export const PROJECT_NAME_MAX = 20;
export const PROJECT_DESCRIPTION_MAX = 500;
/** Images named in one create or update, and images listed per project. */
export const PROJECT_IMAGES_MAX = 200;
/** Projects in one GET /api/projects answer, newest updated first. */
export const PROJECTS_LISTED_MAX = 200;

/** The catalogue's 'Name Required' text (working areas §5). */
export const NAME_REQUIRED = 'Enter project name.';
export const PROJECT_NAME_TOO_LONG = `Project names can be at most ${PROJECT_NAME_MAX} characters.`;
export const PROJECT_NOT_FOUND = 'Project not found';
/** The catalogue's text for a shared project link that is unknown or no longer public. */
export const SHARED_PROJECT_NOT_FOUND = 'This shared project link may be invalid or expired.';

/** Trimmed, 1 to 20 characters, one line. */
export const ProjectName = z
  .string({
    error: (issue) => (issue.input === undefined ? NAME_REQUIRED : 'Project name must be text'),
  })
  .trim()
  .min(1, NAME_REQUIRED)
  // Characters are code points, as the browser counts them and PostgreSQL's char_length does:
  // '🎨' is one character, though two UTF-16 units (which .max would count).
  .max(PROJECT_NAME_MAX * 2, PROJECT_NAME_TOO_LONG)
  .refine((name) => [...name].length <= PROJECT_NAME_MAX, PROJECT_NAME_TOO_LONG)
  .regex(/^[^\p{Cc}]*$/u, 'Project names cannot contain line breaks or control characters');

const ProjectDescription = z
  .string({ error: 'Description must be text' })
  .trim()
  .max(
    PROJECT_DESCRIPTION_MAX,
    `Descriptions can be at most ${PROJECT_DESCRIPTION_MAX} characters.`,
  );

const ImageAddress = z
  .string({ error: 'Image addresses must be text' })
  .min(1, 'Image address is empty')
  .max(2048, 'Image address is too long');

/** The fields a project is saved with; every one of them optional on update. */
const projectFields = {
  description: ProjectDescription.nullish(),
  /** Stored images of the acting account; the project's images become exactly these. */
  imageUrls: z
    .array(ImageAddress, { error: 'imageUrls must be a list of image addresses' })
    .max(PROJECT_IMAGES_MAX, `A project can be saved with at most ${PROJECT_IMAGES_MAX} images.`)
    .optional(),
  /** prompts[i] belongs to imageUrls[i]; it is recorded on generated images only. */
  prompts: z
    .array(z.string({ error: 'Prompts must be text' }).max(4000, 'Prompt is too long').nullable())
    .max(PROJECT_IMAGES_MAX, `A project can be saved with at most ${PROJECT_IMAGES_MAX} prompts.`)
    .optional(),
  /** The image the project started from; null clears it. */
  originalImageUrl: ImageAddress.nullish(),
};

const promptsNeedImages = (body: { imageUrls?: string[]; prompts?: (string | null)[] }) =>
  !body.prompts || (body.imageUrls !== undefined && body.prompts.length <= body.imageUrls.length);
const promptsRule = {
  message: 'Send prompts together with imageUrls, at most one prompt per image',
  path: ['prompts'],
};

/** POST /api/projects. */
export const CreateProjectRequest = z
  .object({ name: ProjectName, ...projectFields })
  .refine(promptsNeedImages, promptsRule);
export type CreateProjectRequest = z.infer<typeof CreateProjectRequest>;

/** PUT /api/projects/{id}: the same fields, or just the name. */
export const UpdateProjectRequest = z
  .object({ name: ProjectName.optional(), ...projectFields })
  .refine(promptsNeedImages, promptsRule);
export type UpdateProjectRequest = z.infer<typeof UpdateProjectRequest>;

export const ProjectIdParams = z.object({ id: z.uuid({ message: 'Not a valid project id' }) });

/** A project as its account sees it (working areas §3). */
export const Project = z.object({
  id: z.string(),
  name: z.string(),
  /** '' when there is none. */
  description: z.string(),
  /** Oldest first, at most PROJECT_IMAGES_MAX; imageCount tells how many there are in all. */
  imageUrls: z.array(z.string()),
  /** prompts[i] is the prompt of imageUrls[i]; '' for an upload without one. */
  prompts: z.array(z.string()),
  originalImageUrl: z.string().nullable(),
  isPublic: z.boolean(),
  /** Only while public, and only to those who may change the project. */
  shareToken: z.string().nullable(),
  shareUrl: z.string().nullable(),
  imageCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Project = z.infer<typeof Project>;

export const ProjectList = z.array(Project);
export type ProjectList = z.infer<typeof ProjectList>;

/** GET /api/projects/active and PUT /api/projects/{id}/activate. */
export const ActiveProject = z.object({ id: z.string(), name: z.string() });
export type ActiveProject = z.infer<typeof ActiveProject>;
/** null when the account has no project yet. */
export const ActiveProjectResponse = ActiveProject.nullable();
export type ActiveProjectResponse = z.infer<typeof ActiveProjectResponse>;

/** POST /api/projects/{id}/share. */
export const ShareProjectRequest = z.object({
  isPublic: z.boolean({ error: 'isPublic must be true or false' }),
});
export type ShareProjectRequest = z.infer<typeof ShareProjectRequest>;

/** The link to copy; both null once the project is private again. */
export const ShareProjectResponse = z.object({
  shareToken: z.string().nullable(),
  shareUrl: z.string().nullable(),
  isPublic: z.boolean(),
});
export type ShareProjectResponse = z.infer<typeof ShareProjectResponse>;

export const ProjectShareTokenParams = z.object({
  token: z.string().max(200, 'Share link is too long'),
});

/** One image of a public project: its address and prompt, nothing of the account behind it. */
export const SharedProjectImage = z.object({
  id: z.string(),
  imageUrl: z.string(),
  /** The words typed for it; null for an upload, a crop or a preset. */
  prompt: z.string().nullable(),
  /** What made it, so the page can caption it in the visitor's language. */
  made: z.enum(['upload', 'crop', 'preset', 'prompt']),
  /** The catalogue's preset id when `made` is 'preset'. */
  preset: z.string().nullable(),
  width: z.number().int(),
  height: z.number().int(),
});
export type SharedProjectImage = z.infer<typeof SharedProjectImage>;

/** GET /api/shared-project/{token} (also /api/share/{token}): the public project viewer. */
export const SharedProjectResponse = z.object({
  name: z.string(),
  description: z.string(),
  owner: z.object({ firstName: z.string().nullable(), lastName: z.string().nullable() }).nullable(),
  /** First and last name, or 'Anonymous'. */
  ownerName: z.string(),
  createdAt: z.string(),
  viewCount: z.number().int(),
  imageCount: z.number().int(),
  /** Oldest first, at most PROJECT_IMAGES_MAX. */
  images: z.array(SharedProjectImage),
});
export type SharedProjectResponse = z.infer<typeof SharedProjectResponse>;

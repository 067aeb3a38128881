/**
 * The keys of server data several screens show. They live here, not in a feature, because a
 * change on the server reaches every screen by one path (lib/server-changes.ts).
 */

/** The account's images (the editor's history, the gallery). */
export const EDITED_IMAGES_KEY = ['/api/edited-images'];
/** The gallery's pages (filters and cursors below it). */
export const GALLERY_PAGE_KEY = ['/api/gallery/page'];
/** The plain list: the landing's published sample, or the newest 100 when signed in. */
export const GALLERY_LIST_KEY = ['/api/gallery'];
export const USER_STATS_KEY = ['/api/user/stats'];
/** What the configured engine does (the editor's tools, the landing's promises). */
export const CAPABILITIES_KEY = ['/api/capabilities'];
export const PROJECTS_KEY = ['/api/projects'];
export const ACTIVE_PROJECT_KEY = ['/api/projects/active'];
/** Room designs ('Design History'). */
export const ROOMS_KEY = ['/api/gallery/uploads'];
/** A visitor's free edits left today (the guest banner; a batch takes some). */
export const GUEST_ALLOWANCE_KEY = ['/api/guest/allowance'];

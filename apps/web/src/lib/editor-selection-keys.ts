// The editor's stored selection, in local storage: the editor reads and writes it, and switching
// projects clears it (without loading the editor's code).

/** The selected image's address (the spec's key); '' after "New image" means a blank canvas. */
export const SELECTED_KEY = 'editImageUrl';
/** Where the branch on screen ends, so stepping back keeps later steps after a reload. */
export const TIP_KEY = 'editBranchTip';

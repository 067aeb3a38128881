import { createQueryClient } from './queryClient';
import { handleUnauthorized } from './unauthorized';

/** The app's one query client: a 401 anywhere but the current-user read signs the person out. */
export const queryClient = createQueryClient(handleUnauthorized);

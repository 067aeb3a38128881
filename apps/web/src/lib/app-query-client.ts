import { CURRENT_USER_KEY } from '@/hooks/use-current-user';
import { createQueryClient } from './queryClient';
import { handleUnauthorized } from './unauthorized';

/** The app's one query client: a 401 while signed in signs the person out. */
export const queryClient = createQueryClient((error) =>
  handleUnauthorized(error, Boolean(queryClient.getQueryData(CURRENT_USER_KEY))),
);

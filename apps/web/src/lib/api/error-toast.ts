import { toast } from '@/hooks/use-toast';
import { serverMessage } from './api-error';

/** The error toast of the catalogue: a title, and the server's message or a fallback. */
export function toastError(title: string, error: unknown, fallback?: string) {
  toast({ title, description: serverMessage(error) ?? fallback, variant: 'destructive' });
}

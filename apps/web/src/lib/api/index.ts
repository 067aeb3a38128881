// The web app's one API client: calls, their errors (ApiError), and the error toast.
export * from './api-error';
export * from './client';
export * from './error-toast';

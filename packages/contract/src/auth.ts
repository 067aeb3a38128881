import { z } from 'zod';

// Messages are the specification's (foundations §5); the web forms reuse these schemas.
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;

export const Email = z
  .string()
  .trim()
  .max(254, 'Please enter a valid email address')
  .pipe(z.email('Please enter a valid email address'));

export const NewPassword = z
  .string()
  .min(PASSWORD_MIN, 'Password must be at least 8 characters')
  .max(PASSWORD_MAX, 'Password must be at most 256 characters');

export const RegisterRequest = z.object({
  email: Email,
  password: NewPassword,
  firstName: z.string().trim().min(1, 'First name is required').max(100),
  // Optional on both sign-up screens (/signup and /register behave the same).
  lastName: z.string().trim().max(100).optional(),
});
export type RegisterRequest = z.infer<typeof RegisterRequest>;

export const RegisterResponse = z.object({
  message: z.string(),
  /** Development only: the link that the verification mail carries. */
  verificationUrl: z.string().optional(),
});
export type RegisterResponse = z.infer<typeof RegisterResponse>;

export const LoginRequest = z.object({
  email: z.string().trim().min(1, 'Please enter a valid email address').max(254),
  password: z.string().min(1, 'Password is required').max(PASSWORD_MAX),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

export const CurrentUser = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  emailVerified: z.boolean(),
  twoFactorEnabled: z.boolean(),
  /** The GPS position stays in what the public sees of this person's images (off by default). */
  keepsPublicLocation: z.boolean(),
  createdAt: z.string(),
  /** Billing flags of the acting account; present on GET /api/auth/user. */
  subscribed: z.boolean().optional(),
  plan: z.enum(['basic', 'premium']).nullable().optional(),
  premiumRooms: z.boolean().optional(),
  /** Present while acting on an account shared with this person (after switch-account). */
  viewing: z
    .object({
      ownerId: z.string(),
      ownerEmail: z.string(),
      ownerFirstName: z.string().nullable(),
      ownerLastName: z.string().nullable(),
      permissions: z.enum(['read', 'write']),
    })
    .optional(),
});
export type CurrentUser = z.infer<typeof CurrentUser>;

export const ForgotPasswordRequest = z.object({ email: Email });
export type ForgotPasswordRequest = z.infer<typeof ForgotPasswordRequest>;

export const ForgotPasswordResponse = z.object({
  message: z.string(),
  /** Development only. */
  resetUrl: z.string().optional(),
});
export type ForgotPasswordResponse = z.infer<typeof ForgotPasswordResponse>;

export const ResetPasswordRequest = z.object({
  token: z.string().min(1, 'This password reset link is invalid or has expired').max(200),
  newPassword: NewPassword,
});
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequest>;

export const VerifyEmailQuery = z.object({ token: z.string().min(1).max(200) });

/** The registration screen's form (foundations §5): last name required, passwords must match. */
export const RegistrationForm = RegisterRequest.extend({
  confirmPassword: z.string(),
}).refine((form) => form.password === form.confirmPassword, {
  message: "Passwords don't match",
  path: ['confirmPassword'],
});

/** The reset screen's form: the confirmation must equal the new password. */
export const ResetPasswordForm = z
  .object({ newPassword: NewPassword, confirmPassword: z.string() })
  .refine((form) => form.newPassword === form.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });

export const TwoFactorCode = z
  .string()
  .trim()
  .min(6, 'Please enter a 6-digit code')
  .max(6, 'Code must be 6 digits');

export const TwoFactorRequired = z.object({ twoFactorRequired: z.literal(true) });
export const LoginResponse = z.union([CurrentUser, TwoFactorRequired]);
export type LoginResponse = z.infer<typeof LoginResponse>;

/** The second step of a sign-in: a 6-digit code, or one of the backup codes. */
export const LoginTwoFactorRequest = z.object({
  token: z
    .string()
    .trim()
    .min(6, 'Please enter a 6-digit code')
    .max(20, 'Invalid verification code'),
});

export const SetupTwoFactorResponse = z.object({
  qrCodeUrl: z.string(),
  secret: z.string(),
  backupCodes: z.array(z.string()),
});
export type SetupTwoFactorResponse = z.infer<typeof SetupTwoFactorResponse>;

export const EnableTwoFactorRequest = z.object({ token: TwoFactorCode });
export const DisableTwoFactorRequest = z.object({
  password: z.string().min(1).max(PASSWORD_MAX),
  token: z.string().trim().min(6).max(20),
});

export const ChangePasswordRequest = z.object({
  currentPassword: z.string().min(1, 'Enter your current password').max(PASSWORD_MAX),
  newPassword: NewPassword,
});
export const ChangeEmailRequest = z.object({
  newEmail: Email,
  password: z.string().min(1, 'Enter your current password').max(PASSWORD_MAX),
});
/** PUT /api/auth/privacy: whether public copies of one's images keep their GPS position. */
export const PrivacySettings = z.object({ keepsPublicLocation: z.boolean() });
export type PrivacySettings = z.infer<typeof PrivacySettings>;
export const DeleteAccountRequest = z.object({
  password: z.string().min(1, 'Enter your current password').max(PASSWORD_MAX),
});

/** GET /api/auth/providers: the outside sign-in providers this server has configured. */
export const AuthProvidersResponse = z.object({
  google: z.boolean(),
  github: z.boolean(),
  oidc: z.boolean(),
});
export type AuthProvidersResponse = z.infer<typeof AuthProvidersResponse>;

import { z } from "zod";
import { EMAIL_MESSAGE, emailSchema } from "~/modules/auth/auth.schema";

/** The checkout's details step (spec section 5, purchase form). Client-safe. */
export const purchaseDetailsSchema = z
  .object({
    name: z
      .string({ error: "Name must be at least 2 characters" })
      .trim()
      .min(2, "Name must be at least 2 characters")
      .max(100, "Name must be at most 100 characters"),
    email: emailSchema,
    emailConfirmation: z
      .string({ error: EMAIL_MESSAGE })
      .trim()
      .pipe(z.email({ error: EMAIL_MESSAGE })),
  })
  .refine((value) => value.email.toLowerCase() === value.emailConfirmation.toLowerCase(), {
    message: "Email addresses must match",
    path: ["emailConfirmation"],
  });

export const testPaymentSchema = z.object({
  email: emailSchema,
  name: z.string().trim().max(100).optional(),
  cardNumber: z.string().trim().max(30).optional(),
  /** A discount code (API clients; the page takes the one applied at checkout). */
  code: z
    .string()
    .trim()
    .max(40)
    .transform((code) => code.toUpperCase())
    .optional(),
});

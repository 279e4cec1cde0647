import { z } from "zod";

/** /admin's customer search (?q=): a part of an email address. Client-safe. */
export const customerSearchSchema = z.string().trim().max(254);
